/**
 * The response schemas stay what the record schemas and the derivation make:
 * every field a record schema allows is served and described, every served
 * field has a schema, and resources derived from real records (the golden
 * fixtures, full of hard cases) validate against them with ajv, while a
 * record's own keys do not.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import AjvModule from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { COLLECTIONS, findCollection } from "../../build-scripts/core/catalogue/collections.ts";
import { FIELD_ORDER, toResource, type JsonObject, type SourceRecord } from "../../build-scripts/core/catalogue/resource.ts";
import { openApiDocument } from "../../build-scripts/core/openapi/openapi-document.ts";
import { fieldsSchemaName, resourceSchemaName } from "../../build-scripts/core/openapi/resource-schemas.ts";
import { SCHEMAS } from "../../build-scripts/schemas/schemas.ts";

const Ajv2020 = ((AjvModule as { default?: unknown }).default ?? AjvModule) as typeof AjvModule.default;
const CONFIG = { baseUrl: "https://api.example.test", siteUrl: "https://www.example.test", contentDir: "" };
const FIXTURES = path.join(import.meta.dirname, "../fixtures/golden-content");
/** What only a record holds (docs/editors.md). */
const RECORD_KEYS = ["$schema", "position", "html_path"];

const doc = openApiDocument({ config: CONFIG, version: "0", schemas: SCHEMAS });
const schemas = (doc.components as { schemas: Record<string, JsonObject> }).schemas;
const ajv = new Ajv2020({ strict: true, allErrors: true });
ajv.addVocabulary(["xml", "components"]);
ajv.addSchema({ $id: "openapi.json", components: doc.components } as never);
const validator = (name: string) => ajv.getSchema(`openapi.json#/components/schemas/${name}`)!;

describe("the resources' schemas", () => {
  it("serve every field a record schema allows, and describe every served field, in the served order", () => {
    for (const collection of COLLECTIONS) {
      const recordFields = Object.keys(SCHEMAS[collection.kind].properties).filter((key) => !RECORD_KEYS.includes(key));
      const whole = schemas[resourceSchemaName(collection)];
      expect(Object.keys(whole.properties as JsonObject), collection.name).toEqual(FIELD_ORDER[collection.kind]);
      expect(whole.required).toEqual(FIELD_ORDER[collection.kind]);
      expect(FIELD_ORDER[collection.kind], `${collection.name}: a field records may hold but nobody serves`).toEqual(
        expect.arrayContaining(recordFields),
      );
      expect(schemas[fieldsSchemaName(collection)].required).toBeUndefined();
    }
  });

  it("accept the resources derived from the golden records, and refuse a record's own keys", async () => {
    let checked = 0;
    for (const folder of await readdir(FIXTURES)) {
      const collection = findCollection(folder)!;
      for (const file of await readdir(path.join(FIXTURES, folder))) {
        const record = JSON.parse(await readFile(path.join(FIXTURES, folder, file), "utf8")) as SourceRecord;
        const resource = toResource(collection, record, CONFIG);
        for (const name of [resourceSchemaName(collection), fieldsSchemaName(collection)]) {
          const valid = validator(name);
          expect(valid(resource), `${folder}/${file} as ${name}: ${JSON.stringify(valid.errors)}`).toBe(true);
          expect(valid({ ...resource, html_path: record.html_path }), "html_path is the record's, not the resource's").toBe(false);
        }
        checked++;
      }
    }
    expect(checked).toBe(3);
  });
});
