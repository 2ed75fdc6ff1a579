/**
 * Netlify's `context.next` over a built site, for running the edge function in
 * Node: the file of the rewritten request's path (`/x/` is `/x/index.html`),
 * 404 when there is none. It keeps count of the CPU time spent inside it, which
 * Netlify does not bill to the edge function.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Milliseconds of CPU (user + system) this process has used. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export class SiteFiles {
  /** CPU milliseconds spent inside `next` since the count was last reset. */
  nextMs = 0;

  constructor(private readonly siteDir: string) {}

  /**
   * The body is read synchronously into memory before the Response is built,
   * so the file read is counted here and calls that overlap cannot count twice.
   */
  readonly next = async (request: Request): Promise<Response> => {
    const started = cpuMs();
    try {
      return this.answer(request);
    } finally {
      this.nextMs += cpuMs() - started;
    }
  };

  private answer(request: Request): Response {
    const { pathname } = new URL(request.url);
    let file = path.join(this.siteDir, decodeURIComponent(pathname));
    if (pathname.endsWith("/") || statSync(file, { throwIfNoEntry: false })?.isDirectory()) file = path.join(file, "index.html");
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = readFileSync(file);
    } catch {
      return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    return new Response(request.method === "HEAD" ? null : body, { status: 200 });
  }
}
