/**
 * The CMS's local backend alone, in a process of its own, so a test can start
 * it under a shell's `ulimit -n` or with reads made to fail (failing-reads.js).
 * Env: CONTENT_DIR (the records), PORT (its port), ORIGIN (the one site page
 * origin it answers). Prints "backend at <url>" once it listens.
 */
import { startLocalBackend } from "../../build-scripts/tools/cms/local-backend.ts";

const backend = await startLocalBackend({
  contentDir: process.env.CONTENT_DIR!,
  repoContentDir: "content",
  port: Number(process.env.PORT),
  origins: [process.env.ORIGIN!],
});
console.log(`backend at ${backend.url}`);
process.once("SIGTERM", () => void backend.close().then(() => process.exit(0)));
