/**
 * The offline reader's archive, downloads/catalogue-reader.zip: one page
 * (index.html), the assets it loads, the OpenAPI description the root links,
 * and, for each tree, its API root and its search files as script-wrapped
 * copies only, which is all the reader's script (runtime/browser/reader.ts)
 * reads: every view and format is made in the browser, so the archive holds
 * no file per resource. Like the mirror, it copies the unchanged entries of
 * the archive already there.
 */
import path from "node:path";
import { FAVICON, STYLESHEET } from "../../core/formats/html.ts";
import { pageOpen, PAGE_CLOSE } from "../../core/formats/html-page.ts";
import { OPENAPI_FILE, READER_ARCHIVE, READER_SCRIPT } from "../../core/routes/output-tree.ts";
import { SOURCE_LANGUAGE } from "../../core/translations/languages.ts";
import { offlineFiles, rootCopies } from "./offline-files.ts";
import { archiveOver, type SiteArchive } from "./archive-site.ts";
import type { ArchiveInput, InMemoryFile } from "./write-archive.ts";

/** The reader's page title, until its script shows a view's name. */
export const READER_TITLE = "Catalogue API";

/** The reader's page, until its script shows the view its address names. */
export const READER_PAGE = `${pageOpen({
  lang: SOURCE_LANGUAGE,
  title: READER_TITLE,
  scripts: `<script src="${READER_SCRIPT}"></script>\n`,
  stylesheet: STYLESHEET,
  icon: FAVICON,
})}<main class="container"><p>Opening the catalogue…</p>
<noscript><p>This offline reader shows the catalogue with JavaScript, which this browser has turned off.</p></noscript></main>
${PAGE_CLOSE}`;

export async function archiveReader(
  siteDir: string,
  date: Date,
  options: Pick<ArchiveInput, "progress" | "update" | "sibling"> = {},
): Promise<SiteArchive> {
  async function* extra(): AsyncGenerator<InMemoryFile> {
    yield { name: "index.html", data: new TextEncoder().encode(READER_PAGE) };
    yield* rootCopies(siteDir);
    yield* offlineFiles(siteDir);
  }
  const only = [STYLESHEET, FAVICON, READER_SCRIPT, OPENAPI_FILE];
  return archiveOver(path.join(siteDir, READER_ARCHIVE), date, options, { siteDir, exclude: [], only, extra: extra() });
}
