/**
 * The site's front page (index.html): a pointer to the API root (and the
 * first page of an offline mirror), with each collection's count. Written
 * with the lists, not by Eleventy, since a saved record changes the counts.
 */
import type { Catalogue } from "../../core/catalogue/catalogue.ts";
import { COLLECTIONS } from "../../core/catalogue/collections.ts";
import type { SiteConfig } from "../../core/catalogue/site-config.ts";
import { escapeHtml } from "../../core/formats/html-escape.ts";
import { FAVICON, STYLESHEET } from "../../core/formats/html.ts";
import { pageOpen, PAGE_CLOSE } from "../../core/formats/html-page.ts";
import { DATA_FORMATS, displayName, inWords } from "../../core/format-table.ts";
import { listFile, OPENAPI_FILE, rootFile, SHIM_DECLARATIONS } from "../../core/routes/output-tree.ts";
import { SOURCE_LANGUAGE } from "../../core/translations/languages.ts";

export const HOME_PAGE = "index.html";

export function homePage(config: SiteConfig, catalogue: Catalogue): string {
  const items = COLLECTIONS.map((c) => {
    const count = catalogue.lists.get(c.name)?.length ?? 0;
    return `<li><a href="${listFile(c.name, "html")}">${escapeHtml(c.name)}</a> <span class="count">${count}</span></li>`;
  }).join("\n");
  return `${pageOpen({ lang: SOURCE_LANGUAGE, title: "Catalogue API", stylesheet: STYLESHEET, icon: FAVICON })}<header class="navbar"><a class="brand" href="api/index.html">Catalogue API</a></header>
<main class="container">
<h1>Educational content catalogue</h1>
<p>A read-only API. Start at the <a href="api/index.html">API root</a>; every view is also available as
${inWords(DATA_FORMATS.map((type) => `<a href="${rootFile(type.extension)}">${displayName(type)}</a>`))}.</p>
<p>API address: <code>${escapeHtml(config.baseUrl)}/api/</code></p>
<p>For integrators: the <a href="${OPENAPI_FILE}">OpenAPI description</a> (OpenAPI 3.1) and the
<a href="${SHIM_DECLARATIONS}">TypeScript declarations</a> of the browser client.</p>
<h2>Collections</h2>
<ul class="collections">
${items}
</ul>
</main>
${PAGE_CLOSE}`;
}
