/**
 * The JSON Schemas of the source records, by resource kind. Records point at
 * their file with "$schema", so JSON-aware editors check them as they type.
 */
import type { ResourceKind } from "../core/catalogue/collections.ts";
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
  readonly description?: string;
}

/** A field's schema, with a reference into common.schema.json followed. */
export function propertySchema(kind: SchemaName, field: string): PropertySchema | undefined {
  const property = (SCHEMAS[kind].properties as Record<string, PropertySchema | undefined>)[field];
  const definition = property?.$ref?.match(/#\/definitions\/(\w+)$/)?.[1];
  return definition ? (common.definitions as Record<string, PropertySchema>)[definition] : property;
}
