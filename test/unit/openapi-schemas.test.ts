/**
 * The response schemas stay what the record schemas and the derivation make:
 * every field a record schema allows is served and described, every served
 * field has a schema, and resources derived from real records (the golden
 * fixtures, full of hard cases) validate against them with ajv, while a
 * record's own keys do not.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COLLECTIONS, findCollection } from "../../build-scripts/core/catalogue/collections.ts";
import { FIELD_ORDER, toResource, type JsonObject, type SourceRecord } from "../../build-scripts/core/catalogue/resource.ts";
import { openApiDocument } from "../../build-scripts/core/openapi/openapi-document.ts";
import { fieldsSchemaName, resourceSchemaName } from "../../build-scripts/core/openapi/resource-schemas.ts";
import { LANGUAGE_TAG } from "../../build-scripts/core/translations/languages.ts";
import { compileSchemas } from "../../build-scripts/pipeline/validate/compile-schemas.ts";
import { checkSchema } from "../../build-scripts/pipeline/validate/schema-check.ts";
import { SCHEMAS } from "../../build-scripts/schemas/schemas.ts";
import { openApiValidator } from "../helpers/openapi-validator.ts";

const CONFIG = { baseUrl: "https://api.example.test", siteUrl: "https://www.example.test", contentDir: "" };
const FIXTURES = path.join(import.meta.dirname, "../fixtures/golden-content");
/** What only a record holds (docs/editors.md). */
const RECORD_KEYS = ["$schema", "position", "html_path"];

const doc = openApiDocument({ config: CONFIG, version: "0", schemas: SCHEMAS });
const schemas = (doc.components as { schemas: Record<string, JsonObject> }).schemas;
const validator = openApiValidator(doc).schemaOf;

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

describe("the language trees", () => {
  it("are described when the build has translations: /{lang}/api/… beside every view, the languages as the parameter's values", () => {
    const localized = openApiDocument({ config: CONFIG, version: "0", schemas: SCHEMAS, languages: ["fr", "pt-BR"] });
    const paths = localized.paths as Record<string, Record<string, JsonObject>>;
    const plain = Object.keys(doc.paths as JsonObject);
    expect(Object.keys(paths)).toEqual([...plain, ...plain.map((p) => `/{lang}${p}`)]);
    expect(paths["/{lang}/api/videos/{uuid}"].parameters).toEqual([
      { $ref: "#/components/parameters/lang" },
      { $ref: "#/components/parameters/uuid" },
    ]);
    const ids = Object.values(paths).flatMap((item) => ["get", "head", "options"].map((m) => item[m].operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect((localized.components as { parameters: JsonObject }).parameters.lang).toMatchObject({ schema: { enum: ["fr", "pt-BR"] } });
    expect((doc.components as { parameters: JsonObject }).parameters.lang).toBeUndefined();
  });

  it("name a resource's versions: a language tag to the address of that version", async () => {
    const record = JSON.parse(await readFile(path.join(FIXTURES, "videos", (await readdir(path.join(FIXTURES, "videos")))[0]), "utf8"));
    const video = toResource(findCollection("videos")!, record as SourceRecord, CONFIG);
    const valid = validator("Video");
    const french = `${CONFIG.baseUrl}/fr/api/videos/${video.uuid as string}`;
    expect(valid({ ...video, versions: { fr: french } }), JSON.stringify(valid.errors)).toBe(true);
    expect(valid({ ...video, versions: { fr: 3 } })).toBe(false);
    expect(valid({ ...video, versions: { "not a tag": french } })).toBe(false);
    expect(valid({ ...video, versions: { fr: `${CONFIG.baseUrl}/fr/api/units/${video.uuid as string}` } })).toBe(false);
  });

  it("take a record's own versions only in that shape, so a record that validates is served as described", async () => {
    const record = JSON.parse(await readFile(path.join(FIXTURES, "videos", (await readdir(path.join(FIXTURES, "videos")))[0]), "utf8"));
    const check = (versions: JsonObject) => checkSchema(compileSchemas(), "video", "v.json", { ...record, versions });
    const french = `${CONFIG.baseUrl}/fr/api/videos/${record.uuid as string}`;
    expect(check({ old: "x" }).map((p) => p.pointer)).toEqual(["/versions/old"]);
    expect(check({ "not a tag": french }).map((p) => p.pointer)).toEqual(["/versions"]);
    expect(check({ fr: french })).toEqual([]);
    const served = toResource(findCollection("videos")!, { ...record, versions: { fr: french } } as SourceRecord, CONFIG);
    expect(validator("Video")(served)).toBe(true);
    const tag = SCHEMAS.common.definitions.versions.propertyNames.pattern;
    expect(tag, "the key pattern is the API's language tag").toBe(LANGUAGE_TAG.source);
  });
});
