/**
 * A server that answers the part of GitHub's REST API that Decap CMS's GitHub
 * backend calls (decap-cms 3.16's API.ts: the user, the repository and its
 * permissions, branches and refs, trees by sha or `<branch>:<folder>`, blobs,
 * contents, commits and a path's history, and the writes of a save: a blob, a
 * tree on a base, a commit, the branch moved), from a RepositoryStore. The
 * answers have GitHub's shapes, status codes and messages, and its ETags, so
 * the browser's conditional requests behave as against GitHub. It counts the
 * requests and the bytes of each endpoint: what an editor's session costs
 * against GitHub's hourly allowance.
 *
 * It listens on 127.0.0.1 and answers the given origins only (other pages in
 * the browser get 403), and only requests addressed to 127.0.0.1 or localhost
 * by name (a rebound DNS name gets 421).
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { StoreRefusal, type CommitObject, type RefUpdate, type RepositoryStore, type TreeChange, type TreeEntry } from "./store.ts";

export interface GithubApiServerOptions {
  readonly store: RepositoryStore;
  /** "owner/name": the one repository it serves. */
  readonly repo: string;
  /** Its default branch. */
  readonly branch: string;
  readonly port: number;
  /** The pages allowed to call it (their origins). */
  readonly origins: readonly string[];
  /** The token a request must carry (`Authorization: token …`); none: every request is the user's. */
  readonly token?: string;
  readonly user: { readonly login: string; readonly name: string; readonly email: string };
}

/** Requests and response bytes of one endpoint; `notModified` of those answered 304 (GitHub does not count them against its limit). */
export interface EndpointTally {
  requests: number;
  notModified: number;
  bytes: number;
}

export interface GithubApiServer {
  /** The API's root, Decap's `api_root`. */
  readonly url: string;
  /** The requests so far, by endpoint ("GET /repos/{repo}/git/trees/{tree}"); preflights are not counted. */
  tally(): Map<string, EndpointTally>;
  resetTally(): void;
  close(): Promise<void>;
}

const HOST = "127.0.0.1";
const MAX_BODY = 64 * 1024 * 1024;

/** An answer: its status and JSON body; `error` answers carry GitHub's `{message}`. */
class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
const error = (status: number, message: string) => new Answer(status, { message, documentation_url: "https://docs.github.com/rest" });
const NOT_FOUND = error(404, "Not Found");

/** GitHub's answers to a ref update that did not move it. */
const REF_ERRORS: Record<Exclude<RefUpdate, "moved">, Answer> = {
  "not-fast-forward": error(422, "Update is not a fast forward"),
  "no-such-branch": error(422, "Reference does not exist"),
  "branch-exists": error(422, "Reference already exists"),
  "no-such-commit": error(422, "Object does not exist"),
};

type Handler = (request: { params: string[]; query: URLSearchParams; body: () => Promise<Record<string, unknown>> }) => Promise<Answer>;

interface Route {
  readonly method: string;
  /** The endpoint as counted, GitHub's documentation's way. */
  readonly name: string;
  readonly pattern: RegExp;
  readonly handle: Handler;
}

export async function startGithubApiServer(options: GithubApiServerOptions): Promise<GithubApiServer> {
  const { store, repo } = options;
  const api = `http://${HOST}:${options.port}`;
  const repoUrl = `${api}/repos/${repo}`;
  const routes = githubRoutes(options, repoUrl);
  const tally = new Map<string, EndpointTally>();
  const hosts = [`${HOST}:${options.port}`, `localhost:${options.port}`];

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // A page of another site whose DNS name was rebound to this machine names its own host.
    if (!hosts.includes(request.headers.host ?? "")) return void send(response, error(421, `${request.headers.host} is not this server`));
    const origin = request.headers.origin;
    if (origin !== undefined && !options.origins.includes(origin)) return void send(response, error(403, `${origin} may not use this API`));
    if (origin) {
      response.setHeader("Access-Control-Allow-Origin", origin);
      response.setHeader("Access-Control-Expose-Headers", "ETag, Link, X-RateLimit-Limit, X-RateLimit-Remaining");
      response.setHeader("Vary", "Origin");
    }
    if (request.method === "OPTIONS") {
      response.setHeader("Access-Control-Allow-Methods", "GET, POST, PATCH, PUT, DELETE");
      response.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type, If-None-Match, Cache-Control");
      response.setHeader("Access-Control-Max-Age", "86400");
      return void response.writeHead(204).end();
    }
    const url = new URL(request.url ?? "/", api);
    const route = routes.find((r) => r.method === request.method && r.pattern.test(url.pathname));
    const count = tally.get(`${request.method} ${route?.name ?? "(no such endpoint)"}`) ?? { requests: 0, notModified: 0, bytes: 0 };
    tally.set(`${request.method} ${route?.name ?? "(no such endpoint)"}`, count);
    count.requests += 1;
    const authorization = request.headers.authorization?.replace(/^(token|bearer) /i, "");
    let result: Answer;
    if (options.token !== undefined && authorization !== options.token) result = error(401, "Bad credentials");
    else if (!route) result = NOT_FOUND;
    else {
      const params = route.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
      result = await route.handle({ params, query: url.searchParams, body: async () => parseBody(await readBody(request)) });
    }
    const sent = send(response, result, request.headers["if-none-match"]);
    if (sent.status === 304) count.notModified += 1;
    count.bytes += sent.bytes;
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((problem: unknown) => {
      if (problem instanceof StoreRefusal) return send(response, error(422, problem.message));
      console.error(`The GitHub-API server: ${problem instanceof Error ? problem.message : String(problem)}`);
      send(response, error(500, problem instanceof Error ? problem.message : String(problem)));
    });
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(options.port, HOST, done);
  });
  return {
    url: api,
    tally: () => tally,
    resetTally: () => tally.clear(),
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => void store.close().then(done));
      }),
  };
}

/** The endpoints, each a path pattern of the one repository served and what answers it. */
function githubRoutes(options: GithubApiServerOptions, repoUrl: string): Route[] {
  const { store, repo, user } = options;
  const r = (pattern: string) => new RegExp(`^/repos/${repo.replace(/[.]/g, "\\.")}${pattern}$`);
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
  const refAnswer = async (outcome: RefUpdate, branch: string, status: number) =>
    outcome === "moved" ? new Answer(status, refJson(branch, (await store.branchHead(branch))!)) : REF_ERRORS[outcome];
  const blobJson = (sha: string, content: Buffer) => ({
    sha,
    node_id: "",
    size: content.length,
    url: `${repoUrl}/git/blobs/${sha}`,
    // As GitHub sends it: base64 in lines of 60 characters.
    content: (content.toString("base64").match(/.{1,60}/g) ?? []).join("\n"),
    encoding: "base64",
  });

  return [
    { method: "GET", name: "/user", pattern: /^\/user$/, handle: async () => new Answer(200, { ...user, id: 1, type: "User" }) },
    {
      method: "GET",
      name: "/repos/{repo}",
      pattern: r(""),
      handle: async () =>
        new Answer(200, {
          id: 1,
          name,
          full_name: repo,
          owner: { login: owner, type: "User" },
          private: true,
          default_branch: options.branch,
          permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
        }),
    },
    {
      method: "GET",
      name: "/repos/{repo}/branches/{branch}",
      pattern: r("/branches/(.+)"),
      handle: async ({ params: [branch] }) => {
        const head = await store.branchHead(branch);
        const commit = head && (await store.commit(head));
        return commit ? new Answer(200, { name: branch, commit: restCommit(commit), protected: false }) : error(404, "Branch not found");
      },
    },
    {
      method: "GET",
      name: "/repos/{repo}/git/ref/heads/{branch}",
      pattern: r("/git/refs?/heads/(.+)"),
      handle: async ({ params: [branch] }) => {
        const head = await store.branchHead(branch);
        return head ? new Answer(200, refJson(branch, head)) : NOT_FOUND;
      },
    },
    {
      method: "POST",
      name: "/repos/{repo}/git/refs",
      pattern: r("/git/refs"),
      handle: async ({ body }) => {
        const { ref, sha } = await body();
        const branch = String(ref).match(/^refs\/heads\/(.+)$/)?.[1];
        if (!branch) return error(422, `${String(ref)} is not a valid ref name.`);
        return refAnswer(await store.createBranch(branch, String(sha)), branch, 201);
      },
    },
    {
      method: "PATCH",
      name: "/repos/{repo}/git/refs/heads/{branch}",
      pattern: r("/git/refs/heads/(.+)"),
      handle: async ({ params: [branch], body }) => {
        const { sha, force } = await body();
        return refAnswer(await store.moveBranch(branch, String(sha), force === true), branch, 200);
      },
    },
    {
      method: "DELETE",
      name: "/repos/{repo}/git/refs/heads/{branch}",
      pattern: r("/git/refs/heads/(.+)"),
      handle: async ({ params: [branch] }) => {
        const outcome = await store.deleteBranch(branch);
        return outcome === "moved" ? new Answer(204, undefined) : REF_ERRORS[outcome];
      },
    },
    {
      method: "GET",
      name: "/repos/{repo}/git/trees/{tree}",
      pattern: r("/git/trees/(.+)"),
      handle: async ({ params: [treeish], query }) => {
        const tree = await store.tree(treeish, ["1", "true"].includes(query.get("recursive") ?? ""));
        if (!tree) return NOT_FOUND;
        return new Answer(200, {
          sha: tree.sha,
          url: `${repoUrl}/git/trees/${tree.sha}`,
          tree: tree.entries.map(treeEntryJson),
          truncated: false,
        });
      },
    },
    {
      method: "POST",
      name: "/repos/{repo}/git/trees",
      pattern: r("/git/trees"),
      handle: async ({ body }) => {
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
        return new Answer(201, {
          sha,
          url: `${repoUrl}/git/trees/${sha}`,
          tree: (written?.entries ?? []).map(treeEntryJson),
          truncated: false,
        });
      },
    },
    {
      method: "GET",
      name: "/repos/{repo}/git/blobs/{sha}",
      pattern: r("/git/blobs/([0-9a-f]{40})"),
      handle: async ({ params: [sha] }) => {
        const content = await store.blob(sha);
        return content ? new Answer(200, blobJson(sha, content)) : NOT_FOUND;
      },
    },
    {
      method: "POST",
      name: "/repos/{repo}/git/blobs",
      pattern: r("/git/blobs"),
      handle: async ({ body }) => {
        const { content, encoding } = await body();
        if (typeof content !== "string") return error(422, 'Invalid request.\n\n"content" wasn\'t supplied.');
        const sha = await store.writeBlob(Buffer.from(content, encoding === "base64" ? "base64" : "utf8"));
        return new Answer(201, { sha, url: `${repoUrl}/git/blobs/${sha}` });
      },
    },
    {
      method: "GET",
      name: "/repos/{repo}/git/commits/{sha}",
      pattern: r("/git/commits/([0-9a-f]{40})"),
      handle: async ({ params: [sha] }) => {
        const commit = await store.commit(sha);
        return commit ? new Answer(200, commitJson(commit)) : NOT_FOUND;
      },
    },
    {
      method: "POST",
      name: "/repos/{repo}/git/commits",
      pattern: r("/git/commits"),
      handle: async ({ body }) => {
        const { message, tree, parents, author } = (await body()) as {
          message?: string;
          tree?: string;
          parents?: string[];
          author?: { name: string; email: string; date?: string };
        };
        if (typeof message !== "string" || typeof tree !== "string") return error(422, "Invalid request.");
        const who = author ? { name: author.name, email: author.email, date: author.date ?? new Date().toISOString() } : undefined;
        const sha = await store.writeCommit(message, tree, parents ?? [], who);
        return new Answer(201, commitJson((await store.commit(sha))!));
      },
    },
    {
      method: "GET",
      name: "/repos/{repo}/commits",
      pattern: r("/commits"),
      handle: async ({ query }) => {
        const perPage = Math.min(Number(query.get("per_page") ?? 30) || 30, 100);
        const start = query.get("sha") ?? options.branch;
        return new Answer(200, (await store.history(start, query.get("path") ?? "", perPage)).map(restCommit));
      },
    },
    {
      method: "GET",
      name: "/repos/{repo}/contents/{path}",
      pattern: r("/contents/(.+)"),
      handle: async ({ params: [file], query }) => {
        const folder = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
        const tree = await store.tree(`${query.get("ref") ?? options.branch}:${folder}`, false);
        const entry = tree?.entries.find((e) => `${folder ? `${folder}/` : ""}${e.path}` === file && e.type === "blob");
        const content = entry && (await store.blob(entry.sha));
        if (!entry || !content) return NOT_FOUND;
        return new Answer(200, { type: "file", name: file.split("/").at(-1), path: file, ...blobJson(entry.sha, content) });
      },
    },
  ];
}

/** Sends an answer as JSON with GitHub's caching headers; answers 304 when the browser has it. Returns the status and body bytes sent. */
function send(response: ServerResponse, answer: Answer, ifNoneMatch?: string): { status: number; bytes: number } {
  if (answer.body === undefined) {
    response.writeHead(answer.status).end();
    return { status: answer.status, bytes: 0 };
  }
  const body = Buffer.from(JSON.stringify(answer.body));
  const etag = `"${createHash("sha1").update(body).digest("hex")}"`;
  if (answer.status === 200 && ifNoneMatch === etag) {
    response.writeHead(304, { ETag: etag }).end();
    return { status: 304, bytes: 0 };
  }
  response
    .writeHead(answer.status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": body.length,
      ...(answer.status === 200 ? { ETag: etag, "Cache-Control": "private, max-age=60, s-maxage=60" } : {}),
    })
    .end(body);
  return { status: answer.status, bytes: body.length };
}

function parseBody(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new StoreRefusal("Problems parsing JSON");
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new StoreRefusal("the request is too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
