/**
 * Which view of the API a request path names, and which file answers it in a
 * given format. Addresses are those of the spec (`/api/`, `/api/<collection>`,
 * `/api/<collection>/<uuid>`, with or without a trailing slash) and the files
 * of the output tree themselves (`/api/videos/index.json`,
 * `/api/videos/page-2.html`), whose format is fixed by their name. Pure.
 */
import { findCollection, type Collection } from "../catalogue/collections.ts";
import { DEFAULT_MEDIA_TYPE, mediaTypeByExtension, type MediaType } from "../formats/media-types.ts";
import { instanceFile, listPageFile, rootFile } from "./output-tree.ts";

export type ApiRoute =
  | { readonly view: "root" }
  | { readonly view: "list"; readonly collection: Collection; readonly page: number }
  | { readonly view: "instance"; readonly collection: Collection; readonly uuid: string };

export interface ResolvedPath {
  readonly route: ApiRoute;
  /** Set when the path is a file's own name: its format is not negotiated. */
  readonly fixedFormat?: MediaType;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INDEX_FILE = /^index\.([a-z0-9]+)$/;
/** Pages 2… of a list's HTML view (page 1 is index.html). */
const PAGE_FILE = /^page-([2-9]|[1-9]\d+)\.html$/;

/** The view a path names, or undefined when nothing of the API lives there (a 404). */
export function resolveApiPath(pathname: string): ResolvedPath | undefined {
  const parts = pathname.replace(/\/$/, "").split("/").slice(1);
  if (parts[0] !== "api") return undefined;
  let rest = parts.slice(1);
  let fixedFormat: MediaType | undefined;
  let page = 1;
  const last = rest.at(-1) ?? "";
  const index = INDEX_FILE.exec(last);
  const pageFile = rest.length === 2 ? PAGE_FILE.exec(last) : null;
  if (index) {
    fixedFormat = mediaTypeByExtension(index[1]);
    if (!fixedFormat) return undefined;
    rest = rest.slice(0, -1);
  } else if (pageFile) {
    fixedFormat = DEFAULT_MEDIA_TYPE;
    page = Number(pageFile[1]);
    rest = rest.slice(0, -1);
  }
  if (rest.length === 0) return page === 1 ? { route: { view: "root" }, fixedFormat } : undefined;
  const collection = findCollection(rest[0]);
  if (!collection) return undefined;
  if (rest.length === 1) return { route: { view: "list", collection, page }, fixedFormat };
  if (rest.length === 2 && UUID.test(rest[1])) return { route: { view: "instance", collection, uuid: rest[1] }, fixedFormat };
  return undefined;
}

/** The file (below the site root) holding a view in a format. */
export function routeFile(route: ApiRoute, extension: string): string {
  switch (route.view) {
    case "root":
      return rootFile(extension);
    case "list":
      return listPageFile(route.collection.name, route.page, extension);
    case "instance":
      return instanceFile(route.collection.name, route.uuid, extension);
  }
}
