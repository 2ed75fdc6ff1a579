/**
 * From translated XLIFF to stored translations: which texts of which records
 * each unit translates, what is imported, what is skipped and why, and what
 * is refused (an error: nothing is written). Pure: the command reads and
 * writes the files.
 *
 * A <file> names its resource by `original` (`{base_url}/api/<collection>/<uuid>`,
 * or a language's tree's address); the unit's id is the text's JSON pointer.
 * translate-toolkit's po2xliff instead writes the translations into a <file>
 * named after the PO file, with numbered ids and the pointer as the unit's
 * location: such a unit translates the texts at that pointer, with the same
 * source, of the resources whose <file>s the same document holds (po2xliff's
 * template, `-t`, is the exported XLIFF).
 */
import type { CatalogueEntry } from "../../core/catalogue/catalogue.ts";
import type { SourceRecord } from "../../core/catalogue/resource.ts";
import { resolveApiPath } from "../../core/routes/api-path.ts";
import { isTargetLanguage, normalizeLanguage, LANGUAGE_EXPECTED } from "../../core/translations/languages.ts";
import { translationKey } from "../../core/translations/localize.ts";
import { looksLikeHtml, markupProblem } from "../../core/translations/markup.ts";
import { textUnits } from "../../core/translations/translatable.ts";
import type { XliffFile, XliffUnit } from "./read-xliff.ts";
import { appendAll } from "../../core/append-all.ts";

/** One text to store: a resource's text at a pointer, in a language. */
export interface ImportedText {
  readonly input: string;
  readonly language: string;
  readonly collection: string;
  readonly uuid: string;
  readonly pointer: string;
  readonly source: string;
  readonly target: string;
  /** The record's text is no longer the unit's source (imported all the same: the build warns, and shows the source). */
  readonly stale: boolean;
}

export interface SkippedUnit {
  readonly input: string;
  readonly original: string;
  readonly id: string;
  readonly reason: string;
}

export interface ImportPlan {
  readonly texts: ImportedText[];
  readonly skipped: SkippedUnit[];
  /** Refused input, named by file and id: nothing is written when there is any. */
  readonly errors: string[];
}

interface Resource {
  readonly collection: string;
  readonly uuid: string;
  readonly record: SourceRecord;
  readonly language: string | undefined;
  readonly file: XliffFile;
}

const SKIP_STATES = new Set(["new", "needs-translation"]);

const isEmpty = (unit: XliffUnit) => unit.target === undefined || (typeof unit.target === "string" && unit.target.trim() === "");

/** `records`: every record of the catalogue by its translation key (entriesByKey). */
export function planImport(
  inputs: readonly { readonly input: string; readonly files: readonly XliffFile[] }[],
  records: ReadonlyMap<string, CatalogueEntry>,
  lang: string | undefined,
): ImportPlan {
  const plan: ImportPlan = { texts: [], skipped: [], errors: [] };
  for (const { input, files } of inputs) {
    const resources: Resource[] = [];
    const others: XliffFile[] = [];
    for (const file of files) {
      const resource = resourceOf(file, records, lang);
      if (resource) resources.push(resource);
      else others.push(file);
    }
    // po2xliff's units first: the template's units they translate stay empty beside them, and are no skip to report.
    const fromOthers: ImportPlan = { texts: [], skipped: [], errors: [] };
    for (const file of others) for (const unit of file.units) planOtherUnit(fromOthers, input, resources, file, unit, lang);
    const translated = new Set(fromOthers.texts.map((t) => translationKey(t.collection, t.uuid) + t.pointer));
    for (const resource of resources) {
      const key = translationKey(resource.collection, resource.uuid);
      for (const unit of resource.file.units)
        if (!(isEmpty(unit) && translated.has(key + unit.pointer))) planUnit(plan, input, resource, unit);
    }
    appendAll(plan.texts, fromOthers.texts);
    appendAll(plan.skipped, fromOthers.skipped);
    appendAll(plan.errors, fromOthers.errors);
  }
  return plan;
}

/** A unit of a <file> that names no resource: po2xliff's, translating the texts of the document's resources. */
function planOtherUnit(
  plan: ImportPlan,
  input: string,
  resources: readonly Resource[],
  file: XliffFile,
  unit: XliffUnit,
  lang: string | undefined,
): void {
  const skip = (reason: string) => void plan.skipped.push({ input, original: file.original, id: unit.id, reason });
  if (unit.restype === "x-gettext-domain-header") return skip("the PO file's header, not a text of the catalogue");
  // po2xliff: the resources of the same document with this text at this pointer.
  const found = resources.filter((r) => r.file.units.some((u) => u.pointer === unit.pointer && u.source === unit.source));
  if (found.length === 0)
    return skip(
      `<file original="${file.original}"> is not a resource of this catalogue, and no resource's <file> in ${input} has this text`,
    );
  const language = languageOf(file, lang);
  for (const resource of found) planUnit(plan, input, { ...resource, language: language ?? resource.language, file }, unit);
}

/** The resource a <file> translates, when its `original` names one of the catalogue. */
function resourceOf(file: XliffFile, records: ReadonlyMap<string, CatalogueEntry>, lang: string | undefined): Resource | undefined {
  let path: string;
  try {
    path = new URL(file.original, "http://localhost").pathname;
  } catch {
    return undefined;
  }
  const route = resolveApiPath(path)?.route;
  if (route?.view !== "instance") return undefined;
  const record = records.get(translationKey(route.collection.name, route.uuid))?.record;
  if (!record) return undefined;
  return { collection: route.collection.name, uuid: route.uuid, record, language: languageOf(file, lang), file };
}

/** A <file>'s target-language, else --lang; normalized ("es_ES" → "es-ES"), the raw text when it is none. */
function languageOf(file: XliffFile, lang: string | undefined): string | undefined {
  const given = file.targetLanguage ?? lang;
  return given === undefined ? undefined : (normalizeLanguage(given) ?? given);
}

function planUnit(plan: ImportPlan, input: string, resource: Resource, unit: XliffUnit): void {
  const { pointer } = unit;
  const where = `${input}: <file original="${resource.file.original}">, <trans-unit id="${unit.id}">`;
  const skip = (reason: string) => void plan.skipped.push({ input, original: resource.file.original, id: unit.id, reason });
  if (isEmpty(unit)) return skip("empty target");
  if (unit.state && SKIP_STATES.has(unit.state)) return skip(`state="${unit.state}"`);
  if (unit.approved === "no") return skip('approved="no" (not final: a fuzzy entry)');
  if (typeof unit.target !== "string") return skip("the target holds inline elements (<g>, <x/>…), which the importer does not read");
  const current = pointer === undefined ? undefined : textUnits(resource.record).get(pointer);
  if (pointer === undefined || current === undefined)
    return skip(`unknown id: ${resource.collection}/${resource.uuid} has no translatable text there`);
  const { language } = resource;
  if (language === undefined) {
    plan.errors.push(`${where}: no target-language on the <file>, and no --lang: say which language the translation is in`);
    return;
  }
  if (!isTargetLanguage(language)) {
    plan.errors.push(`${where}: target-language "${language}" is not ${LANGUAGE_EXPECTED}`);
    return;
  }
  if (unit.datatype === "html" || looksLikeHtml(unit.source)) {
    const problem = markupProblem(unit.source, unit.target);
    if (problem) {
      plan.errors.push(`${where}: refused: the source is HTML, and the target has ${problem}`);
      return;
    }
  }
  plan.texts.push({
    input,
    language,
    collection: resource.collection,
    uuid: resource.uuid,
    pointer,
    source: unit.source,
    target: unit.target,
    stale: unit.source !== current,
  });
}
