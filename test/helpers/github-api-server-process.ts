/**
 * npm run cms's GitHub-API server alone, in a process of its own, so a test
 * can start it under a shell's `ulimit -n` or with reads made to fail
 * (failing-reads.js). Env: CONTENT_DIR (the records), PORT (its port), ORIGIN
 * (the one site page origin it answers). Prints "server at <url>" once it
 * listens.
 */
import { serveWorkingTree } from "../../build-scripts/tools/cms/github-api/serve-working-tree.ts";

const server = await serveWorkingTree({
  contentDir: process.env.CONTENT_DIR!,
  repoContentDir: "content",
  port: Number(process.env.PORT),
  origins: [process.env.ORIGIN!],
});
console.log(`server at ${server.url}`);
process.once("SIGTERM", () => void server.close().then(() => process.exit(0)));
