/** The MIRROR-README at the top of the offline mirror: how to open it, from its files first. */
import type { SiteConfig } from "../../core/catalogue/site-config.ts";
import { OPENAPI_FILE, OPENAPI_MEDIA_TYPE, SHIM_DECLARATIONS } from "../../core/routes/output-tree.ts";

export const MIRROR_README = "MIRROR-README";

export function mirrorReadme(folder: string, config: SiteConfig, date: string): string {
  return `Catalogue API: offline mirror
=============================

A copy of the whole read-only API, made ${date.slice(0, 16).replace("T", " ")} UTC from ${config.baseUrl}/api/.

To browse it, with nothing to install:

  1. Unzip the archive; you get the folder ${folder}/.
  2. Open ${folder}/index.html in a web browser (double-click it), and
     follow "API root".

Every page, link and format file works from the files, and so do search and
the choice of fields: the pages' scripts are classic scripts, and the search
files they read have copies wrapped as scripts (<file>.js, beside each file
under search/), which browsers load from files where they refuse to fetch.
The other formats sit beside each HTML page:

  api/index.json, api/<collection>/index.xml, api/<collection>/<uuid>/index.xliff, …

Or serve the folder over HTTP, where files are sent with their media types
(a browser shows index.xml as XML rather than guessing), with Node.js:

       npx http-server ${folder}

or with Python:

       python3 -m http.server --directory ${folder}

Open the address it prints (such as http://127.0.0.1:8080/).

http-server knows no media type for .xliff and serves those files as
application/octet-stream, so a browser downloads them rather than showing them;
the HTML view's xliff link names the download after the resource
(videos-<uuid>.xliff, units.xliff, api.xliff).

${OPENAPI_FILE} is the API's OpenAPI 3.1 description and
${SHIM_DECLARATIONS} the TypeScript declarations of its resources;
http-server serves the description as application/json (the live site as
${OPENAPI_MEDIA_TYPE}), which OpenAPI tools read alike.

The "url" fields inside the data keep the address of the live API
(${config.baseUrl}); they are data, and a program can map them to these files.
`;
}
