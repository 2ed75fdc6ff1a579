/**
 * npm run dev: build, serve the site with live reload (Eleventy's dev
 * server) and keep it up to date. A save in content/ rewrites only what
 * depends on the record (build-scripts/tools/dev/); a change to templates/,
 * build-scripts/ or .eleventy.ts restarts the builder for a full build.
 * PORT (default 8080) sets the port; OUTPUT_DIR (default _site) the folder.
 */
import { fork, type ChildProcess } from "node:child_process";
import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import EleventyDevServer from "@11ty/eleventy-dev-server";
import { watchFolders } from "../dev/watch-folders.ts";
import { outputDir } from "../../core/catalogue/site-config.ts";
import { ADMIN_FOLDER } from "../../core/routes/output-tree.ts";
import { loadSiteConfig } from "../../pipeline/load/load-config.ts";
import { CommandError, onStop, runCommand } from "./run-command.ts";

const USAGE = `
usage: npm run dev
Builds the site, serves it with live reload at http://127.0.0.1:8080/ (env PORT) and rebuilds what a saved
record changes (env OUTPUT_DIR, default _site/; CONTENT_DIR, default content/).
`;

await runCommand({ usage: USAGE }, () => {
  const projectDir = process.cwd();
  const outDir = outputDir(process.env);
  const port = Number(process.env.PORT || 8080);
  const WORKER = path.join(import.meta.dirname, "../dev/dev-worker.ts");
  const { contentDir } = loadSiteConfig(projectDir);
  // The builder watches the content folder: without one it has nothing to watch.
  if (!statSync(path.resolve(projectDir, contentDir), { throwIfNoEntry: false })?.isDirectory()) {
    throw new CommandError(`There is no content folder ${contentDir}/ (env CONTENT_DIR, else config.contentDir in package.json).`);
  }

  /**
   * The CMS's page without the live-reload client: it holds a form, and a reload at every save's rebuild
   * would take the editor's page from under them (or stop at Decap's "leave this page?"). The server adds
   * its client to a text body, not to a Response's bytes.
   */
  const cmsPage = async (): Promise<Response | undefined> => {
    const page = await readFile(path.join(outDir, ADMIN_FOLDER, "index.html")).catch(() => undefined);
    return page && new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  };

  const server = EleventyDevServer.getServer("catalogue", outDir, {
    port,
    liveReload: true,
    domDiff: false,
    onRequest: { [`/${ADMIN_FOLDER}/{index.html}?`]: cmsPage },
    logger: { info: console.log, log: console.log, error: console.error },
  });
  let serving = false;
  let worker: ChildProcess | undefined;

  function startWorker(): void {
    const child = fork(WORKER, [], { execArgv: ["--import", "tsx"], stdio: "inherit" });
    child.on("message", async () => {
      if (!serving) {
        serving = true;
        await server.serve(port);
      }
      server.reload();
    });
    child.on("exit", (code, signal) => {
      if (worker === child && signal === null) console.error(`The builder stopped (exit ${code}); save a file to restart it.`);
      if (worker === child) worker = undefined;
    });
    worker = child;
  }

  function restartWorker(): void {
    // The old builder's exit comes later, when `worker` is the new one already.
    worker?.kill();
    startWorker();
  }

  startWorker();
  const stopWatching = watchFolders(
    ["templates", "build-scripts", ".eleventy.ts"].map((p) => path.join(projectDir, p)),
    (paths) => {
      console.log(`${[...paths].map((p) => path.relative(projectDir, p)).join(", ")} changed: full rebuild.`);
      restartWorker();
    },
    100,
  );

  onStop(async () => {
    stopWatching();
    worker?.kill();
    await server.close();
    process.exit(0);
  });
});
