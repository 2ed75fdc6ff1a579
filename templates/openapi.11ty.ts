/** /openapi.json: the API's OpenAPI 3.1 description, made from the format table, the collections and the record schemas. */
import type { PreparedBuild } from "../build-scripts/pipeline/prepare.ts";
import { openApiDocument } from "../build-scripts/core/openapi/openapi-document.ts";
import { translatedLanguages } from "../build-scripts/core/translations/localize.ts";
import { OPENAPI_FILE } from "../build-scripts/core/routes/output-tree.ts";
import { SCHEMAS } from "../build-scripts/schemas/schemas.ts";
import pkg from "../package.json" with { type: "json" };

export const data = { permalink: OPENAPI_FILE, eleventyExcludeFromCollections: true };

export function render({ build }: { build: PreparedBuild }): string {
  const languages = translatedLanguages(build.translations);
  return JSON.stringify(openApiDocument({ config: build.config, version: pkg.version, schemas: SCHEMAS, languages }));
}
