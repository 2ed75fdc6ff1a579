/**
 * npm run cms: the CMS for editing on this machine. `npm run dev`'s site
 * (built, served at http://127.0.0.1:${PORT:-8080}/, rebuilt on every save)
 * with Decap CMS at /admin/, and beside it, on 127.0.0.1, port PORT + 1, the
 * GitHub-API server over the working tree's content folder (CONTENT_DIR,
 * else config.contentDir), which Decap's GitHub backend edits as it edits
 * GitHub: a save writes the record's file and commits nothing.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { githubApiServerPort } from "../../core/cms/github-api-server-address.ts";
import { loadSiteConfig } from "../../pipeline/load/load-config.ts";
import { shownPath } from "../../pipeline/load/read-sources.ts";
import { serveWorkingTree } from "../cms/github-api/serve-working-tree.ts";
import { npmScriptCommand } from "./npm-scripts.ts";
import { CommandError, onStop, runCommand } from "./run-command.ts";

const USAGE = `usage: npm run cms

Edit the catalogue in a browser: serves the site as \`npm run dev\` does, with
Decap CMS at http://127.0.0.1:PORT/admin/, and GitHub's API over the content
folder at http://127.0.0.1:PORT+1 (this machine only), which the CMS edits as
it edits GitHub. Saving in the CMS writes the record's file; nothing is
committed: review with git, then commit.

  PORT          the site's port (default 8080); the GitHub-API server takes the next one
  CONTENT_DIR   the content folder (default: config.contentDir in package.json)

See docs/editors.md.`;

await runCommand({ usage: USAGE }, async () => {
  const projectDir = process.cwd();
  const port = Number(process.env.PORT || 8080);
  const contentDir = path.resolve(projectDir, loadSiteConfig(projectDir).contentDir);
  const server = await serveWorkingTree({
    contentDir,
    repoContentDir: loadSiteConfig(projectDir, {}).contentDir,
    port: githubApiServerPort(port),
    origins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
  }).catch((error: { code?: string }) => {
    if (error.code === "ENOENT")
      throw new CommandError(`There is no content folder ${contentDir} (env CONTENT_DIR, else config.contentDir in package.json).`);
    if (error.code === "EADDRINUSE")
      throw new CommandError(`Port ${githubApiServerPort(port)} (the GitHub-API server: PORT + 1) is in use: choose another PORT.`);
    throw error;
  });
  console.log(`The GitHub-API server writes into ${shownPath(projectDir, contentDir) || "."}/ at ${server.url}.`);
  console.log(`Edit at http://127.0.0.1:${port}/admin/ once the site is served.`);

  const [command, args] = npmScriptCommand(projectDir, "dev");
  const dev = spawn(command, args, { stdio: "inherit", env: { ...process.env, PORT: String(port) } });
  onStop(() => dev.kill("SIGTERM"));
  const [code] = (await once(dev, "exit")) as [number | null];
  await server.close();
  process.exit(code ?? 0);
});
