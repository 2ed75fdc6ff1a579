/**
 * ajv (JSON Schema 2020-12, strict) over a published OpenAPI description's
 * components, so a test can validate a real answer against any schema of it
 * by JSON pointer.
 */
import AjvModule from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import type { JsonObject } from "../../build-scripts/core/catalogue/resource.ts";

// ajv ships CommonJS; under ESM its class may sit on .default.
const Ajv2020 = ((AjvModule as { default?: unknown }).default ?? AjvModule) as typeof AjvModule.default;
const DOC_ID = "https://api.example.test/openapi.json";

export interface OpenApiValidator {
  /** The validator of the schema at a pointer of the document, e.g. "#/components/schemas/Video". */
  at(pointer: string): ValidateFunction;
  /** The validator of a component schema by name. */
  schemaOf(name: string): ValidateFunction;
}

export function openApiValidator(doc: { components?: unknown }): OpenApiValidator {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  // OpenAPI's own keyword in schemas, and the document's key that holds them.
  ajv.addVocabulary(["xml", "components"]);
  ajv.addSchema({ $id: DOC_ID, components: doc.components as JsonObject } as never);
  const at = (pointer: string) => ajv.getSchema(`${DOC_ID}${pointer}`)!;
  return { at, schemaOf: (name) => at(`#/components/schemas/${name}`) };
}
