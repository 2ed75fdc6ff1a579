/**
 * The JSON Schemas of the source records, by resource kind. Records point at
 * their file with "$schema", so JSON-aware editors check them as they type.
 */
import type { ResourceKind } from "./resource-kind.ts";
import common from "./common.schema.json" with { type: "json" };
import videos from "./videos.schema.json" with { type: "json" };
import units from "./units.schema.json" with { type: "json" };
import generic from "./generic.schema.json" with { type: "json" };
import translation from "./translation.schema.json" with { type: "json" };

/** What a schema checks: a kind of record, or a stored translation (content/translations/). */
export type SchemaName = ResourceKind | "translation";

/** Each schema's file, in build-scripts/schemas/. */
export const SCHEMA_FILE: Record<SchemaName, string> = {
  video: "videos.schema.json",
  unit: "units.schema.json",
  generic: "generic.schema.json",
  translation: "translation.schema.json",
};

export const SCHEMAS = { video: videos, unit: units, generic, translation, common } as const;

export interface PropertySchema {
  readonly type?: string | readonly string[];
  readonly $ref?: string;
  /** The field in words, as the CMS labels it: "Video ID". */
  readonly title?: string;
  readonly description?: string;
  /** Values as an editor would write them, shown where the description gives only the type. */
  readonly examples?: readonly unknown[];
}

/** Whether a field's schema lets it be null. */
export const isNullable = (schema: PropertySchema | undefined) => [schema?.type].flat().includes("null");

/** The definitions of common.schema.json, which the other schemas refer to. */
export const COMMON_DEFINITIONS = common.definitions as Record<string, PropertySchema>;

const COMMON_REF = /^common\.schema\.json#\/definitions\/(\w+)$/;

/** The definition of common.schema.json that a `$ref` names (`common.schema.json#/definitions/uuid` → `uuid`), if it names one. */
export const commonDefinition = (ref: unknown): string | undefined => (typeof ref === "string" ? COMMON_REF.exec(ref)?.[1] : undefined);

/** A field's schema, with a reference into common.schema.json followed (the field's own title and examples kept). */
export function propertySchema(kind: SchemaName, field: string): PropertySchema | undefined {
  const property = (SCHEMAS[kind].properties as Record<string, PropertySchema | undefined>)[field];
  const definition = commonDefinition(property?.$ref);
  if (!definition) return property;
  const { $ref: _, ...own } = property!;
  return { ...COMMON_DEFINITIONS[definition], ...own };
}

/**
 * Fields an editor fills in by hand for a useful record. `npm run new` leaves
 * them empty and validation warns until they are filled in; the CMS's form
 * requires them.
 */
export const FILL_IN: Record<SchemaName, readonly string[]> = {
  video: ["title", "video_id", "length", "description"],
  unit: ["title", "description", "key_image", "overview"],
  generic: ["title", "description"],
  // A translation holds only the texts translated: none is left to fill in.
  translation: [],
};
