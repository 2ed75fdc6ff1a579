/**
 * The Netlify Edge Function under Deno, Netlify's edge runtime, in front of a
 * built site: what Netlify does, small enough to read. Requests to the
 * function's paths go to its default export with a `context.next` that plays
 * Netlify's static layer over the site folder (the file at the request's
 * path, `/dir/` → `/dir/index.html`, Content-Type from the extension, a
 * missing file → 404 with the site's 404.html); every other path goes to that
 * layer directly.
 *
 *   deno run --allow-read=<site> --allow-net=127.0.0.1 --no-prompt --no-remote \
 *     --node-modules-dir=manual --no-lock test/deno/edge-server.ts <site> <port>
 *
 * Port 0 picks a free one; the server prints "edge server at http://127.0.0.1:<port>/".
 */
import edge from "../../build-scripts/runtime/edge/functions/api.ts";
import { contentType, FORMAT_TABLE } from "../../build-scripts/core/format-table.ts";
import { isEdgePath } from "../../build-scripts/core/routes/edge-function.ts";

/** The part of Deno's API this script uses (the project type-checks with Node's types, not Deno's). */
declare const Deno: {
  readonly args: readonly string[];
  readFile(path: string): Promise<Uint8Array<ArrayBuffer>>;
  serve(
    options: { hostname: string; port: number; onListen(address: { hostname: string; port: number }): void },
    handler: (request: Request) => Response | Promise<Response>,
  ): unknown;
  exit(code: number): never;
};

/** The API's formats (netlify.toml's header rules come from the same table) and the site's other files. */
const TYPES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(FORMAT_TABLE.map((f) => [f.extension, contentType(f)])),
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  zip: "application/zip",
};

const [site, port] = Deno.args;
if (!site || !/^\d+$/.test(port ?? "")) {
  console.error("usage: edge-server.ts <site folder> <port (0 for a free one)>");
  Deno.exit(2);
}

/** The file a path names inside the site, or undefined when it names none that could be there. */
function fileOf(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (/(^|\/)\.\.(\/|$)|\\|\0/.test(decoded)) return undefined;
  return site + (decoded.endsWith("/") ? `${decoded}index.html` : decoded);
}

async function read(file: string | undefined): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (file === undefined) return undefined;
  try {
    return await Deno.readFile(file);
  } catch {
    return undefined; // no such file, or a folder
  }
}

/** Netlify's static layer: the file, or the site's 404 page with status 404. */
async function staticFile(request: Request): Promise<Response> {
  const file = fileOf(new URL(request.url).pathname);
  const bytes = await read(file);
  const body = (found: Uint8Array<ArrayBuffer>) => (request.method === "HEAD" ? null : found);
  if (bytes) {
    const extension = /\.([^./]+)$/.exec(file!)?.[1] ?? "";
    return new Response(body(bytes), { headers: { "Content-Type": TYPES[extension] ?? "application/octet-stream" } });
  }
  const page = await read(`${site}/404.html`);
  return new Response(page ? body(page) : "Not Found", { status: 404, headers: { "Content-Type": TYPES.html } });
}

Deno.serve(
  {
    hostname: "127.0.0.1",
    port: Number(port),
    onListen: (address) => console.log(`edge server at http://${address.hostname}:${address.port}/`),
  },
  (request) =>
    isEdgePath(new URL(request.url).pathname)
      ? edge(request, { next: (rewritten) => staticFile(rewritten ?? request) })
      : staticFile(request),
);
