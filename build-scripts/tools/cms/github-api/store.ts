/**
 * What the GitHub-API server (server.ts) answers from: a repository's
 * branches, trees, blobs and commits, and the writes a save is made of
 * (a blob, a tree on a base, a commit, a branch moved to it). Two stores
 * implement it: a real git repository (harness/git-store.ts, the production path in
 * tests and the benchmark) and the working tree's content folder
 * (working-tree-store.ts, `npm run cms`: a save writes files, never commits).
 */

/** One entry of a tree, as GitHub lists it (`path` relative to the tree). */
export interface TreeEntry {
  readonly path: string;
  readonly mode: string;
  readonly type: "blob" | "tree";
  readonly sha: string;
  /** Blobs only. */
  readonly size?: number;
}

export interface Person {
  readonly name: string;
  readonly email: string;
  /** ISO 8601. */
  readonly date: string;
}

export interface CommitObject {
  readonly sha: string;
  readonly tree: string;
  readonly parents: readonly string[];
  readonly message: string;
  readonly author: Person;
  readonly committer: Person;
}

/** A file a new tree sets (`sha` of a blob) or removes (`sha` null), by its path from the root. */
export interface TreeChange {
  readonly path: string;
  readonly mode: string;
  readonly sha: string | null;
}

/** How moving a branch ended, in GitHub's terms. */
export type RefUpdate = "moved" | "not-fast-forward" | "no-such-branch" | "branch-exists" | "no-such-commit";

export interface RepositoryStore {
  /** The commit a branch points at; undefined when there is no such branch. */
  branchHead(branch: string): Promise<string | undefined>;
  /** A tree by tree-ish (a tree or commit sha, or `<branch>:<folder>`); undefined when there is none. */
  tree(treeish: string, recursive: boolean): Promise<{ sha: string; entries: TreeEntry[] } | undefined>;
  blob(sha: string): Promise<Buffer | undefined>;
  commit(sha: string): Promise<CommitObject | undefined>;
  /** The newest commits first, from `start` (a branch or commit), of those that changed `path` (every one if empty). */
  history(start: string, path: string, limit: number): Promise<CommitObject[]>;
  writeBlob(content: Buffer): Promise<string>;
  /** A tree: `base` (a tree or commit sha) with the changes applied. */
  writeTree(base: string | undefined, changes: readonly TreeChange[]): Promise<string>;
  writeCommit(message: string, tree: string, parents: readonly string[], author?: Person): Promise<string>;
  /** Points a branch at a commit: refused unless it descends from the branch's commit (or `force`). */
  moveBranch(branch: string, sha: string, force: boolean): Promise<RefUpdate>;
  createBranch(branch: string, sha: string): Promise<RefUpdate>;
  deleteBranch(branch: string): Promise<RefUpdate>;
  close(): Promise<void>;
}

/** A request the store refuses (a path outside what it serves, a malformed name): answered 422 with the message. */
export class StoreRefusal extends Error {}

/** A commit-ish or tree-ish the stores accept: a sha, or a branch name then optionally `:` and a folder (no `..`, no option). */
export function checkedTreeish(treeish: string): string {
  const [ref, ...rest] = treeish.split(":");
  const folder = rest.join(":");
  const validRef = /^[A-Za-z0-9_][A-Za-z0-9_./-]*$/.test(ref) && !ref.includes("..");
  const validFolder = rest.length === 0 || (!folder.split("/").includes("..") && !folder.startsWith("-") && !/[\0\n]/.test(folder));
  if (!validRef || !validFolder) throw new StoreRefusal(`${treeish} is not a tree or commit this repository can name`);
  return treeish;
}

export const isSha = (text: string) => /^[0-9a-f]{40}$/.test(text);
