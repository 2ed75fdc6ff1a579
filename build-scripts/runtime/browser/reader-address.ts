/**
 * Addresses inside the offline reader: each view of the API is the reader's
 * page with the view's API address after `#` (`#/api/videos/<uuid>?fields=title`,
 * `#/es/api/units?search=lava&page=2`), so a bookmark or a copied link opens
 * the same view and the browser's history moves through views. A format's
 * file is the view's address with `format` (`#/api/videos?format=xml`). The
 * views' links name the files of the output tree; this maps them here.
 */
import { DATA_FORMATS, formatWithExtension } from "../../core/format-table.ts";
import { resolveApiPath, routePath } from "../../core/routes/api-path.ts";

/** The API root's address: where the reader opens. */
export const ROOT_ADDRESS = "#/api/";

export interface ReaderAddress {
  /** The API path, with its language's tree: /api/videos, /es/api/units/<uuid>. */
  readonly path: string;
  readonly params: URLSearchParams;
}

/** An address (`#/api/videos?search=lava`) as a path and its parameters; none names the API root. */
export function parseAddress(hash: string): ReaderAddress {
  const address = hash.replace(/^#/, "") || ROOT_ADDRESS.slice(1);
  const at = address.indexOf("?");
  return at < 0
    ? { path: address, params: new URLSearchParams() }
    : { path: address.slice(0, at), params: new URLSearchParams(address.slice(at + 1)) };
}

/**
 * The address of a file of the output tree (below the site root, with the
 * query its link gives): a page of the HTML view is its view's address
 * (`page-2.html` → `?page=2`), a data format's file the view's with
 * `format`. Undefined for a file that holds no view of the API.
 */
export function addressOfFile(file: string, query: string): string | undefined {
  const resolved = resolveApiPath(`/${file}`);
  if (!resolved) return undefined;
  const params = new URLSearchParams(query);
  const { route, fixedExtension, language } = resolved;
  if (route.view === "list" && route.page > 1) params.set("page", String(route.page));
  const format = fixedExtension === undefined ? undefined : formatWithExtension(DATA_FORMATS, fixedExtension);
  if (format) params.set("format", format.name);
  const search = params.toString().replaceAll("%2C", ",");
  return `#${routePath(route, language)}${search ? `?${search}` : ""}`;
}
