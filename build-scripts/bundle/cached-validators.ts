/**
 * The record schemas' validators for a build. ajv's standalone code of them
 * is kept in the code cache with a hash of ajv's version, its options and the
 * schemas: a build whose schemas did not change runs that code and never
 * loads ajv, whose 80-odd modules and compiling cost about 0.1 s of every
 * build's start (README, Performance).
 */
import { createRequire } from "node:module";
import path from "node:path";
import { SCHEMAS } from "../schemas/schemas.ts";
import { AJV_OPTIONS, type SchemaValidators } from "../validate/schema-check.ts";
import { CODE_CACHE, readCacheEntry, sha256, writeCacheEntry } from "./code-cache.ts";

const require = createRequire(import.meta.url);
const CACHE_FILE = path.join(CODE_CACHE, "schema-validators.cjs");

let loaded: Promise<SchemaValidators> | undefined;

/** The validators, once per process. */
export function schemaValidators(): Promise<SchemaValidators> {
  loaded ??= loadSchemaValidators(CACHE_FILE);
  return loaded;
}

/** From the cache entry `cacheFile` if it was made from the same ajv, options and schemas; else compiled, and kept there. */
export async function loadSchemaValidators(cacheFile: string): Promise<SchemaValidators> {
  const { version } = require("ajv/package.json") as { version: string };
  const header = `// ${sha256(JSON.stringify([version, AJV_OPTIONS, SCHEMAS]))}\n`;
  const entry = readCacheEntry(cacheFile);
  if (entry?.startsWith(header)) return run(entry);
  const { compileSchemas, schemaAjv, SCHEMA_KINDS } = await import("../validate/compile-schemas.ts");
  const { default: standalone } = await import("ajv/dist/standalone/index.js");
  const ajv = schemaAjv(true);
  const validators = compileSchemas(ajv);
  writeCacheEntry(cacheFile, header + standalone.default(ajv, Object.fromEntries(SCHEMA_KINDS.map((kind) => [kind, kind]))));
  return validators;
}

/** ajv's standalone code is a CommonJS module whose only imports are ajv's small runtime helpers. */
function run(code: string): SchemaValidators {
  const module = { exports: {} as SchemaValidators };
  new Function("require", "module", "exports", code)(require, module, module.exports);
  return module.exports;
}
