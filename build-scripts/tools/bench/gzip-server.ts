/**
 * A static server for the browser measurement: a built site's files, text
 * gzipped as a CDN sends it, with an ETag and Netlify's default caching
 * (`max-age=0, must-revalidate`: a warm browser asks again and gets a 304).
 * Query strings are ignored, as a static host does; no edge function runs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";

const gzipAsync = promisify(gzip);

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".xliff": "application/x-xliff+xml; charset=utf-8",
  ".svg": "image/svg+xml",
};

export interface GzipServer {
  /** The site root, ending in "/". */
  readonly url: string;
  close(): Promise<void>;
}

export async function serveGzip(siteDir: string): Promise<GzipServer> {
  // Compressed once per file, as a CDN caches it, so a cold page does not wait for the compressor.
  const compressed = new Map<string, Promise<Buffer>>();

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { pathname } = new URL(request.url ?? "/", "http://localhost");
    let file = path.join(siteDir, decodeURIComponent(pathname));
    let info = await stat(file).catch(() => undefined);
    if (info?.isDirectory()) {
      file = path.join(file, "index.html");
      info = await stat(file).catch(() => undefined);
    }
    if (!info?.isFile()) {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not Found");
      return;
    }
    const etag = `"${info.size.toString(36)}-${info.mtimeMs.toString(36)}"`;
    const type = TYPES[path.extname(file)] ?? "application/octet-stream";
    const headers: Record<string, string> = { "Content-Type": type, ETag: etag, "Cache-Control": "public, max-age=0, must-revalidate" };
    if (request.headers["if-none-match"] === etag) {
      response.writeHead(304, headers).end();
      return;
    }
    let body: Buffer = await readFile(file);
    if (!type.startsWith("image/") && /\bgzip\b/.test(String(request.headers["accept-encoding"]))) {
      const key = `${file} ${etag}`;
      if (!compressed.has(key)) compressed.set(key, gzipAsync(body));
      body = await compressed.get(key)!;
      Object.assign(headers, { "Content-Encoding": "gzip", Vary: "Accept-Encoding" });
    }
    response.writeHead(200, { ...headers, "Content-Length": String(body.length) }).end(request.method === "HEAD" ? undefined : body);
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: Error) => response.writeHead(500).end(error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
