/**
 * admin/index.html: Decap CMS, for editors (docs/editors.md). Scripts only as
 * files: ours (cms.js) stops Decap's automatic start, then starts it with the
 * configuration generated from the schemas (config.json). Beside Decap, the
 * find box (runtime/browser/admin-find.ts).
 */
import { ADMIN_FOLDER } from "../../build-scripts/core/routes/output-tree.ts";
import { FAVICON } from "../../build-scripts/core/formats/html.ts";
import { pageOpen, PAGE_CLOSE } from "../../build-scripts/core/formats/html-page.ts";
import { SOURCE_LANGUAGE } from "../../build-scripts/core/translations/languages.ts";

export const data = { permalink: `${ADMIN_FOLDER}/index.html`, eleventyExcludeFromCollections: true };

const head = {
  lang: SOURCE_LANGUAGE,
  title: "Catalogue editor",
  meta: '<meta name="robots" content="noindex">\n',
  stylesheet: "admin.css",
  icon: `/${FAVICON}`,
};

export function render(): string {
  return `${pageOpen(head)}<p id="cms-status" role="alert" hidden></p>
<form id="find-record" role="search" hidden>
  <label for="find-record-input">Find a record</label>
  <input id="find-record-input" type="search" autocomplete="off" placeholder="Words of its title, its UUID or its address">
  <p id="find-record-status" aria-live="polite"></p>
  <ul id="find-record-results"></ul>
</form>
<script src="cms.js"></script>
<script src="decap/decap-cms.js"></script>
${PAGE_CLOSE}`;
}
