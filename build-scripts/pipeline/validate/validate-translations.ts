/**
 * The stored translations checked against their schema and the records:
 * each file's language, collection and record; each text's markup (a target
 * of an HTML text must keep the source's elements); and whether the record's
 * text is still the one translated (stale translations are warnings: the
 * translated version shows the source text until it is translated again).
 * Records with errors of their own take part, so one run names every problem.
 * Pure: the caller reads the files.
 */
import type { CatalogueEntry } from "../../core/catalogue/catalogue.ts";
import { findCollection } from "../../core/catalogue/collections.ts";
import { isTargetLanguage, LANGUAGE_EXPECTED } from "../../core/translations/languages.ts";
import {
  entriesByKey,
  localizeRecord,
  translationKey,
  type StoredTranslation,
  type Translations,
} from "../../core/translations/localize.ts";
import { looksLikeHtml, markupProblem } from "../../core/translations/markup.ts";
import { UUID } from "../../core/routes/api-path.ts";
import { parseJson, pointerSegment, problem, warning, type Problem } from "./problems.ts";
import { checkSchema, type SchemaValidators } from "./schema-check.ts";
import type { ReadRecords, SourceFile } from "./validate-catalogue.ts";
import { appendAll } from "../../core/append-all.ts";
import { memoized } from "../../core/memo.ts";

/** A stored translation's text, or its problem: `collection` is its collection folder, `language` the folder above. */
export type TranslationSource = SourceFile & { readonly language: string };

export interface TranslationsResult {
  /** The translations to publish (those of records of the catalogue); present only when there are no errors. */
  readonly translations?: Translations;
  readonly problems: readonly Problem[];
}

export function validateTranslations(
  sources: readonly TranslationSource[],
  records: ReadRecords,
  validators: SchemaValidators,
): TranslationsResult {
  const byKey = entriesByKey(records.catalogue);
  const problems: Problem[] = [];
  const translations = new Map<string, Map<string, StoredTranslation>>();
  for (const source of sources) {
    const checked = validateTranslation(source, byKey, records.unreadIn, validators);
    appendAll(problems, checked.problems);
    if (checked.key && checked.translation) memoized(translations, source.language, () => new Map()).set(checked.key, checked.translation);
  }
  const failed = problems.some((p) => p.severity === "error");
  return { translations: failed ? undefined : translations, problems };
}

function validateTranslation(
  source: TranslationSource,
  records: ReadonlyMap<string, CatalogueEntry>,
  unreadIn: ReadonlySet<string>,
  validators: SchemaValidators,
): { key?: string; translation?: StoredTranslation; problems: Problem[] } {
  if ("problem" in source) return { problems: [source.problem] };
  const { file, language, collection } = source;
  const error = (expected: string, found: string, pointer = "") => problem(file, pointer, expected, found);
  const unpublished = (expected: string, found: string, pointer = "") => warning("unpublished-translation", file, pointer, expected, found);
  const where: Problem[] = [];
  if (!isTargetLanguage(language)) where.push(error(`a folder named after ${LANGUAGE_EXPECTED}`, `the folder "${language}"`));
  if (!findCollection(collection)) {
    where.push(error("a folder named after one of the 31 collections of the API root", `the unknown collection "${collection}"`));
  }
  const name = file.slice(file.lastIndexOf("/") + 1);
  const stem = name.replace(/\.json$/, "");
  const uuid = stem !== name && UUID.test(stem) ? stem : undefined;
  if (!uuid) where.push(error("a file named after the uuid of the record it translates, <uuid>.json", `"${name}"`));
  const parsed = parseJson(source);
  if ("problem" in parsed) return { problems: [...where, parsed.problem] };
  const schema = [...parsed.problems, ...checkSchema(validators, "translation", file, parsed.value)];
  if (where.length || schema.length || !uuid) return { problems: [...where, ...schema] };
  const translation = parsed.value as StoredTranslation;
  const key = translationKey(collection, uuid);
  const entry = records.get(key);
  if (!entry) {
    // The one check that waits for the records: while a file of the collection cannot be read as a
    // record with a uuid, this translation may be of it, so "no record" is not said until it can.
    if (unreadIn.has(collection)) return { problems: [] };
    const found = `no record with uuid ${uuid} in ${collection}: the translation is not published`;
    return { problems: [unpublished("a translation of a record of the catalogue", found)] };
  }
  const problems: Problem[] = [];
  const { units } = localizeRecord(entry.record, language, translation).translation;
  for (const [pointer, text] of Object.entries(translation.fields)) {
    const at = `/fields/${pointerSegment(pointer)}`;
    if (!(pointer in units)) {
      const found = `${entry.file} has no text at ${pointer}: this translation is not published`;
      problems.push(unpublished("a translation of a text of the record", found, at));
      continue;
    }
    const markup = looksLikeHtml(text.source) ? markupProblem(text.source, text.target) : undefined;
    if (markup) problems.push(error("a target that is well-formed HTML with the source's elements", markup, `${at}/target`));
  }
  for (const [pointer, { state }] of Object.entries(units)) {
    if (state !== "needs-review-translation") continue;
    problems.push(
      warning(
        "stale-translation",
        file,
        `/fields/${pointerSegment(pointer)}/source`,
        `the text of ${entry.file} at ${pointer}, which the ${language} translation was made from`,
        `another text: the source changed since it was translated, so the ${language} version shows the new source text until it is translated again (export its XLIFF: the old target is marked needs-review-translation)`,
      ),
    );
  }
  return { key, translation, problems };
}
