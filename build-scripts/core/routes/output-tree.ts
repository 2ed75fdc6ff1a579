/**
 * The output tree: where every document of the API lives below the site root.
 * This layout is the product's public, stable interface:
 *
 *   api/index.<ext>                       the API root
 *   api/<collection>/index.<ext>          a list
 *   api/<collection>/page-<n>.html        page n ≥ 2 of a list's HTML view
 *   api/<collection>/<uuid>/index.<ext>   one resource
 *   downloads/catalogue-mirror.zip        the offline mirror (written by `npm run mirror`)
 */
export const rootFile = (extension: string) => `api/index.${extension}`;

export const listFile = (collection: string, extension: string) => `api/${collection}/index.${extension}`;

export const listPageFile = (collection: string, page: number, extension = "html") =>
  page === 1 ? listFile(collection, extension) : `api/${collection}/page-${page}.${extension}`;

export const instanceFile = (collection: string, uuid: string, extension: string) => `api/${collection}/${uuid}/index.${extension}`;

/** The offline mirror archive; the API root's HTML view links it once it exists. */
export const MIRROR_ARCHIVE = "downloads/catalogue-mirror.zip";

/** How many folders deep a file is below the site root ("api/index.html" → 1). */
export const depthOf = (file: string) => file.split("/").length - 1;

/*
 * Files for search and field selection in the browser (docs/search.md):
 *
 *   assets/catalogue-shim.js              the ES module any page can import
 *   search/<collection>/index.json        a list's search manifest
 *   search/<collection>/terms-<n>.txt     its term files (n from 0)
 *   search/<collection>/records-<n>.json  its records, RECORDS_PER_FILE at a time, as JSON
 */
export const SHIM_FILE = "assets/catalogue-shim.js";
/** The HTML view's own script: the search box and fields picker of a list. */
export const LIST_VIEW_SCRIPT = "assets/catalogue-view.js";
export const searchManifestFile = (collection: string) => `search/${collection}/index.json`;
export const searchTermFile = (collection: string, n: number) => `search/${collection}/terms-${n}.txt`;
export const searchRecordsFile = (collection: string, n: number) => `search/${collection}/records-${n}.json`;
