/**
 * The GitHub-API server: the part of GitHub's REST API that Decap CMS's GitHub
 * backend calls (endpoints.ts), from a RepositoryStore, over HTTP. Replies
 * carry GitHub's ETags, so the browser's conditional requests behave as
 * against GitHub. It counts the requests and the bytes of each endpoint: what
 * an editor's session costs against GitHub's hourly allowance.
 *
 * It listens on 127.0.0.1 and answers the given origins only (other pages in
 * the browser get 403), and only requests addressed to 127.0.0.1 or localhost
 * by name (a rebound DNS name gets 421).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { githubEndpoints, githubError, NOT_FOUND, Reply, type Endpoint, type EndpointOptions } from "./endpoints.ts";
import { sha1 } from "../../../hashes.ts";
import { StoreRefusal } from "./store.ts";

export interface GithubApiServerOptions extends EndpointOptions {
  readonly port: number;
  /** The pages allowed to call it (their origins). */
  readonly origins: readonly string[];
  /** The token a request must carry (`Authorization: token …`); none: every request is the user's. */
  readonly token?: string;
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

/** An endpoint by its name ("GET /repos/{repo}"), with the pattern of its path. */
interface Route {
  readonly name: string;
  readonly method: string;
  readonly pattern: RegExp;
  readonly endpoint: Endpoint;
}

/** The route a request asks for, and its path's `{…}` parts. */
function routed(routes: readonly Route[], method: string | undefined, pathname: string): { route: Route; params: string[] } | undefined {
  for (const route of routes) {
    const match = route.method === method ? route.pattern.exec(pathname) : null;
    if (match) return { route, params: match.slice(1).map(decodeURIComponent) };
  }
  return undefined;
}

export async function startGithubApiServer(options: GithubApiServerOptions): Promise<GithubApiServer> {
  const { store, repo } = options;
  const api = `http://${HOST}:${options.port}`;
  const repoUrl = `${api}/repos/${repo}`;
  const routes = Object.entries(githubEndpoints(options, repoUrl)).map(([name, endpoint]): Route => {
    const [method, path] = name.split(" ");
    return { name, method, pattern: pathPattern(path, repo), endpoint };
  });
  const tally = new Map<string, EndpointTally>();
  const hosts = [`${HOST}:${options.port}`, `localhost:${options.port}`];

  async function respond(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // A page of another site whose DNS name was rebound to this machine names its own host.
    if (!hosts.includes(request.headers.host ?? ""))
      return void send(response, githubError(421, `${request.headers.host} is not this server`));
    const origin = request.headers.origin;
    if (origin !== undefined && !options.origins.includes(origin))
      return void send(response, githubError(403, `${origin} may not use this API`));
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
    const found = routed(routes, request.method, url.pathname);
    const name = found?.route.name ?? `${request.method} (no such endpoint)`;
    const count = tally.get(name) ?? { requests: 0, notModified: 0, bytes: 0 };
    tally.set(name, count);
    count.requests += 1;
    const authorization = request.headers.authorization?.replace(/^(token|bearer) /i, "");
    let reply: Reply;
    if (options.token !== undefined && authorization !== options.token) reply = githubError(401, "Bad credentials");
    else if (!found) reply = NOT_FOUND;
    else
      reply = await found.route.endpoint({
        params: found.params,
        query: url.searchParams,
        body: async () => parseBody(await readBody(request)),
      });
    const sent = send(response, reply, request.headers["if-none-match"]);
    if (sent.status === 304) count.notModified += 1;
    count.bytes += sent.bytes;
  }

  const server = createServer((request, response) => {
    respond(request, response).catch((problem: unknown) => {
      if (problem instanceof StoreRefusal) return send(response, githubError(422, problem.message));
      console.error(`The GitHub-API server: ${problem instanceof Error ? problem.message : String(problem)}`);
      send(response, githubError(500, problem instanceof Error ? problem.message : String(problem)));
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

/**
 * A path as GitHub's documentation spells it, as a pattern: `{repo}` the repository served, `{sha}` 40 hex digits,
 * any other `{…}` the rest of the path (captured).
 */
function pathPattern(path: string, repo: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const parts = path.split(/(\{\w+\})/).map((part) => {
    if (part === "{repo}") return literal(repo);
    if (part === "{sha}") return "([0-9a-f]{40})";
    return /^\{\w+\}$/.test(part) ? "(.+)" : literal(part);
  });
  return new RegExp(`^${parts.join("")}$`);
}

/** Sends a reply as JSON with GitHub's caching headers; replies 304 when the browser has it. Returns the status and body bytes sent. */
function send(response: ServerResponse, reply: Reply, ifNoneMatch?: string): { status: number; bytes: number } {
  if (reply.body === undefined) {
    response.writeHead(reply.status).end();
    return { status: reply.status, bytes: 0 };
  }
  const body = Buffer.from(JSON.stringify(reply.body));
  const etag = `"${sha1(body)}"`;
  if (reply.status === 200 && ifNoneMatch === etag) {
    response.writeHead(304, { ETag: etag }).end();
    return { status: 304, bytes: 0 };
  }
  response
    .writeHead(reply.status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": body.length,
      ...(reply.status === 200 ? { ETag: etag, "Cache-Control": "private, max-age=60, s-maxage=60" } : {}),
    })
    .end(body);
  return { status: reply.status, bytes: body.length };
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
