/**
 * The output tree: where every document of the API lives below the site root.
 * This layout is the product's public, stable interface:
 *
 *   api/index.<ext>                       the API root
 *   api/<collection>/index.<ext>          a list
 *   api/<collection>/page-<n>.html        page n ≥ 2 of a list's HTML view
 *   api/<collection>/<uuid>/index.<ext>   one resource
 *   downloads/catalogue-mirror.zip        the offline mirror (written by `npm run mirror`)
 *   downloads/catalogue-reader.zip        the offline reader (written by `npm run mirror`)
 *   downloads/catalogue.zim               the offline reader as a ZIM file, for Kiwix (written by `npm run mirror`)
 *   openapi.json                          the API's OpenAPI 3.1 description
 *
 * A collection whose folder would hold more entries than the folder limit
 * (a host refuses more) is split into `levels` of bucket folders, each named
 * by two hex digits: the last ones of the uuid, or of the page number's hex
 * (zero-padded), so a file's place is a pure function of the layout:
 *
 *   api/<collection>/<b1>/<uuid>/index.<ext>        levels 1: b1 = uuid.slice(-2)
 *   api/<collection>/<b1>/<b2>/<uuid>/index.<ext>   levels 2: b1 = uuid.slice(-4, -2), b2 = uuid.slice(-2)
 *   api/<collection>/<b1>/page-<n>.html             levels 1: b1 = n's hex, last 2 digits ("02" for page 2)
 *
 * The lists (api/<collection>/index.<ext>) stay where they are.
 */
export const rootFile = (extension: string) => `api/index.${extension}`;

export const listFile = (collection: string, extension: string) => `api/${collection}/index.${extension}`;

/** The bucket folders of a name's hex digits at `levels` levels: "" (flat), "a2/" (1), "3f/a2/" (2). */
export function bucketPath(hex: string, levels: number): string {
  let path = "";
  for (let level = levels; level >= 1; level--) path += `${hex.slice(-2 * level, hex.length - 2 * (level - 1))}/`;
  return path;
}

/** A page number's hex digits, as its bucket folders take them. */
export const pageHex = (page: number, levels: number) => page.toString(16).padStart(2 * levels, "0");

/** `levels`: the collection's bucket levels in the tree's layout (0: flat). */
export const listPageFile = (collection: string, page: number, extension = "html", levels = 0) =>
  page === 1 ? listFile(collection, extension) : `api/${collection}/${bucketPath(pageHex(page, levels), levels)}page-${page}.${extension}`;

export const instanceFile = (collection: string, uuid: string, extension: string, levels = 0) =>
  `api/${collection}/${bucketPath(uuid, levels)}${uuid}/index.${extension}`;

/** The offline mirror archive; the API root's HTML view links it once it exists. */
export const MIRROR_ARCHIVE = "downloads/catalogue-mirror.zip";
/** The offline reader: one page, its assets and the search files, every view made in the browser; the root links it too. */
export const READER_ARCHIVE = "downloads/catalogue-reader.zip";
/** The reader's files and a titled entry per resource, as a ZIM file Kiwix opens; the root links it too. */
export const ZIM_ARCHIVE = "downloads/catalogue.zim";

/** The API's OpenAPI description, at the site root (not a key of the API root, which keeps the spec's 31). */
export const OPENAPI_FILE = "openapi.json";

/**
 * The media type registered (IANA) for OpenAPI documents in JSON;
 * `version` names the OpenAPI version, so a tool knows the dialect before
 * it parses (docs/openapi.md).
 */
export const OPENAPI_MEDIA_TYPE = "application/vnd.oai.openapi+json;version=3.1";

/** How many folders deep a file is below the site root ("api/index.html" → 1). */
export const depthOf = (file: string) => file.split("/").length - 1;

/*
 * Files for `search` and `fields`, read by the edge and the browser (docs/search.md):
 *
 *   assets/catalogue-shim.js                  the ES module any page can import
 *   search/layout.json                        the tree's layout: its split collections (tree-layout.ts)
 *   search/<collection>/index.json            a list's manifest: its search index, and the names of
 *   search/<collection>/files/<name>          its files, each named after its content, so cached for good:
 *       terms-<n>.<hash>.txt                  the index's term files (n from 0)
 *       fragments-<n>.<hash>.txt              trigrams to the terms that contain them (words inside words)
 *       records-<n>.<hash>.json               its records, RECORDS_PER_FILE at a time, as JSON; once the
 *                                             folder would pass the limit, records/<k>/records-<n>.<hash>.json
 *       uuids-<k>.<hash>.txt                  the uuid index: lines `uuid position`, bucket k (core/search/uuid-index.ts)
 *       entries-<ext>.<hash>.bin              where each entry of the list file api/<collection>/index.<ext> starts
 *       column-<ext>-<field>.<hash>.txt       one field's part of every item in a data format, each a netstring
 */
export const SHIM_FILE = "assets/catalogue-shim.js";
/** The shim's TypeScript declarations, beside it, so `import type` from the shim finds them. */
export const SHIM_DECLARATIONS = "assets/catalogue-shim.d.ts";
/** The HTML view's own script: the search box and fields picker of a list. */
export const LIST_VIEW_SCRIPT = "assets/catalogue-view.js";
/** The offline reader's script (runtime/browser/reader.ts), a classic script: the reader opens from its files. */
export const READER_SCRIPT = "assets/catalogue-reader.js";
export const searchManifestFile = (collection: string) => `search/${collection}/index.json`;
/** A file named in a list's manifest. */
export const queryFile = (collection: string, name: string) => `search/${collection}/files/${name}`;
/** Netlify's header rule for the files named after their content (they never change). */
export const QUERY_FILES_PATTERN = "/search/*/files/*";
/** The name of a query file: its kind, the hash of its content, its extension. */
export const hashedName = (stem: string, hash: string, extension: string) => `${stem}.${hash}.${extension}`;
/** Record slice n's name; `perFolder`: slices per subfolder, when the list's files are split (tree-layout.ts). */
export const recordSliceName = (n: number, hash: string, perFolder?: number) =>
  `${perFolder ? `records/${Math.floor(n / perFolder)}/` : ""}${hashedName(`records-${n}`, hash, "json")}`;
/** The tree's layout (core/routes/tree-layout.ts), read by the edge and the browser. */
export const LAYOUT_FILE = "search/layout.json";

/*
 * What the CMS at admin/ reads beside the API (docs/editors.md):
 *
 *   admin/sources/<hhh>.txt                   where records' files are: lines `key<TAB>collection<TAB>file name`,
 *                                             the key a UUID or an html_path, <hhh> its hash's first hex digits
 */
/** The site's folder of the CMS (admin/): published with the site, left out of the offline mirror, which has no backend to save to. */
export const ADMIN_FOLDER = "admin";
export const SOURCES_FOLDER = `${ADMIN_FOLDER}/sources`;
export const sourceBucketFile = (bucket: string) => `${SOURCES_FOLDER}/${bucket}.txt`;
