/**
 * Netlify's own serving engine, run locally: the redirect rules
 * (@netlify/redirects) and header rules (@netlify/headers) read from
 * netlify.toml, over the static files of the site, found as @netlify/static
 * finds them, with the site's 404.html for a path that has no file — what
 * Netlify does behind the edge function. A file comes with its ETag, as on
 * Netlify.
 */
import path from "node:path";
import { HeadersHandler } from "@netlify/headers";
import { RedirectsHandler } from "@netlify/redirects";
import mime from "mime-types";
import { fileEtags, findStaticFile } from "./file-etags.ts";
import { fileBody } from "./file-body.ts";

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

  /** The request's file as @netlify/static answers it (its headers), with the file's ETag. */
  const staticFile = async (request: Request) => {
    const found = await findStaticFile(siteDir, new URL(request.url).pathname);
    if (!found) return undefined;
    return async () => {
      const headers = new Headers({ age: "0", "cache-control": "public, max-age=0, must-revalidate" });
      const type = mime.contentType(path.extname(found.file));
      if (type) headers.set("content-type", type);
      headers.set("ETag", await etags(found.file, found.stats));
      return new Response(fileBody(found.file), { status: 200, headers });
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
