/**
 * From a source record to the API resource: the spec's fields, in the spec's order.
 *
 * A record holds what an editor writes; the resource adds what is derived
 * (`url`, `html_url`, `content_type`, lesson URLs) and fills optional
 * "always empty in the spec" fields with their empty value.
 */
import type { Collection, ResourceKind } from "./collections.ts";
import type { SiteAddresses } from "./site-config.ts";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A JSON object, not null, an array or a primitive (what a record must be). */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A source record as read from `content/<collection>/<file>.json`, already validated. */
export type SourceRecord = JsonObject & { uuid: string; html_path: string };

/** Field order of each resource kind, as in the spec's tables (one kind a line). */
// prettier-ignore
export const FIELD_ORDER: Record<ResourceKind, readonly string[]> = {
  video: ["url", "html_url", "uuid", "video_id", "formats", "title", "length", "description", "content", "credits", "appropriate_for", "geologic_time", "relevant_start", "relevant_end", "subjects", "grades", "eras", "create_date", "modified_date", "content_type", "versions"],
  unit: ["url", "html_url", "uuid", "title", "subtitle", "description", "key_image", "overview", "credits", "appropriate_for", "geologic_time", "subjects", "grades", "eras", "create_date", "modified_date", "lessons", "content_type", "versions"],
  generic: ["url", "html_url", "uuid", "title", "description", "credits", "appropriate_for", "geologic_time", "subjects", "grades", "eras", "create_date", "modified_date", "content_type", "versions"],
};

/** Fields a record may leave out; the resource then carries this value. */
export const OPTIONAL_DEFAULTS: Readonly<Record<string, () => Json>> = {
  formats: () => ({}),
  eras: () => [],
  versions: () => ({}),
  geologic_time: () => null,
  relevant_start: () => null,
  relevant_end: () => null,
};

/** Resource fields a record never holds: they are derived from it (`lessons` is written as UUIDs). */
const DERIVED_FIELDS: ReadonlySet<string> = new Set(["url", "html_url", "content_type"]);

/** A record's keys in the order files are written: its own keys first, then the resource fields it holds. */
export const recordKeys = (kind: ResourceKind): string[] => [
  "$schema",
  "position",
  "uuid",
  "html_path",
  ...FIELD_ORDER[kind].filter((field) => !DERIVED_FIELDS.has(field) && field !== "uuid"),
];

export const resourceUrl = (config: SiteAddresses, collection: string, uuid: string) => `${config.baseUrl}/api/${collection}/${uuid}`;

export function toResource(collection: Collection, record: SourceRecord, config: SiteAddresses): JsonObject {
  const out: JsonObject = {};
  for (const field of FIELD_ORDER[collection.kind]) {
    out[field] = fieldValue(field, collection, record, config);
  }
  return out;
}

function fieldValue(field: string, collection: Collection, record: SourceRecord, config: SiteAddresses): Json {
  switch (field) {
    case "url":
      return resourceUrl(config, collection.name, record.uuid);
    case "html_url":
      return `${config.siteUrl}/${record.html_path}`;
    case "content_type":
      return collection.contentType;
    case "lessons":
      return (record.lessons as string[]).map((uuid) => resourceUrl(config, "lessons", uuid));
  }
  if (field in record) return record[field];
  return OPTIONAL_DEFAULTS[field]();
}
