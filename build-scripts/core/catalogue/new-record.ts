/**
 * A new source record, as `npm run new` writes it: a fresh UUID, the current
 * time in the collection's date precision, every field of its schema present
 * (empty where the editor fills in), the end of its list, and an html_path
 * from the title. Pure: the command passes in the UUID, the time and what it
 * read of the collection's existing records.
 */
import type { Collection, ResourceKind } from "./collections.ts";
import { recordKeys, type Json, type JsonObject } from "./resource.ts";
import { propertySchema } from "../../schemas/schemas.ts";

export interface NewRecordInput {
  readonly collection: Collection;
  readonly title: string;
  readonly uuid: string;
  /** Now, in microseconds since the epoch. */
  readonly nowMicros: number;
  /** The existing records of the collection (parsed; unreadable ones left out). */
  readonly existing: readonly Record<string, unknown>[];
  /** The `$schema` value: the schema's path relative to the new file. */
  readonly schemaRef: string;
  /** The slug: the file name (without .json) and the last part of html_path. */
  readonly slug: string;
}

export function newRecord(input: NewRecordInput): JsonObject {
  const { collection, uuid } = input;
  const record: JsonObject = {
    $schema: input.schemaRef,
    position: nextPosition(input.existing),
    uuid,
    html_path: `${htmlPathPrefix(collection, input.existing)}${input.slug}/`,
  };
  const now = timestamp(collection.kind, input.nowMicros);
  for (const field of recordKeys(collection.kind)) {
    if (!(field in record)) record[field] = field === "title" ? input.title : emptyValue(collection.kind, field, now);
  }
  return record;
}

/** The end of the list: one past the highest position in use. */
export function nextPosition(existing: readonly Record<string, unknown>[]): number {
  return existing.reduce((max, r) => (typeof r.position === "number" && r.position > max ? r.position : max), 0) + 1;
}

/** The folder of html_path most records of the collection use, else education/<content type>/. */
export function htmlPathPrefix(collection: Collection, existing: readonly Record<string, unknown>[]): string {
  const counts = new Map<string, number>();
  for (const r of existing) {
    const prefix = typeof r.html_path === "string" ? r.html_path.match(/^(.*\/)[^/]+\/$/)?.[1] : undefined;
    if (prefix) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return best?.[0] ?? `education/${collection.contentType}/`;
}

/** "Volcanoes & People: Living with Risk" → "volcanoes-people-living-with-risk". */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/** The slug, or slug-2, slug-3, … if a record already has that file name. */
export function freeSlug(slug: string, taken: (name: string) => boolean): string {
  let candidate = slug;
  for (let n = 2; taken(candidate); n++) candidate = `${slug}-${n}`;
  return candidate;
}

/** An ISO 8601 UTC date in the kind's precision: microseconds for units, seconds otherwise. */
export function timestamp(kind: ResourceKind, nowMicros: number): string {
  const seconds = new Date(Math.floor(nowMicros / 1e6) * 1000).toISOString().slice(0, 19);
  if (kind !== "unit") return `${seconds}Z`;
  const micros = String(((nowMicros % 1e6) + 1e6) % 1e6).padStart(6, "0");
  return `${seconds}.${micros}Z`;
}

/** A field's empty value, read from its schema: "" for text, [] for arrays, {} for objects, now for dates, else null. */
export function emptyValue(kind: ResourceKind, field: string, now: string): Json {
  if (field.endsWith("_date")) return now;
  const type = propertySchema(kind, field)?.type;
  const main = Array.isArray(type) ? type[0] : type;
  switch (main) {
    case "string":
      return "";
    case "array":
      return [];
    case "object":
      return {};
    default:
      return null;
  }
}
