/**
 * From the source files' text to a validated Catalogue, or the list of every
 * problem found. Pure: the caller reads the files.
 */
import { findCollection } from "../../core/catalogue/collections.ts";
import { buildCatalogue, type Catalogue, type CatalogueEntry } from "../../core/catalogue/catalogue.ts";
import { isJsonObject, type SourceRecord } from "../../core/catalogue/resource.ts";
import { checkSchema, type SchemaValidators } from "./schema-check.ts";
import { crossRecordProblems, recordProblems, versionProblems } from "./record-rules.ts";
import { nestingProblem, parseJson, problem, type Problem } from "./problems.ts";
import { appendAll } from "../../core/append-all.ts";

/** A source file's text, or the problem that kept it from being read (a folder named *.json, a broken link, …). */
export type SourceFile = ReadSource | UnreadSource;

export interface SourceName {
  /** Path relative to the project, e.g. content/videos/volcano-basics.json. */
  readonly file: string;
  /** The folder below the content folder: the collection name. */
  readonly collection: string;
}

export interface ReadSource extends SourceName {
  readonly text: string;
  /** The text's SHA-256, which the entry carries (CatalogueEntry's `digest`). */
  readonly digest: string;
}

export interface UnreadSource extends SourceName {
  readonly problem: Problem;
}

export interface ValidationResult {
  /** Present only when there are no errors. */
  readonly catalogue?: Catalogue;
  readonly problems: readonly Problem[];
  /** What stored translations are checked against, errors or not (validate-translations.ts). */
  readonly records: ReadRecords;
}

/**
 * Every record read as an object with a uuid, in a known collection, errors
 * or not (the catalogue itself when there are none); and the collections
 * where some file could not be read so far (not JSON, no uuid, …).
 */
export interface ReadRecords {
  readonly catalogue: Catalogue;
  readonly unreadIn: ReadonlySet<string>;
}

export function validateSources(sources: Iterable<SourceFile>, validators: SchemaValidators): ValidationResult {
  const problems: Problem[] = [];
  const entries: CatalogueEntry[] = [];
  // Records with errors of their own still take part in the cross-record
  // rules, so one run names a duplicate UUID wherever it stands.
  const parsed: CatalogueEntry[] = [];
  const unreadIn = new Set<string>();
  for (const source of sources) {
    const checked = validateSource(source, validators);
    appendAll(problems, checked.problems);
    if (checked.entry) entries.push(checked.entry);
    if (checked.parsed) parsed.push(checked.parsed);
    if (typeof checked.parsed?.record.uuid !== "string") unreadIn.add(source.collection);
  }
  appendAll(problems, crossRecordProblems(parsed));
  if (problems.some((p) => p.severity === "error")) {
    const read = buildCatalogue(parsed.filter((entry) => typeof entry.record.uuid === "string"));
    return { problems, records: { catalogue: read, unreadIn } };
  }
  const catalogue = buildCatalogue(entries);
  return { catalogue, problems, records: { catalogue, unreadIn } };
}

/**
 * One file on its own: its problems, its entry if it has no errors, and what
 * it parsed to (an object in a known collection, errors or not) for the
 * cross-record rules, which are not applied here.
 */
export function validateSource(
  source: SourceFile,
  validators: SchemaValidators,
): { entry?: CatalogueEntry; parsed?: CatalogueEntry; problems: Problem[] } {
  if ("problem" in source) return { problems: [source.problem] };
  const collection = findCollection(source.collection);
  if (!collection) {
    const expected = "a file in a folder named after one of the 31 collections of the API root";
    return { problems: [problem(source.file, "", expected, `a record in the unknown collection "${source.collection}"`)] };
  }
  const parsed = parseJson(source);
  if ("problem" in parsed) return { problems: [parsed.problem] };
  const problems = [
    ...parsed.problems,
    ...checkSchema(validators, collection.kind, source.file, parsed.value),
    ...recordProblems(collection.kind, source.file, parsed.value),
    ...versionProblems(collection, source.file, parsed.value),
    ...(parsed.tooDeep ? [nestingProblem(source.file, parsed.value, parsed.tooDeep)] : []),
  ];
  const candidate = isJsonObject(parsed.value)
    ? { collection, record: parsed.value as SourceRecord, file: source.file, digest: source.digest }
    : undefined;
  if (problems.some((p) => p.severity === "error")) return { parsed: candidate, problems };
  return { entry: candidate, parsed: candidate, problems };
}
