/**
 * Netlify's own serving engine, run locally: the redirect rules
 * (@netlify/redirects) and header rules (@netlify/headers) read from
 * netlify.toml, over the static files of the site (@netlify/static), with the
 * site's 404.html for a path that has no file — what Netlify does behind the
 * edge function. A file comes with its ETag, as on Netlify.
 */
import path from "node:path";
import { HeadersHandler } from "@netlify/headers";
import { RedirectsHandler } from "@netlify/redirects";
import { StaticHandler } from "@netlify/static";
import { fileEtags, findStaticFile } from "./file-etags.ts";

export interface EngineOptions {
  /** The folder holding netlify.toml. */
  readonly projectDir: string;
  /** The published folder (_site). */
  readonly siteDir: string;
}

export type Engine = (request: Request) => Promise<Response>;

const quiet = { log: () => {}, warn: console.warn, error: console.error };

export function netlifyEngine({ projectDir, siteDir }: EngineOptions): Engine {
  const configPath = path.join(projectDir, "netlify.toml");
  const files = new StaticHandler({ directory: siteDir });
  const redirects = new RedirectsHandler({
    configPath,
    configRedirects: [],
    projectDir,
    publicDir: siteDir,
    jwtSecret: "",
    jwtRoleClaim: "",
  });
  const headers = new HeadersHandler({ configPath, projectDir, publishDir: path.relative(projectDir, siteDir), logger: quiet });

  const etags = fileEtags();

  /** @netlify/static's handle of the request's file, whose response also carries the file's ETag. */
  const staticFile = async (request: Request) => {
    const handle = (await files.match(request))?.handle;
    if (!handle) return undefined;
    return async () => {
      const found = await findStaticFile(siteDir, new URL(request.url).pathname);
      const etag = found && (await etags(found.file, found.stats));
      const response = await handle();
      if (etag) response.headers.set("ETag", etag);
      return response;
    };
  };
  const notFound = async (request: Request) => {
    const page = await staticFile(new Request(new URL("/404.html", request.url)));
    const body = page ? (await page()).body : "Not Found";
    return new Response(body, { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } });
  };

  return async (request) => {
    const match = await redirects.match(request);
    const served = match ? await redirects.handle(request, match, staticFile) : await (await staticFile(request))?.();
    const response = served ?? (await notFound(request));
    // A copy, so the header rules can be applied (a redirect's headers are immutable).
    const answer = new Response(response.body, response);
    await headers.apply(request, answer);
    return answer;
  };
}
