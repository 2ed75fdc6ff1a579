/**
 * Where `npm run cms`'s GitHub-API server listens, which the admin page
 * works out from its own address: the site's port + 1 on the same host
 * (127.0.0.1), and the repository and branch it answers for, which stand for
 * the working tree (nothing is committed).
 */
export const githubApiServerPort = (sitePort: number) => sitePort + 1;
export const WORKING_TREE_REPO = "local/working-tree";
export const WORKING_TREE_BRANCH = "working-tree";
