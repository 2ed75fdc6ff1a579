/**
 * The site's files made from the records: the front page, the source
 * language's tree (api/…), then one tree per language that has translations
 * (<lang>/api/…: the whole catalogue, each resource translated where it has a
 * translation, the source text elsewhere), each written by the same writer
 * as the source's, with its own lists, search files and root. Every version's
 * `versions` names the others. Without translations this is the source tree
 * alone. Beside them, the CMS's map of where each record's file is.
 *
 * The build runs it once into an empty folder; `npm run dev` runs it again,
 * over the tree, for the collections a save touched.
 */
import { apiRootData } from "../../core/catalogue/api-root.ts";
import { FORMATS, type Format } from "../../core/formats/formats.ts";
import { rootView, type Download } from "../../core/formats/views.ts";
import type { Catalogue, CatalogueEntry } from "../../core/catalogue/catalogue.ts";
import { sourceFiles } from "../../core/cms/record-sources.ts";
import { LAYOUT_FILE, rootFile, SOURCES_FOLDER } from "../../core/routes/output-tree.ts";
import { translatedLanguages, localizeRecord, translationKey, withVersions } from "../../core/translations/localize.ts";
import { siteTree, type SiteTree } from "../../core/translations/site-tree.ts";
import type { PreparedBuild } from "../prepare.ts";
import { browserScripts } from "./browser-scripts.ts";
import { UpdatingWriter, type FileWriter } from "./file-writer.ts";
import { homePage, HOME_PAGE } from "./home-page.ts";
import type { RecordToRender } from "./render-messages.ts";
import { writeApiTree, type WriteOptions } from "./write-api-tree.ts";
import type { WriteStats } from "./write-stats.ts";

/** A tree's API root in a format; `npm run mirror` gives the source's HTML view the archive it made, to link. */
export const apiRoot = (tree: SiteTree, format: Format, downloads?: readonly Download[]): string =>
  format.renderer.document(rootView(apiRootData(tree.addresses), downloads), tree);

export async function writeSite(build: PreparedBuild, writer: FileWriter, options: WriteOptions): Promise<WriteStats> {
  const { catalogue, translations, config, layout } = build;
  const scripts = browserScripts(config).list;
  writer.write(HOME_PAGE, homePage(config, catalogue));
  writeRecordSources(catalogue, writer);
  const languages = translatedLanguages(translations);
  /** The languages each record is translated in (by its translation key), in the order of `languages`. */
  const languagesOf = new Map<string, string[]>();
  for (const language of languages) {
    for (const key of translations.get(language)?.keys() ?? []) languagesOf.set(key, [...(languagesOf.get(key) ?? []), language]);
  }
  /** A tree's records: the source's, or a language's translated version of each (its digest says which). */
  const treeRecord = (language: string | undefined, collection: string, { record, digest }: CatalogueEntry): RecordToRender => {
    const key = translationKey(collection, record.uuid);
    if (language === undefined) {
      const versions = languagesOf.get(key);
      return { record: versions ? withVersions(record, config, collection, versions) : record, digest };
    }
    const { record: translated, translation } = localizeRecord(record, language, translations.get(language)?.get(key));
    const versions = [...(languagesOf.get(key) ?? []), language];
    return { record: withVersions(translated, config, collection, versions, language), translation, digest: `${language} ${digest}` };
  };
  for (const language of [undefined, ...languages]) {
    const tree = siteTree(config, language);
    /** Each collection's records (of `only`, if given), in the tree's language. */
    const lists = new Map(
      [...catalogue.lists]
        .filter(([name]) => !options.only || options.only.has(name))
        .map(([name, list]) => [name, list.map((entry) => treeRecord(language, name, entry))]),
    );
    const treeWriter = writer.within(tree.folder);
    treeWriter.write(LAYOUT_FILE, JSON.stringify(layout));
    await writeApiTree({ context: { ...tree, scripts, layout }, lists, folderLimit: config.folderLimit }, treeWriter, options);
    for (const format of FORMATS) treeWriter.write(rootFile(format.extension), apiRoot(tree, format));
  }
  return writer.stats;
}

/** Where each record's file is, for the CMS (core/cms/record-sources.ts); over an older tree, files no record falls in any more go. */
function writeRecordSources(catalogue: Catalogue, writer: FileWriter): void {
  const records = [...catalogue.lists].flatMap(([collection, list]) =>
    list.map(({ record, file }) => ({
      collection,
      uuid: record.uuid,
      htmlPath: record.html_path,
      fileName: file.slice(file.lastIndexOf("/") + 1).replace(/\.json$/, ""),
    })),
  );
  const files = sourceFiles(records);
  for (const [file, text] of files) writer.write(file, text);
  if (writer instanceof UpdatingWriter && files.size > 0)
    writer.removeOthers(SOURCES_FOLDER, new Set([...files.keys()].map((file) => file.slice(SOURCES_FOLDER.length + 1))));
}
