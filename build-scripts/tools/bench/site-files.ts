/**
 * A built site's files served as a static host serves them, for running the
 * edge function and the query code in Node or Deno: Netlify's `context.next`
 * (the file of the rewritten request's path, `/x/` is `/x/index.html`, 404 when
 * there is none), and the same files as the query code reads them. Range
 * requests are honoured only when asked (Netlify's local engine does not).
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import process from "node:process";
import { httpFiles, type PublishedFiles } from "../../core/query/published-files.ts";

/** Milliseconds of CPU (user + system) this process has used. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

interface SiteFile {
  readonly status: number;
  readonly body: Uint8Array<ArrayBuffer> | null;
  readonly headers: Record<string, string>;
}

/** The file at a request's path; with `ranges`, a `Range: bytes=a-b` request gets a 206 with those bytes. */
function readSiteFile(siteDir: string, request: Request, ranges: boolean): SiteFile {
  const { pathname } = new URL(request.url);
  let file = path.join(siteDir, decodeURIComponent(pathname));
  if (pathname.endsWith("/") || statSync(file, { throwIfNoEntry: false })?.isDirectory()) file = path.join(file, "index.html");
  let body: Uint8Array<ArrayBuffer>;
  try {
    // A plain Uint8Array, as a fetched body is: a Node Buffer would bring Deno's polyfilled (slow) methods.
    const read = readFileSync(file);
    body = new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
  } catch {
    return { status: 404, body: new TextEncoder().encode("Not Found"), headers: { "Content-Type": "text/plain; charset=utf-8" } };
  }
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
 * function: docs/performance.md).
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
