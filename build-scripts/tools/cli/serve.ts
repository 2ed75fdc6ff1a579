/**
 * npm run serve: serves the built site (env OUTPUT_DIR, default _site) at
 * http://127.0.0.1:${PORT:-8080} as Netlify would (see build-scripts/runtime/server/).
 * `npm start` builds first. It warns when the site was built for another
 * address, and stops at once on SIGINT, SIGTERM or when npm is gone.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { startServer } from "../../runtime/server/server.ts";
import { apiRootData } from "../../core/catalogue/api-root.ts";
import { outputDir } from "../../core/catalogue/site-config.ts";
import { shownPath } from "../../pipeline/load/read-sources.ts";
import { CommandError, onStop, runCommand } from "./run-command.ts";

const USAGE = `
usage: npm run serve
Serves the built site (env OUTPUT_DIR, default _site/) at http://127.0.0.1:8080/ (env PORT) as Netlify would,
search and fields answered by the edge function's code. Stops on Ctrl-C.
`;

await runCommand({ usage: USAGE }, async () => {
  const projectDir = process.cwd();
  const siteDir = path.resolve(projectDir, outputDir(process.env));
  if (!existsSync(path.join(siteDir, "api"))) {
    throw new CommandError(`No built site in ${siteDir}: run \`npm run build\` first (or \`npm start\`, which builds and serves).`);
  }
  const port = Number(process.env.PORT || 8080);
  const server = await startServer({ host: "127.0.0.1", port, projectDir, siteDir, log: (line) => console.log(line) }).catch(
    (error: unknown) => {
      if ((error as { code?: unknown }).code !== "EADDRINUSE") throw error;
      throw new CommandError(`Port ${port} is in use by another program: serve on another one, e.g. \`PORT=${port + 1} npm start\`.`);
    },
  );
  console.log(`Serving ${shownPath(projectDir, siteDir) || "."}/ at ${server.url}/ (API root: ${server.url}/api/) — Ctrl-C stops.`);

  const builtFor = builtBaseUrl(siteDir);
  if (builtFor !== undefined && builtFor !== server.url) {
    console.error(
      `Warning: this site was built for ${builtFor}, not for ${server.url}: every \`url\` of the API, the front page's ` +
        `API address and the links of a search name ${builtFor}. To serve it here, rebuild it for this address with ` +
        `\`BASE_URL=${server.url} npm run build\`, or build and serve in one go with \`PORT=${port} npm start\`.`,
    );
  }

  onStop(() => server.close().then(() => process.exit(0)));
});

/** The address the site was built for, read from the API root's links (`{base_url}/api/<collection>?format=api`). */
function builtBaseUrl(site: string): string | undefined {
  try {
    const root = JSON.parse(readFileSync(path.join(site, "api/index.json"), "utf8")) as Record<string, string>;
    const [name, url] = Object.entries(root)[0];
    // The root's link with no base address: what follows the base in each.
    const suffix = String(apiRootData({ baseUrl: "" })[name]);
    return url.endsWith(suffix) ? url.slice(0, -suffix.length) : undefined;
  } catch {
    return undefined;
  }
}
