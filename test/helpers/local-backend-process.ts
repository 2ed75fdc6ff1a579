/**
 * npm run cms's server alone (GitHub's API over the working tree's content
 * folder), in a process of its own, so a test can start it under a shell's
 * `ulimit -n` or with reads made to fail (failing-reads.js). Env: CONTENT_DIR
 * (the records), PORT (its port), ORIGIN (the one site page origin it
 * answers). Prints "backend at <url>" once it listens.
 */
import { LOCAL_BRANCH, LOCAL_REPO } from "../../build-scripts/core/cms/local-backend-address.ts";
import { startGithubApi } from "../../build-scripts/tools/cms/github-api/server.ts";
import { openWorkingTreeStore } from "../../build-scripts/tools/cms/github-api/working-tree-store.ts";

const backend = await startGithubApi({
  store: await openWorkingTreeStore({ contentDir: process.env.CONTENT_DIR!, repoContentDir: "content", branch: LOCAL_BRANCH }),
  repo: LOCAL_REPO,
  branch: LOCAL_BRANCH,
  port: Number(process.env.PORT),
  origins: [process.env.ORIGIN!],
  user: { login: "editor", name: "An Editor", email: "" },
});
console.log(`backend at ${backend.url}`);
process.once("SIGTERM", () => void backend.close().then(() => process.exit(0)));
