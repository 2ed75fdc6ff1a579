/**
 * Structure check of one record against its collection's JSON Schema (ajv),
 * with ajv's errors turned into Problems a person can act on.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import { SCHEMA_FILE, SCHEMAS, type SchemaName } from "../../schemas/schemas.ts";
import { isUnfilled } from "./fill-in.ts";
import { describeValue, pointerSegment, type Problem } from "./problems.ts";

/**
 * ajv's options for our schemas: every error, each with its schema and data
 * (the Problems below are made from them). The schemas themselves are checked
 * against the JSON Schema meta-schema by a test (test/editors-new-validate.test.ts),
 * not on every build: that check is a third of the time ajv takes to compile them.
 */
export const AJV_OPTIONS = { allErrors: true, verbose: true, strict: false, validateSchema: false } as const;

/** The kinds of resource, and translations, each with its schema. */
export const SCHEMA_KINDS = Object.keys(SCHEMA_FILE) as readonly SchemaName[];

/** Each schema compiled with AJV_OPTIONS (validate/compile-schemas.ts; the build's come from cache/cached-validators.ts). */
export type SchemaValidators = Readonly<Record<SchemaName, ValidateFunction>>;

export function checkSchema(validators: SchemaValidators, kind: SchemaName, file: string, record: unknown): Problem[] {
  const validate = validators[kind];
  if (validate(record)) return [];
  return (validate.errors ?? [])
    .filter((e) => isUseful(e) && !isUnfilled(kind, e.instancePath.slice(1), e.data))
    .map((e) => toProblem(file, e));
}

// With allErrors, a failing `type` also reports the pattern/items errors below it;
// keep the most specific ones and drop ajv's "must match a schema in anyOf" summaries; a key's
// errors under propertyNames are reported once, by the propertyNames error.
// A field still to fill in (empty) is a warning of the record rules instead.
const isUseful = (e: ErrorObject) => e.keyword !== "if" && e.keyword !== "anyOf" && e.propertyName === undefined;

function toProblem(file: string, e: ErrorObject): Problem {
  const schema = (e.parentSchema ?? {}) as { description?: string };
  const base = { file, severity: "error" as const };
  switch (e.keyword) {
    case "required": {
      const field = (e.params as { missingProperty: string }).missingProperty;
      const sub = schemaOfProperty(e, field);
      return {
        ...base,
        pointer: `${e.instancePath}/${pointerSegment(field)}`,
        expected: sub ?? "a value (required field)",
        found: "nothing (the field is missing)",
      };
    }
    case "additionalProperties": {
      const field = (e.params as { additionalProperty: string }).additionalProperty;
      return {
        ...base,
        pointer: `${e.instancePath}/${pointerSegment(field)}`,
        expected: "no such field (it is not part of this collection's records)",
        found: `the field "${field}"`,
      };
    }
    case "propertyNames": {
      // The key's own error (which ajv reports too, and isUseful drops) says less than the rule's description.
      const key = (e.params as { propertyName?: string }).propertyName ?? "";
      const rule = (e.parentSchema as { propertyNames?: { description?: string } } | undefined)?.propertyNames?.description;
      return {
        ...base,
        pointer: e.instancePath,
        expected: rule ?? "non-empty keys",
        found: key === "" ? "an empty key" : `the key "${key}"`,
      };
    }
    default:
      return {
        ...base,
        pointer: e.instancePath,
        expected: schema.description ?? `${e.keyword}: ${e.message}`,
        found: describeValue(e.data),
      };
  }
}

function schemaOfProperty(e: ErrorObject, field: string): string | undefined {
  const props = (e.parentSchema as { properties?: Record<string, { description?: string; $ref?: string }> })?.properties;
  const prop = props?.[field];
  if (!prop) return undefined;
  if (prop.description) return prop.description;
  const def = prop.$ref?.match(/#\/definitions\/(\w+)$/)?.[1];
  return def ? (SCHEMAS.common.definitions as Record<string, { description?: string }>)[def]?.description : undefined;
}
