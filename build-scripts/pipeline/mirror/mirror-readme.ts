/** The MIRROR-README at the top of the offline mirror: how to open it. */
import type { SiteConfig } from "../../core/catalogue/site-config.ts";
import { OPENAPI_FILE, OPENAPI_MEDIA_TYPE, SHIM_DECLARATIONS } from "../../core/routes/output-tree.ts";

export const MIRROR_README = "MIRROR-README";

export function mirrorReadme(folder: string, config: SiteConfig, date: string): string {
  return `Catalogue API: offline mirror
=============================

A copy of the whole read-only API, made ${date.slice(0, 16).replace("T", " ")} UTC from ${config.baseUrl}/api/.

To browse it (Node.js needed):

  1. Unzip the archive; you get the folder ${folder}/.
  2. In a terminal, in the folder that holds it, run:

       npx http-server ${folder}

  3. Open the address it prints (such as http://127.0.0.1:8080/) and follow "API root".

Every page of the HTML view works offline: links between pages are relative
and point at files. Opened straight from the files (double-clicked, a
file:// address) the pages work too, but search and the choice of fields do
not: browsers do not run the pages' script from files, so a list page says
that search needs a web server. The other formats sit beside each HTML page:

  api/index.json, api/<collection>/index.xml, api/<collection>/<uuid>/index.xliff, …

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
