/**
 * GitHub's endpoints as the GitHub-API server answers them, those Decap CMS's
 * GitHub backend calls (decap-cms 3.16's API.ts: the user, the repository and
 * its permissions, branches and refs, trees by sha or `<branch>:<folder>`,
 * blobs, contents, commits and a path's history, and the writes of a save: a
 * blob, a tree on a base, a commit, the branch moved). Each path is spelled
 * once, as GitHub's documentation spells it (the server derives its pattern
 * from it); each reply has GitHub's JSON shape, status code and message. The HTTP side (hosts, origins, tokens, ETags, the tally)
 * is server.ts's.
 */
import { type CommitObject, type RefUpdate, type RepositoryStore, type TreeChange, type TreeEntry } from "./store.ts";

/** What the server sends: a status and a JSON body (none for 204). */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** An error as GitHub words it: `{message}`. */
export const githubError = (status: number, message: string) =>
  new Reply(status, { message, documentation_url: "https://docs.github.com/rest" });
export const NOT_FOUND = githubError(404, "Not Found");
/** 200 with what was found in GitHub's shape; GitHub's 404 when nothing was. */
const found = <T>(value: T | undefined, shape: (value: T) => unknown) => (value ? new Reply(200, shape(value)) : NOT_FOUND);

/** GitHub's replies to a ref update that did not move it. */
const REF_ERRORS: Record<Exclude<RefUpdate, "moved">, Reply> = {
  "not-fast-forward": githubError(422, "Update is not a fast forward"),
  "no-such-branch": githubError(422, "Reference does not exist"),
  "branch-exists": githubError(422, "Reference already exists"),
  "no-such-commit": githubError(422, "Object does not exist"),
};

export interface EndpointRequest {
  /** The path's `{…}` parts, in order, percent-decoded. */
  readonly params: string[];
  readonly query: URLSearchParams;
  body(): Promise<Record<string, unknown>>;
}

export type Endpoint = (request: EndpointRequest) => Promise<Reply>;

export interface EndpointOptions {
  readonly store: RepositoryStore;
  /** "owner/name": the one repository served. */
  readonly repo: string;
  /** Its default branch. */
  readonly branch: string;
  readonly user: { readonly login: string; readonly name: string; readonly email: string };
}

/**
 * The endpoints of the one repository served, whose API address is `repoUrl`, by method and path, the path as
 * GitHub's documentation spells it: `{repo}` is the repository served, `{sha}` 40 hex digits, any other `{…}` the
 * rest of the path. Requests are counted under that name.
 */
export function githubEndpoints(options: EndpointOptions, repoUrl: string): Record<string, Endpoint> {
  const { store, repo, user } = options;
  const [owner, name] = repo.split("/");
  const commitJson = (c: CommitObject) => ({
    sha: c.sha,
    url: `${repoUrl}/git/commits/${c.sha}`,
    html_url: `${repoUrl}/commit/${c.sha}`,
    author: c.author,
    committer: c.committer,
    message: c.message,
    tree: { sha: c.tree, url: `${repoUrl}/git/trees/${c.tree}` },
    parents: c.parents.map((sha) => ({ sha, url: `${repoUrl}/git/commits/${sha}` })),
  });
  // The REST "commit" (commits list, branches) wraps the git commit.
  const restCommit = (c: CommitObject) => ({
    sha: c.sha,
    url: `${repoUrl}/commits/${c.sha}`,
    commit: commitJson(c),
    parents: c.parents.map((sha) => ({ sha, url: `${repoUrl}/commits/${sha}` })),
  });
  const refJson = (branch: string, sha: string) => ({
    ref: `refs/heads/${branch}`,
    url: `${repoUrl}/git/refs/heads/${branch}`,
    object: { sha, type: "commit", url: `${repoUrl}/git/commits/${sha}` },
  });
  const treeEntryJson = (e: TreeEntry) => ({ ...e, url: `${repoUrl}/git/${e.type}s/${e.sha}` });
  const refReply = async (outcome: RefUpdate, branch: string, status: number) =>
    outcome === "moved" ? new Reply(status, refJson(branch, (await store.branchHead(branch))!)) : REF_ERRORS[outcome];
  const blobJson = (sha: string, content: Buffer) => ({
    sha,
    node_id: "",
    size: content.length,
    url: `${repoUrl}/git/blobs/${sha}`,
    // As GitHub sends it: base64 in lines of 60 characters.
    content: (content.toString("base64").match(/.{1,60}/g) ?? []).join("\n"),
    encoding: "base64",
  });

  const ref: Endpoint = async ({ params: [branch] }) => found(await store.branchHead(branch), (head) => refJson(branch, head));

  return {
    "GET /user": async () => new Reply(200, { ...user, id: 1, type: "User" }),
    "GET /repos/{repo}": async () =>
      new Reply(200, {
        id: 1,
        name,
        full_name: repo,
        owner: { login: owner, type: "User" },
        private: true,
        default_branch: options.branch,
        permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
      }),
    "GET /repos/{repo}/branches/{branch}": async ({ params: [branch] }) => {
      const head = await store.branchHead(branch);
      const commit = head && (await store.commit(head));
      return commit ? new Reply(200, { name: branch, commit: restCommit(commit), protected: false }) : githubError(404, "Branch not found");
    },
    "GET /repos/{repo}/git/ref/heads/{branch}": ref,
    // The plural, which GitHub answers too: what Decap asks.
    "GET /repos/{repo}/git/refs/heads/{branch}": ref,
    "POST /repos/{repo}/git/refs": async ({ body }) => {
      const { ref, sha } = await body();
      const branch = String(ref).match(/^refs\/heads\/(.+)$/)?.[1];
      if (!branch) return githubError(422, `${String(ref)} is not a valid ref name.`);
      return refReply(await store.createBranch(branch, String(sha)), branch, 201);
    },
    "PATCH /repos/{repo}/git/refs/heads/{branch}": async ({ params: [branch], body }) => {
      const { sha, force } = await body();
      return refReply(await store.moveBranch(branch, String(sha), force === true), branch, 200);
    },
    "DELETE /repos/{repo}/git/refs/heads/{branch}": async ({ params: [branch] }) => {
      const outcome = await store.deleteBranch(branch);
      return outcome === "moved" ? new Reply(204, undefined) : REF_ERRORS[outcome];
    },
    "GET /repos/{repo}/git/trees/{tree}": async ({ params: [treeish], query }) => {
      const tree = await store.tree(treeish, ["1", "true"].includes(query.get("recursive") ?? ""));
      if (!tree) return NOT_FOUND;
      return new Reply(200, {
        sha: tree.sha,
        url: `${repoUrl}/git/trees/${tree.sha}`,
        tree: tree.entries.map(treeEntryJson),
        truncated: false,
      });
    },
    "POST /repos/{repo}/git/trees": async ({ body }) => {
      const { base_tree: base, tree } = (await body()) as {
        base_tree?: string;
        tree?: { path: string; mode?: string; sha?: string | null; content?: string }[];
      };
      const changes: TreeChange[] = [];
      for (const entry of tree ?? []) {
        // A file given by its content: stored as a blob first, as GitHub does.
        const sha = entry.content !== undefined ? await store.writeBlob(Buffer.from(entry.content, "utf8")) : (entry.sha ?? null);
        changes.push({ path: entry.path.replace(/^\/+/, ""), mode: entry.mode ?? "100644", sha });
      }
      const sha = await store.writeTree(base, changes);
      const written = await store.tree(sha, false);
      return new Reply(201, {
        sha,
        url: `${repoUrl}/git/trees/${sha}`,
        tree: (written?.entries ?? []).map(treeEntryJson),
        truncated: false,
      });
    },
    "GET /repos/{repo}/git/blobs/{sha}": async ({ params: [sha] }) => found(await store.blob(sha), (content) => blobJson(sha, content)),
    "POST /repos/{repo}/git/blobs": async ({ body }) => {
      const { content, encoding } = await body();
      if (typeof content !== "string") return githubError(422, 'Invalid request.\n\n"content" wasn\'t supplied.');
      const sha = await store.writeBlob(Buffer.from(content, encoding === "base64" ? "base64" : "utf8"));
      return new Reply(201, { sha, url: `${repoUrl}/git/blobs/${sha}` });
    },
    "GET /repos/{repo}/git/commits/{sha}": async ({ params: [sha] }) => found(await store.commit(sha), commitJson),
    "POST /repos/{repo}/git/commits": async ({ body }) => {
      const { message, tree, parents, author } = (await body()) as {
        message?: string;
        tree?: string;
        parents?: string[];
        author?: { name: string; email: string; date?: string };
      };
      if (typeof message !== "string" || typeof tree !== "string") return githubError(422, "Invalid request.");
      const who = author ? { name: author.name, email: author.email, date: author.date ?? new Date().toISOString() } : undefined;
      const sha = await store.writeCommit(message, tree, parents ?? [], who);
      return new Reply(201, commitJson((await store.commit(sha))!));
    },
    "GET /repos/{repo}/commits": async ({ query }) => {
      const perPage = Math.min(Number(query.get("per_page") ?? 30) || 30, 100);
      const start = query.get("sha") ?? options.branch;
      return new Reply(200, (await store.history(start, query.get("path") ?? "", perPage)).map(restCommit));
    },
    "GET /repos/{repo}/contents/{path}": async ({ params: [file], query }) => {
      const folder = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
      const tree = await store.tree(`${query.get("ref") ?? options.branch}:${folder}`, false);
      const entry = tree?.entries.find((e) => `${folder ? `${folder}/` : ""}${e.path}` === file && e.type === "blob");
      const content = entry && (await store.blob(entry.sha));
      if (!entry || !content) return NOT_FOUND;
      return new Reply(200, { type: "file", name: file.split("/").at(-1), path: file, ...blobJson(entry.sha, content) });
    },
  };
}
