/**
 * Structure check of one record against its collection's JSON Schema (ajv),
 * with ajv's errors turned into Problems a person can act on.
 */
import AjvModule from "ajv";
import type { ErrorObject, ValidateFunction } from "ajv";
import type { ResourceKind } from "../catalogue/collections.ts";
import common from "../schemas/common.schema.json" with { type: "json" };
import videos from "../schemas/videos.schema.json" with { type: "json" };
import units from "../schemas/units.schema.json" with { type: "json" };
import generic from "../schemas/generic.schema.json" with { type: "json" };
import { describeValue, pointerSegment, type Problem } from "./problems.ts";

// ajv ships CommonJS; under ESM its class may sit on .default.
const Ajv = ((AjvModule as { default?: unknown }).default ?? AjvModule) as typeof AjvModule.default;

export const SCHEMA_FILE: Record<ResourceKind, string> = {
  video: "videos.schema.json",
  unit: "units.schema.json",
  generic: "generic.schema.json",
};

let validators: Record<ResourceKind, ValidateFunction> | undefined;

function compiled(): Record<ResourceKind, ValidateFunction> {
  if (!validators) {
    const ajv = new Ajv({ allErrors: true, verbose: true, strict: false });
    ajv.addSchema(common);
    validators = {
      video: ajv.compile(videos),
      unit: ajv.compile(units),
      generic: ajv.compile(generic),
    };
  }
  return validators;
}

export function checkSchema(kind: ResourceKind, file: string, record: unknown): Problem[] {
  const validate = compiled()[kind];
  if (validate(record)) return [];
  return (validate.errors ?? []).filter(isUseful).map((e) => toProblem(file, e));
}

// With allErrors, a failing `type` also reports the pattern/items errors below it;
// keep the most specific ones and drop ajv's "must match a schema in anyOf" summaries.
const isUseful = (e: ErrorObject) => e.keyword !== "if" && e.keyword !== "anyOf";

function toProblem(file: string, e: ErrorObject): Problem {
  const schema = (e.parentSchema ?? {}) as { description?: string };
  const base = { file, severity: "error" as const };
  switch (e.keyword) {
    case "required": {
      const field = (e.params as { missingProperty: string }).missingProperty;
      const sub = schemaOfProperty(e, field);
      return { ...base, pointer: `${e.instancePath}/${pointerSegment(field)}`, expected: sub ?? "a value (required field)", found: "nothing (the field is missing)" };
    }
    case "additionalProperties": {
      const field = (e.params as { additionalProperty: string }).additionalProperty;
      return { ...base, pointer: `${e.instancePath}/${pointerSegment(field)}`, expected: "no such field (it is not part of this collection's records)", found: `the field "${field}"` };
    }
    case "propertyNames":
      return { ...base, pointer: e.instancePath, expected: "non-empty keys", found: "an empty key" };
    default:
      return { ...base, pointer: e.instancePath, expected: schema.description ?? `${e.keyword}: ${e.message}`, found: describeValue(e.data) };
  }
}

function schemaOfProperty(e: ErrorObject, field: string): string | undefined {
  const props = (e.parentSchema as { properties?: Record<string, { description?: string; $ref?: string }> })?.properties;
  const prop = props?.[field];
  if (!prop) return undefined;
  if (prop.description) return prop.description;
  const def = prop.$ref?.match(/#\/definitions\/(\w+)$/)?.[1];
  return def ? (common.definitions as Record<string, { description?: string }>)[def]?.description : undefined;
}
