/**
 * The local server: a Node http server that answers like the Netlify site —
 * the edge function's handler on its paths, in front of Netlify's own engine
 * (rules and headers from netlify.toml, the static files of the site), and a
 * 304 for a file the client holds already.
 * One log line per request; a bad request target gets a 4xx, an unexpected
 * failure a 500, never a crash.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { handleApiRequest } from "../edge/handle-request.ts";
import { ALLOW } from "../../core/routes/api-headers.ts";
import { isEdgePath } from "../../core/routes/edge-function.ts";
import { netlifyEngine, type EngineOptions } from "./netlify-engine.ts";
import { notModified } from "./not-modified.ts";
import { guardRequestTarget } from "./request-guard.ts";

export interface ServerOptions extends EngineOptions {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly log: (line: string) => void;
}

export interface RunningServer {
  /** http://host:port */
  readonly url: string;
  close(): Promise<void>;
}

/** Request headers that may reach the handlers (HTTP/1 connection headers do not). */
function webHeaders(req: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === "connection" || name === "keep-alive" || name === "transfer-encoding") continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

const plain = (status: number, text: string, extra: Record<string, string> = {}) =>
  new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...extra } });

export function startServer(options: ServerOptions): Promise<RunningServer> {
  const engine = netlifyEngine(options);

  async function responseTo(req: http.IncomingMessage, origin: string): Promise<Response> {
    const guarded = guardRequestTarget(req.url ?? "", origin);
    if (!guarded.ok) return plain(guarded.status, `${guarded.status} ${guarded.reason}`);
    let request: Request;
    try {
      request = new Request(guarded.url, { method: req.method, headers: webHeaders(req) });
    } catch {
      return plain(405, "405 Method Not Allowed", { Allow: ALLOW });
    }
    const response = isEdgePath(guarded.url.pathname) ? await handleApiRequest(request, engine) : await engine(request);
    return notModified(request, response);
  }

  async function respond(req: http.IncomingMessage, res: http.ServerResponse, origin: string) {
    const started = performance.now();
    req.resume(); // this API reads no request bodies
    let response: Response;
    try {
      response = await responseTo(req, origin);
    } catch (error) {
      console.error(error);
      response = plain(500, "500 Internal Server Error");
    }
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (req.method === "HEAD" || !response.body) {
      await response.body?.cancel();
      res.end();
    } else {
      await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res).catch(() => res.destroy());
    }
    const ms = (performance.now() - started).toFixed(1);
    options.log(
      `${req.method} ${(req.url ?? "").slice(0, 200)} ${response.status} ${response.headers.get("content-type") ?? "-"} ${ms} ms`,
    );
  }

  const server = http.createServer({ maxHeaderSize: 16 * 1024 });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      const { port } = server.address() as AddressInfo;
      const url = `http://${options.host}:${port}`;
      server.on("request", (req, res) => void respond(req, res, url));
      server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
        const status = error.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : "400 Bad Request";
        options.log(`- - ${status.slice(0, 3)} (${error.code ?? error.message})`);
        if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        else socket.destroy();
      });
      resolve({
        url,
        // Stopping is immediate: open connections, idle or not, are closed with the server.
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
