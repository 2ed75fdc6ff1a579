/**
 * The schemas of the API's resources, made from the schemas that check the
 * source records (build-scripts/schemas/): a record's fields as they are
 * served, less what only a record holds (`$schema`, `position`, `html_path`),
 * plus what is derived from it (`url`, `html_url`, `content_type`, and a unit's
 * `lessons` as addresses), in the order of FIELD_ORDER. Shared definitions of
 * common.schema.json become components of their own. Each resource comes
 * twice: whole (every field required, as a plain answer carries them) and
 * narrowed by `fields` (any field may be left out). Pure: the caller passes
 * the record schemas (build-scripts/schemas/schemas.ts).
 */
import { LANGUAGE_TAG } from "../translations/languages.ts";
import { COLLECTIONS, type Collection, type ResourceKind } from "../catalogue/collections.ts";
import { FIELD_ORDER, type Json, type JsonObject } from "../catalogue/resource.ts";
import { commonDefinition } from "../../schemas/schemas.ts";

/** A JSON Schema (OpenAPI 3.1's dialect: 2020-12 with `xml`) as plain JSON. */
export type Schema = JsonObject;

/** The record schemas: each resource kind's, and common.schema.json with the definitions they share. */
export type RecordSchemas = Readonly<Record<ResourceKind | "common", Schema>>;

/** Where OpenAPI keeps the named components, and among them the schemas. */
const COMPONENTS = "#/components/";
export const SCHEMA_REF = `${COMPONENTS}schemas/`;
/** A reference to a named component: a schema, or (`kind`) a parameter, a response, a header. */
export const ref = (name: string, kind = "schemas"): Schema => ({ $ref: `${COMPONENTS}${kind}/${name}` });

/** DRF's XML writes each element of an array as <list-item> inside the array's own element. */
export const XML_LIST_ITEM = { name: "list-item" } as const;
/** DRF's XML document element. */
export const XML_ROOT = { name: "root" } as const;

/** A UUID as a part of an address: common.schema.json's pattern without its anchors. */
const uuidPattern = (schemas: RecordSchemas) =>
  String(((schemas.common.definitions as Record<string, Schema>).uuid as Schema).pattern).slice(1, -1);

/** "service-events" → "ServiceEvents", "Historic Article" → "HistoricArticle"; a definition of common.schema.json: `uuid` → `Uuid`. */
export const pascal = (words: string) => words.replace(/(?:^|[\s_-])(\w)/g, (_, c: string) => c.toUpperCase());

/** The schema name of a collection's resource: `Video`, `ServiceEvent`; narrowed by `fields`: `VideoFields`. */
export const resourceSchemaName = (collection: Collection) => pascal(collection.label);
export const fieldsSchemaName = (collection: Collection) => `${resourceSchemaName(collection)}Fields`;

/** A record schema's fragment in OpenAPI's terms: references to common.schema.json become components; arrays get DRF's XML names. */
function converted(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(converted);
  if (schema === null || typeof schema !== "object") return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    const definition = key === "$ref" ? commonDefinition(value) : undefined;
    out[key] = definition ? `${SCHEMA_REF}${pascal(definition)}` : converted(value);
  }
  if (out.type === "array") {
    out.xml = { wrapped: true };
    out.items = { ...((out.items as JsonObject | undefined) ?? {}), xml: XML_LIST_ITEM };
  }
  return out;
}

/** The pattern of an address of the API, {base_url}/api/<below> (any tree's: a language's base ends in /<lang>); `below` a pattern too. */
export const apiAddress = (below: string) => `^https?://\\S+/api/${below}$`;

/** The fields derived from a record, which its schema does not hold. */
function derivedField(field: string, collection: Collection, uuid: string): Schema | undefined {
  switch (field) {
    case "url":
      return {
        type: "string",
        pattern: apiAddress(`${collection.name}/${uuid}`),
        description: `the resource's canonical address, {base_url}/api/${collection.name}/<uuid>`,
      };
    case "html_url":
      return { ...ref(pascal("url")), description: "the address of the resource's public web page, {site_url}/<html_path>" };
    case "content_type":
      return { const: collection.contentType, description: `always "${collection.contentType}"` };
    case "versions":
      return {
        type: "object",
        description: `the resource in other languages: a language tag → the address of that version, {base_url}/<lang>/api/${collection.name}/<uuid> (the source language's at {base_url}/api/…); {} when it has none`,
        propertyNames: { type: "string", pattern: LANGUAGE_TAG.source },
        additionalProperties: { type: "string", pattern: apiAddress(`${collection.name}/${uuid}`) },
      };
    case "lessons":
      return {
        type: "array",
        description: "the unit's lessons, each {base_url}/api/lessons/<uuid>",
        items: { type: "string", pattern: apiAddress(`lessons/${uuid}`), xml: XML_LIST_ITEM },
        xml: { wrapped: true },
      };
  }
  return undefined;
}

/** Each served field's schema, in the order it is served. */
function fieldSchemas(collection: Collection, schemas: RecordSchemas): Record<string, Schema> {
  const record = schemas[collection.kind].properties as Record<string, Json>;
  const out: Record<string, Schema> = {};
  for (const field of FIELD_ORDER[collection.kind]) {
    const derived = derivedField(field, collection, uuidPattern(schemas));
    if (derived) {
      out[field] = derived;
      continue;
    }
    const schema = record[field] as Json | undefined;
    if (schema === undefined) throw new Error(`${collection.name}: the field ${field} has no schema in ${collection.kind}'s record schema`);
    out[field] = converted(schema) as Schema;
  }
  return out;
}

/** The definitions of common.schema.json that served fields use, as components. */
function commonComponents(schemas: RecordSchemas): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [name, definition] of Object.entries(schemas.common.definitions as Record<string, Json>)) {
    if (RECORD_ONLY_DEFINITIONS.has(name)) continue;
    out[pascal(name)] = converted(definition) as Schema;
  }
  return out;
}

/** Definitions of common.schema.json that served resources do not use: the record's own keys, and `versions`, served as derived. */
const RECORD_ONLY_DEFINITIONS = new Set(["schema", "position", "htmlPath", "versions"]);

/** A collection's resource: whole, or narrowed by `fields`. */
function resourceSchema(collection: Collection, schemas: RecordSchemas, narrowed: boolean): Schema {
  const properties = fieldSchemas(collection, schemas);
  return {
    type: "object",
    description: narrowed
      ? `One ${collection.label.toLowerCase()} narrowed by the \`fields\` parameter: only the fields asked for, in the same order.`
      : `One ${collection.label.toLowerCase()} of the \`${collection.name}\` collection.`,
    ...(narrowed ? {} : { required: Object.keys(properties) }),
    properties,
    additionalProperties: false,
  };
}

/** Every resource's schemas and the shared definitions they use, by component name. */
export function resourceComponents(schemas: RecordSchemas): Record<string, Schema> {
  const out: Record<string, Schema> = commonComponents(schemas);
  for (const collection of COLLECTIONS) {
    for (const [name, schema] of [
      [resourceSchemaName(collection), resourceSchema(collection, schemas, false)],
      [fieldsSchemaName(collection), resourceSchema(collection, schemas, true)],
    ] as const) {
      if (name in out) throw new Error(`two schemas are named ${name}`);
      out[name] = schema;
    }
  }
  return out;
}
