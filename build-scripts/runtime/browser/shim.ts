/**
 * The catalogue shim: an ES module any web page can import to ask a copy of
 * this site what the service would answer, search and fields included.
 *
 *   import { request } from "https://<site>/assets/catalogue-shim.js";
 *   const { status, data, text } = await request("https://<site>/", "/api/videos",
 *     { search: "ocean", fields: "title,uuid", format: "xml" });
 *
 * `data` is the answer as JSON carries it; `text` is the body in the asked
 * format (json when none is given). With `lazy: true`, `data()` reads the
 * data only when called, as Pagefind's `data()`: an XML or XLIFF answer then
 * downloads only what its text needs. Files are fetched from `base` (the site
 * root, absolute or relative to the page); Lunr and the index are loaded only
 * when a search is made, and memoized for the next one.
 */
import type { Json } from "../../core/catalogue/resource.ts";
import type { ViewQuery } from "../../core/routes/query-parameter.ts";
import { contentType } from "../../core/format-table.ts";
import { bodyBytes, RecordSliceAnswers } from "../../core/query/answer.ts";
import { memoized } from "../../core/memo.ts";
import { httpFiles } from "../../core/query/published-files.ts";
import { SITE } from "./site.ts";
import { scriptFiles } from "./script-files.ts";
import { resolveApiPath, rootedPath } from "../../core/routes/api-path.ts";
import { siteTree } from "../../core/translations/site-tree.ts";

/** What `request()` asks: the query (a page as the HTML view's pages), a format, and whether the data waits to be asked for. */
export interface RequestParams extends ViewQuery {
  format?: string | null;
  /** An answer whose `data` is read when asked (LazyShimAnswer). */
  lazy?: boolean;
}

export interface ShimAnswer {
  status: number;
  contentType: string;
  data: Json;
  text: string;
  /** A list's answer: how many resources it holds in all (whatever the page). */
  total?: number;
  /** With `page`: the page given, and how many pages the answer has. */
  page?: { number: number; pages: number };
}

/** An answer asked with `lazy: true`: its data is read only when asked (a data format's other than JSON reads the JSON's files then). */
export interface LazyShimAnswer extends Omit<ShimAnswer, "data"> {
  data(): Promise<Json>;
}

const decoder = new TextDecoder();

const apis = new Map<string, RecordSliceAnswers>();

/** The site's files below `base`, for `path`: a path in a language's tree (/fr/api/…) is answered from that tree's files, in its language. */
function apiFor(base: string, path: string): RecordSliceAnswers {
  const site = new URL(base.endsWith("/") ? base : `${base}/`, globalThis.document?.baseURI);
  const tree = siteTree(SITE, resolveApiPath(rootedPath(path))?.language);
  const root = new URL(tree.folder, site);
  // Fetched, each file once; from a page opened from a file, where browsers refuse fetch, the offline mirror's script-wrapped copies.
  const files = () => (root.protocol === "file:" ? scriptFiles(root) : httpFiles((url) => fetch(url), root, true));
  return memoized(apis, root.href, () => new RecordSliceAnswers(files(), tree));
}

/**
 * Reads ahead, while a search of the list at `path` is being typed, what
 * `request` will need for it, so the answer comes a round trip sooner. It
 * never fails: `request` says what went wrong.
 */
export async function prefetch(base: string, path: string, search: string): Promise<void> {
  try {
    await apiFor(base, path).prefetch(path, search);
  } catch {
    // the request that follows fetches again, and reports
  }
}

export async function request(base: string, path: string, params: RequestParams & { lazy: true }): Promise<LazyShimAnswer>;
export async function request(base: string, path: string, params?: RequestParams): Promise<ShimAnswer>;
export async function request(base: string, path: string, params: RequestParams = {}): Promise<ShimAnswer | LazyShimAnswer> {
  const answer = await apiFor(base, path).get({ path, ...params });
  const { status, format, body, total, page } = answer;
  const shown = {
    status,
    contentType: contentType(format),
    text: decoder.decode(await bodyBytes(body)),
    ...(total === undefined ? {} : { total }),
    ...(page && params.page ? { page: { number: page.number, pages: page.pages } } : {}),
  };
  return params.lazy ? { ...shown, data: () => answer.json() } : { ...shown, data: await answer.json() };
}
