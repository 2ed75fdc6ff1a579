/**
 * `npm run cms`'s GitHub-API server: over the working tree's content folder,
 * as the repository and branch the admin page asks for
 * (core/cms/github-api-server-address.ts), its one user this machine's. The
 * command, its tests and the benchmark all start it here.
 */
import os from "node:os";
import { WORKING_TREE_BRANCH, WORKING_TREE_REPO } from "../../../core/cms/github-api-server-address.ts";
import { startGithubApiServer, type GithubApiServer } from "./server.ts";
import { openWorkingTreeStore, type WorkingTreeOptions } from "./working-tree-store.ts";

export interface WorkingTreeServerOptions extends Omit<WorkingTreeOptions, "branch"> {
  readonly port: number;
  /** The pages allowed to call it (their origins). */
  readonly origins: readonly string[];
}

export async function serveWorkingTree(options: WorkingTreeServerOptions): Promise<GithubApiServer> {
  const { contentDir, repoContentDir, port, origins } = options;
  const login = os.userInfo().username;
  return startGithubApiServer({
    store: await openWorkingTreeStore({ contentDir, repoContentDir, branch: WORKING_TREE_BRANCH }),
    repo: WORKING_TREE_REPO,
    branch: WORKING_TREE_BRANCH,
    port,
    origins,
    user: { login, name: login, email: "" },
  });
}
