/** The site's front page: a pointer to the API root (and the first page of an offline mirror). */
import type { PreparedBuild } from "../build-scripts/pipeline/prepare.ts";
import { COLLECTIONS } from "../build-scripts/core/catalogue/collections.ts";
import { escapeHtml } from "../build-scripts/core/formats/html-escape.ts";
import { FAVICON, STYLESHEET } from "../build-scripts/core/formats/html.ts";
import { DATA_FORMATS, displayName, inWords } from "../build-scripts/core/formats/format-table.ts";
import { listFile, OPENAPI_FILE, rootFile, SHIM_DECLARATIONS } from "../build-scripts/core/routes/output-tree.ts";

export const data = { permalink: "index.html", eleventyExcludeFromCollections: true };

export function render({ build }: { build: PreparedBuild }): string {
  const items = COLLECTIONS.map((c) => {
    const count = build.catalogue.lists.get(c.name)?.length ?? 0;
    return `<li><a href="${listFile(c.name, "html")}">${escapeHtml(c.name)}</a> <span class="count">${count}</span></li>`;
  }).join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Catalogue API</title>
<link rel="stylesheet" href="${STYLESHEET}">
<link rel="icon" href="${FAVICON}" type="image/svg+xml">
</head>
<body>
<header class="navbar"><a class="brand" href="api/index.html">Catalogue API</a></header>
<main class="container">
<h1>Educational content catalogue</h1>
<p>A read-only API. Start at the <a href="api/index.html">API root</a>; every view is also available as
${inWords(DATA_FORMATS.map((type) => `<a href="${rootFile(type.extension)}">${displayName(type)}</a>`))}.</p>
<p>API address: <code>${escapeHtml(build.config.baseUrl)}/api/</code></p>
<p>For integrators: the <a href="${OPENAPI_FILE}">OpenAPI description</a> (OpenAPI 3.1) and the
<a href="${SHIM_DECLARATIONS}">TypeScript declarations</a> of the browser client.</p>
<h2>Collections</h2>
<ul class="collections">
${items}
</ul>
</main>
</body>
</html>
`;
}
