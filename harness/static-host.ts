/**
 * A built site's files served as a static host serves them — the one emulation
 * of a static host, for the tests and the benchmark. The file of a path (`/x/`
 * and a folder `/x` are `/x/index.html`, a 404 when there is none), query
 * strings ignored; as Netlify's `context.next` for the edge function
 * (`siteFile`, `SiteFiles`), as the query code reads it (`siteFiles`), and
 * over HTTP for a browser (`serveSite`: text gzipped as a CDN sends it, ETags
 * and Netlify's default `max-age=0, must-revalidate`). Range requests are
 * honoured only when asked (Netlify's local engine does not).
 */
import { readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import process from "node:process";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { httpFiles, type PublishedFiles } from "../build-scripts/core/query/published-files.ts";

/** Milliseconds of CPU (user + system) this process has used. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The file a path names and its bytes; undefined when there is none. */
function readPath(siteDir: string, pathname: string): { file: string; bytes: Uint8Array<ArrayBuffer>; mtimeMs: number } | undefined {
  let file = path.join(siteDir, decodeURIComponent(pathname));
  if (pathname.endsWith("/") || statSync(file, { throwIfNoEntry: false })?.isDirectory()) file = path.join(file, "index.html");
  const info = statSync(file, { throwIfNoEntry: false });
  if (!info?.isFile()) return undefined;
  // A plain Uint8Array, as a fetched body is: a Node Buffer would bring Deno's polyfilled (slow) methods.
  const read = readFileSync(file);
  return { file, bytes: new Uint8Array(read.buffer, read.byteOffset, read.byteLength), mtimeMs: info.mtimeMs };
}

interface SiteFile {
  readonly status: number;
  readonly body: Uint8Array<ArrayBuffer> | null;
  readonly headers: Record<string, string>;
}

/** The file at a request's path; with `ranges`, a `Range: bytes=a-b` request gets a 206 with those bytes. */
function readSiteFile(siteDir: string, request: Request, ranges: boolean): SiteFile {
  const found = readPath(siteDir, new URL(request.url).pathname);
  if (!found) return { status: 404, body: new TextEncoder().encode("Not Found"), headers: { "Content-Type": "text/plain; charset=utf-8" } };
  const body = found.bytes;
  const head = request.method === "HEAD";
  const range = ranges ? /^bytes=(\d+)-(\d+)$/.exec(request.headers.get("Range") ?? "") : null;
  if (range && Number(range[1]) <= Number(range[2]) && Number(range[2]) < body.length) {
    const [start, end] = [Number(range[1]), Number(range[2])];
    const headers = { "Content-Range": `bytes ${start}-${end}/${body.length}` };
    return { status: 206, body: head ? null : body.subarray(start, end + 1), headers };
  }
  return { status: 200, body: head ? null : body, headers: {} };
}

/** The file at a request's path, as a Response. */
export function siteFile(siteDir: string, request: Request, ranges = false): Response {
  const { status, body, headers } = readSiteFile(siteDir, request, ranges);
  return new Response(body, { status, headers });
}

/** A site's files as the query code reads them; `log` collects the paths read. */
export function siteFiles(siteDir: string, { ranges = false, log }: { ranges?: boolean; log?: string[] } = {}): PublishedFiles {
  const root = new URL("http://site.invalid/");
  return httpFiles(async (url, init) => {
    log?.push(url.pathname.slice(1));
    return siteFile(siteDir, new Request(url, init), ranges);
  }, root);
}

/** The size of the chunks a body arrives in from the network. */
const NETWORK_CHUNK = 64 * 1024;

/** `context.next` over a site's files, counting the CPU spent inside it (the edge CPU measurement leaves it out). */
export class SiteFiles {
  /** CPU milliseconds spent inside `next` since the count was last reset. */
  nextMs = 0;

  constructor(private readonly siteDir: string) {}

  /**
   * The file is read synchronously into memory before the Response is built,
   * so the read is counted here and calls that overlap cannot count twice. Its
   * body then arrives as a network body does, in chunks, and reading them is
   * the function's own work, as on Netlify.
   */
  readonly next = async (request: Request): Promise<Response> => {
    const started = cpuMs();
    try {
      const { status, body, headers } = readSiteFile(this.siteDir, request, false);
      return new Response(body && inChunks(body), { status, headers });
    } finally {
      this.nextMs += cpuMs() - started;
    }
  };
}

/**
 * Bytes as a stream of chunks of `size`, as a network body's are: each a
 * plain Uint8Array, a view of the bytes `next` read (making a chunk is the
 * runtime's reading, which a body passed on untouched never brings into the
 * function).
 */
export function inChunks(bytes: Uint8Array, size = NETWORK_CHUNK): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + size));
      at += size;
    },
  });
}

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

export interface ServedSite {
  /** The site root, ending in "/". */
  readonly url: string;
  close(): Promise<void>;
}

/** The site over HTTP on a free port, as a CDN serves it: no edge function. */
export async function serveSite(siteDir: string): Promise<ServedSite> {
  // Compressed once per file, as a CDN caches it, so a cold page does not wait for the compressor.
  const compressed = new Map<string, Promise<Uint8Array>>();
  const gzipped = (key: string, bytes: Uint8Array) => {
    const known = compressed.get(key);
    if (known) return known;
    const made = promisify(gzip)(bytes);
    compressed.set(key, made);
    return made;
  };
  const server = createServer(async (request, response) => {
    const found = readPath(siteDir, new URL(request.url ?? "/", "http://localhost").pathname);
    if (!found) return void response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not Found");
    const etag = `"${found.bytes.length.toString(36)}-${found.mtimeMs.toString(36)}"`;
    const type = TYPES[path.extname(found.file)] ?? "application/octet-stream";
    const headers: Record<string, string> = { "Content-Type": type, ETag: etag, "Cache-Control": "public, max-age=0, must-revalidate" };
    if (request.headers["if-none-match"] === etag) return void response.writeHead(304, headers).end();
    let body: Uint8Array = found.bytes;
    if (!type.startsWith("image/") && /\bgzip\b/.test(String(request.headers["accept-encoding"]))) {
      body = await gzipped(`${found.file} ${etag}`, body);
      Object.assign(headers, { "Content-Encoding": "gzip", Vary: "Accept-Encoding" });
    }
    response.writeHead(200, { ...headers, "Content-Length": String(body.length) }).end(request.method === "HEAD" ? undefined : body);
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
