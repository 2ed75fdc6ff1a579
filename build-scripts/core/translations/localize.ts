/**
 * A record in another language: the stored translation's targets in place of
 * the source texts they were made from; a text whose source has changed since
 * (stale) or that has no translation keeps the source text. Also what the
 * XLIFF of the translated version says of each text (its state), and the
 * `versions` every version of a resource names. Pure.
 */
import type { Catalogue, CatalogueEntry } from "../catalogue/catalogue.ts";
import { isJsonObject, resourceUrl, type JsonObject, type SourceRecord } from "../catalogue/resource.ts";
import type { SiteAddresses } from "../catalogue/site-config.ts";
import { SOURCE_LANGUAGE } from "./languages.ts";
import { siteTree } from "./site-tree.ts";
import { textUnits, withText } from "./translatable.ts";

/** One translated text as stored: the target, and the source text it was made from. */
export interface StoredText {
  readonly source: string;
  readonly target: string;
}

/** A stored translation of one resource into one language (content/translations/<lang>/<collection>/<uuid>.json). */
export interface StoredTranslation {
  /** By JSON pointer of the text. */
  readonly fields: Readonly<Record<string, StoredText>>;
}

/** Every language's translations: language → `<collection>/<uuid>` → translation. */
export type Translations = ReadonlyMap<string, ReadonlyMap<string, StoredTranslation>>;

export const translationKey = (collection: string, uuid: string) => `${collection}/${uuid}`;

/** The languages the catalogue has translations in, each a tree of the site, in order. */
export const translatedLanguages = (translations: Translations) => [...translations.keys()].sort();

/** Every record of the catalogue, by the key of its translations. */
export function entriesByKey(catalogue: Catalogue): Map<string, CatalogueEntry> {
  const entries = new Map<string, CatalogueEntry>();
  for (const [name, list] of catalogue.lists) for (const entry of list) entries.set(translationKey(name, entry.record.uuid), entry);
  return entries;
}

/** XLIFF 1.2's states: a current translation, one made from an older source, none yet. */
export type UnitState = "translated" | "needs-review-translation" | "new";

export interface TranslatedUnit {
  readonly source: string;
  readonly target?: string;
  readonly state: UnitState;
}

/** What the XLIFF of a translated version carries: its language, and each text's source, target and state. */
export interface ResourceTranslation {
  readonly language: string;
  /** By JSON pointer, in field order. */
  readonly units: Readonly<Record<string, TranslatedUnit>>;
}

export interface LocalizedRecord {
  readonly record: SourceRecord;
  /** Its units' states: a stored translation made from another source text is "needs-review-translation" (it shows the source). */
  readonly translation: ResourceTranslation;
}

export function localizeRecord(record: SourceRecord, language: string, stored: StoredTranslation | undefined): LocalizedRecord {
  let localized = record;
  const units: Record<string, TranslatedUnit> = {};
  for (const [pointer, source] of textUnits(record)) {
    const text = stored?.fields[pointer];
    if (text === undefined) units[pointer] = { source, state: "new" };
    else if (text.source !== source) units[pointer] = { source, target: text.target, state: "needs-review-translation" };
    else {
      units[pointer] = { source, target: text.target, state: "translated" };
      localized = withText(localized, pointer, text.target);
    }
  }
  return { record: localized, translation: { language, units } };
}

/**
 * A version's `versions`: the record's own (when it holds an object), and the
 * address of every other version of the resource — the source's, from a
 * translated version, and each language's it is translated into.
 */
export function withVersions(
  record: SourceRecord,
  site: SiteAddresses,
  collection: string,
  languages: readonly string[],
  own?: string,
): SourceRecord {
  if (languages.length === 0) return record;
  const versions: JsonObject = isJsonObject(record.versions) ? { ...(record.versions as JsonObject) } : {};
  if (own !== undefined) versions[SOURCE_LANGUAGE] = resourceUrl(site, collection, record.uuid);
  for (const language of languages) {
    if (language !== own) versions[language] = resourceUrl(siteTree(site, language).addresses, collection, record.uuid);
  }
  return { ...record, versions };
}
