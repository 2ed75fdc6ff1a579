/**
 * The API in every language: the source language's tree (api/…), then one
 * tree per language that has translations (<lang>/api/…: the whole catalogue,
 * each resource translated where it has a translation, the source text
 * elsewhere), each written by the same writer as the source's, with its own
 * lists, search files and root. Every version's `versions` names the others.
 * Without translations this is the source tree alone, as before.
 */
import { apiRootData } from "../../core/catalogue/api-root.ts";
import type { Catalogue } from "../../core/catalogue/catalogue.ts";
import type { SourceRecord } from "../../core/catalogue/resource.ts";
import type { SiteConfig } from "../../core/catalogue/site-config.ts";
import { FORMATS } from "../../core/formats/formats.ts";
import { rootView } from "../../core/formats/views.ts";
import { rootFile } from "../../core/routes/output-tree.ts";
import { languageRoot, localizedConfig } from "../../core/translations/languages.ts";
import {
  translatedLanguages,
  localizeRecord,
  translationKey,
  withVersions,
  type ResourceTranslation,
  type Translations,
} from "../../core/translations/localize.ts";
import { FileWriter } from "./file-writer.ts";
import { writeApiTree, type WriteOptions } from "./write-api-tree.ts";
import type { WriteStats } from "./write-stats.ts";

export async function writeLanguageTrees(
  catalogue: Catalogue,
  translations: Translations,
  config: SiteConfig,
  outDir: string,
  options: WriteOptions = {},
): Promise<WriteStats> {
  const languages = translatedLanguages(translations);
  const languagesOf = (collection: string, uuid: string) =>
    languages.filter((language) => translations.get(language)!.has(translationKey(collection, uuid)));
  const source = mapRecords(catalogue, (collection, record) =>
    withVersions(record, config, collection, languagesOf(collection, record.uuid)),
  );
  const stats = await writeApiTree(source, config, outDir, options);
  // Watch mode keeps the source tree's items only (docs/translations.md: `npm run dev`).
  const treeOptions: WriteOptions = { progress: options.progress, signal: options.signal, scripts: options.scripts };
  for (const language of languages) {
    const stored = translations.get(language)!;
    const units = new Map<string, ResourceTranslation[]>();
    const localized = mapRecords(catalogue, (collection, record) => {
      const { record: translated, translation } = localizeRecord(record, language, stored.get(translationKey(collection, record.uuid)));
      if (!units.has(collection)) units.set(collection, []);
      units.get(collection)!.push(translation);
      return withVersions(translated, config, collection, [...languagesOf(collection, record.uuid), language], language);
    });
    const treeConfig = localizedConfig(config, language);
    const treeDir = `${outDir}/${languageRoot(language)}`;
    await writeApiTree(localized, treeConfig, treeDir, treeOptions, { language, translations: units }, stats);
    const writer = new FileWriter(treeDir, stats);
    const context = { config: treeConfig, language };
    for (const format of FORMATS)
      writer.write(rootFile(format.extension), format.renderer.document(rootView(apiRootData(treeConfig)), context));
  }
  return stats;
}

/** The catalogue with each record replaced (list order kept). */
function mapRecords(catalogue: Catalogue, map: (collection: string, record: SourceRecord) => SourceRecord): Catalogue {
  const lists = [...catalogue.lists].map(
    ([name, list]) => [name, list.map((entry) => ({ ...entry, record: map(name, entry.record) }))] as const,
  );
  return { lists: new Map(lists) };
}
