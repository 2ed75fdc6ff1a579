/**
 * The record schemas' validators for a build. ajv's standalone code of them
 * is stored in the code cache (cached.ts) with ajv's version, its options, the
 * schemas and the code that compiles them as its key: a build whose schemas did not
 * change runs that code and never loads ajv, whose many modules (loaded
 * through tsx) and compiling were a noticeable part of every build's start
 * (docs/performance.md).
 */
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SCHEMAS } from "../../schemas/schemas.ts";
import { AJV_OPTIONS, SCHEMA_KINDS, type SchemaValidators } from "../validate/schema-check.ts";
import { cacheEntry } from "./cached.ts";

const require = createRequire(import.meta.url);
const COMPILE_SCHEMAS = fileURLToPath(new URL("../validate/compile-schemas.ts", import.meta.url));

let loaded: Promise<SchemaValidators> | undefined;

/** The validators, once per process (tried again after a failure). */
export function schemaValidators(): Promise<SchemaValidators> {
  loaded ??= loadSchemaValidators("schema-validators.cjs").catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/**
 * From the cache entry `name` if it was made from the same ajv, options,
 * schemas and compiling code (compile-schemas.ts); else, or if the entry does
 * not run, compiled, and stored there. Not `cached`: ajv is loaded only when
 * the code must be made, and loading it is asynchronous.
 */
export async function loadSchemaValidators(name: string): Promise<SchemaValidators> {
  const { version } = require("ajv/package.json") as { version: string };
  const entry = cacheEntry(name, [version, AJV_OPTIONS, SCHEMAS, readFileSync(COMPILE_SCHEMAS, "utf8")]);
  const hit = entry.text === undefined ? undefined : run(entry.text);
  if (hit) return hit;
  const { compileSchemas, schemaAjv } = await import("../validate/compile-schemas.ts");
  const { default: standalone } = await import("ajv/dist/standalone/index.js");
  const ajv = schemaAjv(true);
  const validators = compileSchemas(ajv);
  entry.store({ text: standalone.default(ajv, Object.fromEntries(SCHEMA_KINDS.map((kind) => [kind, kind]))) });
  return validators;
}

/**
 * ajv's standalone code is a CommonJS module whose only imports are ajv's
 * small runtime helpers. Undefined if it does not run or lacks a kind (a
 * damaged entry: the validators are made again).
 */
function run(code: string): SchemaValidators | undefined {
  const module = { exports: {} as Partial<SchemaValidators> };
  try {
    new Function("require", "module", "exports", code)(require, module, module.exports);
  } catch {
    return undefined;
  }
  const validators = module.exports;
  return SCHEMA_KINDS.every((kind) => typeof validators[kind] === "function") ? (validators as SchemaValidators) : undefined;
}
