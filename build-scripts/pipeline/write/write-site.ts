/**
 * The site's files made from the records: the front page, the source
 * language's tree (api/…), then one tree per language that has translations
 * (<lang>/api/…: the whole catalogue, each resource translated where it has a
 * translation, the source text elsewhere), each written by the same writer
 * as the source's, with its own lists, search files and root. Every version's
 * `versions` names the others. Without translations this is the source tree
 * alone.
 *
 * The build runs it once into an empty folder; `npm run dev` runs it again,
 * over the tree, for the collections a save touched.
 */
import { apiRootData } from "../../core/catalogue/api-root.ts";
import type { SourceRecord } from "../../core/catalogue/resource.ts";
import type { SiteConfig } from "../../core/catalogue/site-config.ts";
import { FORMATS } from "../../core/formats/formats.ts";
import { rootView, type ListScripts, type RenderContext } from "../../core/formats/views.ts";
import { rootFile } from "../../core/routes/output-tree.ts";
import { languageRoot, localizedConfig } from "../../core/translations/languages.ts";
import { translatedLanguages, localizeRecord, translationKey, withVersions } from "../../core/translations/localize.ts";
import type { PreparedBuild } from "../prepare.ts";
import { browserScripts } from "./browser-scripts.ts";
import type { FileWriter } from "./file-writer.ts";
import { homePage, HOME_PAGE } from "./home-page.ts";
import type { RecordToRender } from "./render-messages.ts";
import { writeApiTree, type Tree, type WriteOptions } from "./write-api-tree.ts";
import type { WriteStats } from "./write-stats.ts";

/** The one render context of a tree: its addresses, its language, and the list view script's chunks. */
const treeContext = (config: SiteConfig, scripts: ListScripts, language?: string): RenderContext => ({ config, language, scripts });

export async function writeSite(build: PreparedBuild, writer: FileWriter, options: WriteOptions): Promise<WriteStats> {
  const { catalogue, translations, config } = build;
  const scripts = browserScripts(config).list;
  writer.write(HOME_PAGE, homePage(config, catalogue));
  const languages = translatedLanguages(translations);
  /** The languages each record is translated in (by its translation key), in the order of `languages`. */
  const languagesOf = new Map<string, string[]>();
  for (const language of languages) {
    for (const key of translations.get(language)?.keys() ?? []) languagesOf.set(key, [...(languagesOf.get(key) ?? []), language]);
  }
  /** Each collection's records (of `only`, if given), each made by `make`. */
  const lists = (make: (collection: string, record: SourceRecord) => RecordToRender) =>
    new Map(
      [...catalogue.lists]
        .filter(([name]) => !options.only || options.only.has(name))
        .map(([name, list]) => [name, list.map(({ record }) => make(name, record))]),
    );
  const source: Tree = {
    context: treeContext(config, scripts),
    lists: lists((collection, record) => {
      const versions = languagesOf.get(translationKey(collection, record.uuid));
      return { record: versions ? withVersions(record, config, collection, versions) : record };
    }),
  };
  await writeApiTree(source, writer, options);
  for (const language of languages) {
    const stored = translations.get(language);
    const treeConfig = localizedConfig(config, language);
    const tree: Tree = {
      context: treeContext(treeConfig, scripts, language),
      lists: lists((collection, record) => {
        const key = translationKey(collection, record.uuid);
        const { record: translated, translation } = localizeRecord(record, language, stored?.get(key));
        const versions = [...(languagesOf.get(key) ?? []), language];
        return { record: withVersions(translated, config, collection, versions, language), translation };
      }),
    };
    const treeWriter = writer.within(languageRoot(language));
    await writeApiTree(tree, treeWriter, options);
    for (const format of FORMATS)
      treeWriter.write(rootFile(format.extension), format.renderer.document(rootView(apiRootData(treeConfig)), tree.context));
  }
  return writer.stats;
}
