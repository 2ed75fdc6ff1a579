/**
 * The one parser of API paths: which view of the API a request path names,
 * and which file of the output tree holds that view in a given format. The
 * edge, the local server, the browser shim and the HTML view's links all use
 * it. Addresses are those of the spec (`/api/`, `/api/<collection>`,
 * `/api/<collection>/<uuid>`, with or without a trailing slash) and the files
 * of the output tree themselves (`/api/videos/index.json`,
 * `/api/videos/page-2.html`; a split collection's `/api/videos/a2/<uuid>/index.json`,
 * `/api/videos/02/page-2.html`), whose format is fixed by their extension;
 * each with a language's tree before it (`/es/api/videos/<uuid>`,
 * docs/translations.md), which holds the same views in that language.
 */
import { findCollection, type Collection } from "../catalogue/collections.ts";
import { FORMAT_TABLE, formatWithExtension } from "../format-table.ts";
import { isTargetLanguage, languageRoot } from "../translations/languages.ts";
import { bucketPath, instanceFile, listPageFile, pageHex, rootFile } from "./output-tree.ts";
import { levelsOf, type TreeLayout } from "./tree-layout.ts";

export type ApiRoute =
  | { readonly view: "root" }
  | { readonly view: "list"; readonly collection: Collection; readonly page: number }
  | { readonly view: "instance"; readonly collection: Collection; readonly uuid: string };

export interface ResolvedPath {
  readonly route: ApiRoute;
  /** Set when the path is a file's own name: the extension (always a format's) fixes its format, which is not negotiated. */
  readonly fixedExtension?: string;
  /** The translated tree the path is in (its files are below `<language>/`); none for the source language's. */
  readonly language?: string;
  /** A resource's or a list page's (≥ 2) own file: the bucket levels its path has (0: flat), which a layout must give its collection. */
  readonly levels?: number;
}

/** A resource's uuid, lower case as the records' schema (common.schema.json) has it: in its address and its translation's file name. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/**
 * What a resource's address may hold where its uuid goes, as DRF's router
 * matches it (`lookup_value_regex`, any segment without a dot): the route
 * matches first, so the request is negotiated (a 406) before the resource is
 * looked up (a 404).
 */
const LOOKUP = /^[^/.]+$/;
const INDEX_FILE = /^index\.([a-z0-9]+)$/;
/** Pages 2… of a list's HTML view (page 1 is index.html). */
const PAGE_FILE = /^page-([2-9]|[1-9]\d+)\.(html)$/;
/** A bucket folder of a split collection (output-tree.ts). */
const BUCKET = /^[0-9a-f]{2}$/;

/** A path as the shim takes it, with or without its leading slash, with one: /api/…. */
export const rootedPath = (path: string) => `/${path.replace(/^\/+/, "")}`;

/** RFC 3986's unreserved characters: encoded or not, they are the same URI. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * A request path in the one spelling it is routed by: percent-encoded
 * unreserved characters decoded (RFC 3986 §6.2.2.2: `/%61pi/vide%6Fs` is
 * `/api/videos`), and a leading run of slashes made one (`//api/videos`, which
 * DRF serves too). A doubled slash further in stays, and names nothing (`/api//videos`:
 * Django's resolver does not merge slashes). Any other escape stays: an encoded
 * `/` is data, not a separator.
 */
export const canonicalPath = (pathname: string) =>
  pathname
    .replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
      const char = String.fromCharCode(parseInt(hex, 16));
      return UNRESERVED.test(char) ? char : escape;
    })
    .replace(/^\/{2,}/, "/");

/**
 * The view a path names (in any spelling of it), or undefined when nothing of
 * the API lives there (a 404). With a tree's `layout`, a file's own path must
 * be where the layout puts that file (a bucket path of a flat collection, or a
 * flat path of a split one, names nothing); without, any layout's path is read.
 */
export function resolveApiPath(pathname: string, layout?: TreeLayout): ResolvedPath | undefined {
  let parts = canonicalPath(pathname).replace(/\/$/, "").split("/").slice(1);
  const language = parts[1] === "api" && isTargetLanguage(parts[0]) ? parts[0] : undefined;
  if (language !== undefined) parts = parts.slice(1);
  if (parts[0] !== "api") return undefined;
  const resolved = resolveTreePath(parts.slice(1));
  if (!resolved || (layout && !inLayout(resolved, layout))) return undefined;
  return language !== undefined ? { ...resolved, language } : resolved;
}

/** Whether a path is where a layout puts its view: an address always is; a file's own path when its buckets are the layout's. */
const inLayout = ({ route, levels }: ResolvedPath, layout: TreeLayout) =>
  levels === undefined || route.view === "root" || levels === levelsOf(layout, route.collection.name);

/** The view a path inside a tree names: what follows its `api/`. */
function resolveTreePath(parts: readonly string[]): ResolvedPath | undefined {
  const last = parts.at(-1) ?? "";
  const index = INDEX_FILE.exec(last);
  const pageFile = PAGE_FILE.exec(last);
  // A file name whose extension is no format's names nothing of the API.
  if (index && !formatWithExtension(FORMAT_TABLE, index[1])) return undefined;
  const fixedExtension = index?.[1] ?? pageFile?.[2];
  const rest = fixedExtension === undefined ? parts : parts.slice(0, -1);
  if (rest.length === 0) return pageFile ? undefined : { route: { view: "root" }, fixedExtension };
  const collection = findCollection(rest[0]);
  if (!collection) return undefined;
  if (pageFile) {
    const page = Number(pageFile[1]);
    const levels = bucketLevels(rest.slice(1), pageHex(page, rest.length - 1));
    return levels === undefined ? undefined : { route: { view: "list", collection, page }, fixedExtension, levels };
  }
  if (rest.length === 1) return { route: { view: "list", collection, page: 1 }, fixedExtension };
  const uuid = rest.at(-1)!;
  if (!LOOKUP.test(uuid)) return undefined;
  const route = { view: "instance" as const, collection, uuid };
  // An address names no bucket: `/api/videos/<uuid>` is the resource whatever the layout.
  if (!index) return rest.length === 2 ? { route } : undefined;
  const levels = bucketLevels(rest.slice(1, -1), uuid);
  return levels === undefined ? undefined : { route, fixedExtension, levels };
}

/** How many levels the bucket folders of a path are, when they are the right ones for a name's hex digits. */
function bucketLevels(buckets: readonly string[], hex: string): number | undefined {
  const path = buckets.map((bucket) => `${bucket}/`).join("");
  return buckets.every((bucket) => BUCKET.test(bucket)) && path === bucketPath(hex, buckets.length) ? buckets.length : undefined;
}

/** A view's address as the spec writes it: `/api/`, `/api/<collection>`, `/api/<collection>/<uuid>`; in a language's tree, `/es/api/…`. */
export function routePath(route: ApiRoute, language?: string): string {
  const tree = `/${languageRoot(language)}api/`;
  switch (route.view) {
    case "root":
      return tree;
    case "list":
      return `${tree}${route.collection.name}`;
    case "instance":
      return `${tree}${route.collection.name}/${route.uuid}`;
  }
}

/** The file (below its tree's root) holding a view in a format, where the tree's layout puts it. */
export function routeFile(route: ApiRoute, extension: string, layout?: TreeLayout): string {
  switch (route.view) {
    case "root":
      return rootFile(extension);
    case "list":
      return listPageFile(route.collection.name, route.page, extension, levelsOf(layout, route.collection.name));
    case "instance":
      return instanceFile(route.collection.name, route.uuid, extension, levelsOf(layout, route.collection.name));
  }
}

/** The file below the site root holding a view in a format: in its language's tree, where the tree's layout puts it. */
export const viewFile = (route: ApiRoute, extension: string, language?: string, layout?: TreeLayout) =>
  `${languageRoot(language)}${routeFile(route, extension, layout)}`;

/**
 * The file (below the site root) that answers an API URL of this site in the
 * given extension (in its language's tree, if any, laid out as `layout` says), or undefined for a URL outside the API.
 * `{base}/api/videos?format=api` → api/videos/index.html
 */
export function fileOfApiUrl(url: string, baseUrl: string, extension: string, layout?: TreeLayout): string | undefined {
  if (!url.startsWith(`${baseUrl}/`)) return undefined;
  const resolved = resolveApiPath(url.slice(baseUrl.length).split(/[?#]/)[0], layout);
  return resolved && viewFile(resolved.route, extension, resolved.language, layout);
}
