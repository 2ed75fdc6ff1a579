/**
 * Structure check of one record against its collection's JSON Schema (ajv),
 * with ajv's errors turned into Problems a person can act on.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import { commonDefinition, COMMON_DEFINITIONS, SCHEMA_FILE, type SchemaName } from "../../schemas/schemas.ts";
import { isUnfilled } from "./fill-in.ts";
import { describeValue, pointerSegment, problem, type Problem } from "./problems.ts";

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
  switch (e.keyword) {
    case "required": {
      const field = (e.params as { missingProperty: string }).missingProperty;
      const expected = schemaOfProperty(e, field) ?? "a value (required field)";
      return problem(file, `${e.instancePath}/${pointerSegment(field)}`, expected, "nothing (the field is missing)");
    }
    case "additionalProperties": {
      const field = (e.params as { additionalProperty: string }).additionalProperty;
      const expected = "no such field (it is not part of this collection's records)";
      return problem(file, `${e.instancePath}/${pointerSegment(field)}`, expected, `the field "${field}"`);
    }
    case "propertyNames": {
      // The key's own error (which ajv reports too, and isUseful drops) says less than the rule's description.
      const key = (e.params as { propertyName?: string }).propertyName ?? "";
      const rule = (e.parentSchema as { propertyNames?: { description?: string } } | undefined)?.propertyNames?.description;
      return problem(file, e.instancePath, rule ?? "non-empty keys", key === "" ? "an empty key" : `the key "${key}"`);
    }
    default:
      return problem(file, e.instancePath, schema.description ?? `${e.keyword}: ${e.message}`, describeValue(e.data));
  }
}

function schemaOfProperty(e: ErrorObject, field: string): string | undefined {
  const props = (e.parentSchema as { properties?: Record<string, { description?: string; $ref?: string }> })?.properties;
  const prop = props?.[field];
  if (!prop) return undefined;
  if (prop.description) return prop.description;
  const definition = commonDefinition(prop.$ref);
  return definition ? COMMON_DEFINITIONS[definition]?.description : undefined;
}
