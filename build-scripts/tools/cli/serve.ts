/**
 * npm run serve: serves the built site (env OUTPUT_DIR, default _site) at
 * http://127.0.0.1:${PORT:-8080} as Netlify would (see build-scripts/runtime/server/).
 * `npm start` builds first. SIGINT / SIGTERM stop it cleanly.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { startServer } from "../../runtime/server/server.ts";
import { outputDir } from "../../core/catalogue/site-config.ts";
import { shownPath } from "../../pipeline/load/read-sources.ts";

const projectDir = process.cwd();
const siteDir = path.resolve(projectDir, outputDir(process.env));
if (!existsSync(path.join(siteDir, "api"))) {
  console.error(`No built site in ${siteDir}: run \`npm run build\` first (or \`npm start\`, which builds and serves).`);
  process.exit(1);
}

const server = await startServer({
  host: "127.0.0.1",
  port: Number(process.env.PORT || 8080),
  projectDir,
  siteDir,
  log: (line) => console.log(line),
});
console.log(`Serving ${shownPath(projectDir, siteDir) || "."}/ at ${server.url}/ (API root: ${server.url}/api/) — Ctrl-C stops.`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.log(`${signal}: stopping.`);
    void server.close().then(() => process.exit(0));
  });
}
