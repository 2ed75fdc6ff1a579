/**
 * The API's HTTP behaviour in front of the static files, written against web
 * standard Request/Response only, so the same code runs as the Netlify Edge
 * Function (functions/api.ts) and inside the local server (runtime/server/).
 *
 * It runs on every path but the static-only trees: the path is read in its
 * canonical spelling (core/routes/api-path.ts), and one outside the API's
 * trees goes on to the static files as it came. Then, as Django REST
 * Framework routes and negotiates: an address with no view is a 404 (in the
 * negotiated format, or the default one when none is acceptable); an unknown
 * `format` is a 404, on a file's own name too, an unsatisfiable Accept a 406,
 * both in the default format; OPTIONS answers the view's metadata; methods
 * other than GET, HEAD and OPTIONS are a 405; GET and HEAD are served from
 * the pre-rendered file of the negotiated format. Every answer carries
 * Allow, Vary: Accept and the shared API headers; error bodies are DRF's,
 * rendered by the negotiated format's renderer.
 *
 * Which uuids exist is not shipped with the function: the file of the resource
 * is asked for through `next`, and its 404 becomes the API's 404. Nor is the
 * tree's layout (which collections are split into bucket folders,
 * core/routes/tree-layout.ts): it is read through `next` when a resource or
 * a list's page ≥ 2 is asked, whose files it places; a file's own path that
 * is not where the layout puts it is a 404.
 */
import type { Json } from "../../core/catalogue/resource.ts";
import { resolveSiteConfig } from "../../core/catalogue/site-config.ts";
import { methodNotAllowedView, notAcceptableView, notFoundView } from "../../core/formats/errors.ts";
import { contentType, formatWithExtension } from "../../core/format-table.ts";
import { FORMATS, type Format } from "../../core/formats/formats.ts";
import { CONTENT_SECURITY_POLICY } from "../../core/formats/html.ts";
import type { DocumentView } from "../../core/formats/views.ts";
import { ALLOW, API_HEADERS, EDGE_CACHE_HEADERS } from "../../core/routes/api-headers.ts";
import { negotiate } from "../../core/negotiation/negotiate.ts";
import { ListBytesAnswers } from "../../core/query/answer.ts";
import { httpFiles } from "../../core/query/published-files.ts";
import { canonicalPath, resolveApiPath, viewFile, type ApiRoute } from "../../core/routes/api-path.ts";
import { LAYOUT_FILE } from "../../core/routes/output-tree.ts";
import { parseLayout, type TreeLayout } from "../../core/routes/tree-layout.ts";
import { isApiTreePath } from "../../core/routes/edge-function.ts";
import { readQuery, type ViewQuery } from "../../core/routes/query-parameter.ts";
import { metadataView } from "../../core/formats/metadata.ts";
import { attachment, isDownloaded } from "../../core/routes/download-name.ts";
import { siteTree, type SiteTree } from "../../core/translations/site-tree.ts";

/** Passes a request on to the static site: Netlify's `context.next`, or the local engine. */
export type Next = (request: Request) => Promise<Response>;

const SAFE_METHODS = ["GET", "HEAD"];

export async function handleApiRequest(request: Request, next: Next): Promise<Response> {
  const url = new URL(request.url);
  const path = canonicalPath(url.pathname);
  if (!isApiTreePath(path)) return next(request);
  const site = resolveSiteConfig({ BASE_URL: url.origin });
  // Errors and metadata are answered as the source language's tree answers them.
  const source = siteTree(site);
  const resolved = resolveApiPath(path);
  const fixed = resolved?.fixedExtension === undefined ? undefined : formatWithExtension(FORMATS, resolved.fixedExtension);
  const negotiated = negotiate(FORMATS, url.searchParams, request.headers.get("accept"));
  // A file's own name is its format whatever is asked, but an unknown `format` is a 404 there too (netlify dev asks …/index.html after a 404).
  const negotiation = fixed && negotiated.status !== 404 ? { status: 200 as const, format: fixed } : negotiated;
  // Nothing there is a 404 whatever the Accept: DRF routes before it negotiates.
  if (!resolved) return rendered(request, negotiation.status === 200 ? negotiation.format : FORMATS[0], notFoundView(path), source);
  if (negotiation.status !== 200) {
    const error = negotiation.status === 404 ? notFoundView(path) : notAcceptableView(path);
    return rendered(request, FORMATS[0], error, source);
  }
  const { format } = negotiation;
  const { route } = resolved;
  // A language's tree is an API of its own below /<language>/: its files, its addresses.
  const tree = await withLayout(request, route, siteTree(site, resolved.language), next);
  // Answers at a file's own path link that view's files where the layout puts them.
  const answers = { ...source, layout: tree.layout };
  // A file's own path where the layout puts nothing is a path with no view, answered as one.
  if (!resolveApiPath(path, tree.layout))
    return rendered(request, negotiated.status === 200 ? negotiated.format : FORMATS[0], notFoundView(path), answers);
  if (request.method === "OPTIONS") {
    if (route.view === "instance" && !(await fileExists(request, tree, route, format, next))) {
      return rendered(request, format, notFoundView(path), answers);
    }
    return rendered(request, format, metadataView(route, path), answers);
  }
  if (!SAFE_METHODS.includes(request.method)) return rendered(request, format, methodNotAllowedView(path, request.method), answers);
  return documentResponse(request, path, route, format, next, tree);
}

/**
 * The one place a GET or HEAD of the root, a list or a resource is answered:
 * the pre-rendered file of the negotiated format; with a search or a choice of
 * fields, the answer made from the published search files (core/query/answer.ts).
 */
async function documentResponse(
  request: Request,
  path: string,
  route: ApiRoute,
  format: Format,
  next: Next,
  tree: LaidOutTree,
): Promise<Response> {
  const query = readQuery(new URL(request.url).searchParams);
  if (wantsQuery(route, query)) {
    const files = httpFiles((url, init) => next(new Request(url, init)), new URL(`/${tree.folder}`, request.url));
    const api = new ListBytesAnswers(files, tree);
    // Only the HTML view is paged, as the plain list's files are; the data formats carry the whole answer.
    const page = Number.isFinite(format.renderer.pageSize) ? query.page : null;
    const answer = await api.getRoute(route, format, { ...query, page }, path);
    // A streamed answer not sent (HEAD) lets go of the files it was reading.
    if (request.method === "HEAD" && answer.body instanceof ReadableStream) await answer.body.cancel();
    return new Response(request.method === "HEAD" ? null : answer.body, { status: answer.status, headers: apiHeaders(format, route) });
  }
  const file = treeFile(tree, route, format);
  const upstream = await next(new Request(new URL(file, request.url), { method: request.method, headers: request.headers }));
  if (upstream.status === 404) return rendered(request, format, notFoundView(path), tree);
  const headers = new Headers(upstream.headers);
  for (const [name, value] of Object.entries(apiHeaders(format, route))) headers.set(name, value);
  headers.set("Content-Location", file);
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers });
}

/** Whether a list or resource is asked with a search or fields, which the files alone do not hold. */
function wantsQuery(route: ApiRoute, { search, fields }: ViewQuery): boolean {
  if (route.view === "root") return false;
  return (route.view === "list" && (search ?? "").trim() !== "") || (fields ?? "").trim() !== "";
}

/** A tree, with its layout when the route's files need it. */
type LaidOutTree = SiteTree & { readonly layout?: TreeLayout };

/** The tree with its layout, read through `next`, for a resource or a list's page ≥ 2 (whose files it places); as it is for the rest. */
async function withLayout(request: Request, route: ApiRoute, tree: SiteTree, next: Next): Promise<LaidOutTree> {
  if (route.view === "root" || (route.view === "list" && route.page === 1)) return tree;
  const upstream = await next(new Request(new URL(`/${tree.folder}${LAYOUT_FILE}`, request.url)));
  // A tree published before layouts were is flat.
  const layout = parseLayout(upstream.ok ? ((await upstream.json()) as Json) : (await upstream.body?.cancel(), undefined));
  return { ...tree, layout };
}

/** The published file of a view in a format, in its tree. */
const treeFile = (tree: LaidOutTree, route: ApiRoute, format: Format) =>
  `/${viewFile(route, format.extension, tree.language, tree.layout)}`;

async function fileExists(request: Request, tree: LaidOutTree, route: ApiRoute, format: Format, next: Next): Promise<boolean> {
  const upstream = await next(new Request(new URL(treeFile(tree, route, format), request.url), { method: "HEAD" }));
  await upstream.body?.cancel();
  return upstream.ok;
}

/** The API's headers; a downloaded format's file (XLIFF) is named after its view, not index.xliff. */
const apiHeaders = (format: Format, route?: ApiRoute): Record<string, string> => ({
  ...API_HEADERS,
  ...EDGE_CACHE_HEADERS,
  Allow: ALLOW,
  "Content-Type": contentType(format),
  // Netlify's header rules do not reach the edge's answers.
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  ...(route && isDownloaded(format) ? { "Content-Disposition": attachment(route, format.extension) } : {}),
});

/** A view rendered by a format: errors with their status, metadata with 200. */
function rendered(request: Request, format: Format, view: DocumentView, tree: LaidOutTree): Response {
  const status = view.kind === "error" ? view.status : 200;
  const body = request.method === "HEAD" ? null : format.renderer.document(view, tree);
  return new Response(body, { status, headers: apiHeaders(format) });
}
