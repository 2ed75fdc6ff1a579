/**
 * The record schemas compiled by ajv with the options checkSchema expects.
 * Builds load them through cache/cached-validators.ts, which keeps ajv's
 * standalone code of them, so ajv itself is loaded only when a schema changed.
 */
import AjvModule from "ajv";
import { SCHEMAS } from "../../schemas/schemas.ts";
import { AJV_OPTIONS, SCHEMA_KINDS, type SchemaValidators } from "./schema-check.ts";

// ajv ships CommonJS; under ESM its class may sit on .default.
const Ajv = ((AjvModule as { default?: unknown }).default ?? AjvModule) as typeof AjvModule.default;

/** An ajv holding every schema, each kind's under its name; with `source`, it keeps the code it makes (for ajv's standaloneCode). */
export function schemaAjv(source = false): InstanceType<typeof Ajv> {
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source } });
  ajv.addSchema(SCHEMAS.common);
  for (const kind of SCHEMA_KINDS) ajv.addSchema(SCHEMAS[kind], kind);
  return ajv;
}

export function compileSchemas(ajv = schemaAjv()): SchemaValidators {
  return Object.fromEntries(SCHEMA_KINDS.map((kind) => [kind, ajv.getSchema(kind)!])) as SchemaValidators;
}
