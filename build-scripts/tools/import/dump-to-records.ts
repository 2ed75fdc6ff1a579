/**
 * From an API dump (the JSON array `GET /api/<collection>?format=json` returns)
 * to source records: the inverse of catalogue/resource.ts. Derived fields are
 * checked against the configuration and dropped; list order becomes
 * `position` 1..N, so building again gives the same list.
 */
import type { Collection } from "../../core/catalogue/collections.ts";
import { FIELD_ORDER, isJsonObject, recordKeys, resourceUrl, type Json, type JsonObject } from "../../core/catalogue/resource.ts";
import type { SiteConfig } from "../../core/catalogue/site-config.ts";
import { slugify } from "../../core/catalogue/new-record.ts";
import { describeValue, type Problem } from "../../pipeline/validate/problems.ts";
import { checkSchema, type SchemaValidators } from "../../pipeline/validate/schema-check.ts";

export interface ImportedRecord {
  /** File name inside content/<collection>/. */
  readonly fileName: string;
  readonly record: JsonObject;
}

export function dumpToRecords(
  collection: Collection,
  dump: unknown,
  config: SiteConfig,
  dumpFile: string,
  schemaRef: string,
  validators: SchemaValidators,
): { records: ImportedRecord[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const problem = (pointer: string, expected: string, found: string) =>
    problems.push({ file: dumpFile, pointer, expected, found, severity: "error" });
  if (!Array.isArray(dump)) {
    problem("", `a JSON array of ${collection.name} resources (what GET /api/${collection.name}?format=json returns)`, describeValue(dump));
    return { records: [], problems };
  }
  const records: ImportedRecord[] = [];
  const usedNames = new Set<string>();
  // A dump made at another address fails every resource the same way: name the
  // first, with the address the dump seems to use, and count the others.
  const repeated = new Map<string, number>();
  const once = (key: string, report: () => void) => {
    const seen = repeated.get(key) ?? 0;
    repeated.set(key, seen + 1);
    if (seen === 0) report();
  };
  dump.forEach((resource: unknown, index) => {
    const at = `/${index}`;
    if (!isJsonObject(resource)) {
      problem(at, "a resource object", describeValue(resource));
      return;
    }
    const before = problems.length;
    const r = resource as JsonObject;
    const uuid = String(r.uuid);
    if (r.url !== resourceUrl(config, collection.name, uuid)) {
      const suffix = `/api/${collection.name}/${uuid}`;
      const dumpBase = typeof r.url === "string" && r.url.endsWith(suffix) ? r.url.slice(0, -suffix.length) : undefined;
      const hint = dumpBase ? `: this dump's looks like BASE_URL=${dumpBase}` : "";
      once("url", () =>
        problem(
          `${at}/url`,
          `${resourceUrl(config, collection.name, uuid)} (set BASE_URL to the dump's base address${hint})`,
          describeValue(r.url),
        ),
      );
    }
    const siteRoot = `${config.siteUrl}/`;
    if (typeof r.html_url !== "string" || !r.html_url.startsWith(siteRoot)) {
      once("html_url", () =>
        problem(
          `${at}/html_url`,
          `an address starting with ${siteRoot} (set SITE_URL to the dump's site address)`,
          describeValue(r.html_url),
        ),
      );
    }
    if (r.content_type !== collection.contentType) {
      problem(`${at}/content_type`, JSON.stringify(collection.contentType), describeValue(r.content_type));
    }
    const unknown = Object.keys(r).filter((k) => !FIELD_ORDER[collection.kind].includes(k));
    for (const key of unknown) problem(`${at}/${key}`, `only the fields of ${collection.name} resources`, `the field "${key}"`);

    const record: JsonObject = {
      $schema: schemaRef,
      position: index + 1,
      uuid: r.uuid,
      html_path: String(r.html_url ?? "").slice(siteRoot.length),
    };
    const lessonProblem = (pointer: string, expected: string, found: string) => once("lessons", () => problem(pointer, expected, found));
    for (const field of recordKeys(collection.kind)) {
      if (field in record || !(field in r)) continue;
      record[field] = field === "lessons" ? lessonUuids(r.lessons, config, `${at}/lessons`, lessonProblem) : r[field];
    }
    // The schema speaks of the record made from the resource: only worth it when the addresses fit.
    if (problems.length === before && !repeated.size) {
      const schemaProblems = checkSchema(validators, collection.kind, dumpFile, record);
      for (const p of schemaProblems) problems.push({ ...p, pointer: `${at}${p.pointer}` });
      if (schemaProblems.length === 0) records.push({ fileName: fileNameFor(record, usedNames), record });
    }
  });
  for (const [field, count] of repeated) {
    if (count > 1)
      problem("", `every resource's ${field} to fit the configured address`, `${count - 1} more of the same ${field} problem as the first`);
  }
  return { records, problems };
}

function lessonUuids(lessons: Json, config: SiteConfig, at: string, problem: (p: string, e: string, f: string) => void): Json {
  if (!Array.isArray(lessons)) return lessons;
  const prefix = `${config.baseUrl}/api/lessons/`;
  return lessons.map((url, i) => {
    if (typeof url === "string" && url.startsWith(prefix)) return url.slice(prefix.length);
    problem(`${at}/${i}`, `a lesson address starting with ${prefix}`, describeValue(url));
    return url;
  });
}

/** The last segment of html_path, else the UUID; never twice in one collection. */
function fileNameFor(record: JsonObject, used: Set<string>): string {
  let name = slugify(String(record.html_path).split("/").filter(Boolean).pop() ?? "") || String(record.uuid);
  if (used.has(name)) name = `${name}-${String(record.uuid).slice(0, 8)}`;
  used.add(name);
  return `${name}.json`;
}
