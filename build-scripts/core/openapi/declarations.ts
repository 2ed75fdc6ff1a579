/**
 * TypeScript declarations of the API's schemas (`Video`, `Unit`, `ApiRoot`,
 * …), made from the components of the OpenAPI description, so an integrator's
 * `import type` sees the same shapes the answers are validated against. Handles
 * the part of JSON Schema those components use: types, `const`, `enum`,
 * `anyOf`, `$ref`, properties, required and additionalProperties. Pure.
 */
import { COLLECTIONS } from "../catalogue/collections.ts";
import type { Json, JsonObject } from "../catalogue/resource.ts";
import { resourceSchemaName, SCHEMA_REF, type Schema } from "./resource-schemas.ts";

/** What an unconstrained value is: any JSON. */
const JSON_TYPE = "export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };";

const PRIMITIVES: Record<string, string> = { string: "string", integer: "number", number: "number", boolean: "boolean", null: "null" };

const comment = (text: unknown, indent: string) =>
  typeof text === "string" && text !== "" ? `${indent}/** ${text.replaceAll("*/", "*\\/")} */\n` : "";

const union = (types: readonly string[]) => [...new Set(types)].join(" | ") || "never";

const propertyKey = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** The TypeScript type of a schema; objects are written as type literals indented by `indent`. */
function typeOf(schema: Json | undefined, indent = ""): string {
  if (schema === undefined || schema === true || schema === null || typeof schema !== "object" || Array.isArray(schema)) return "Json";
  if (typeof schema.$ref === "string") {
    if (!schema.$ref.startsWith(SCHEMA_REF)) throw new Error(`cannot declare a reference outside the components: ${schema.$ref}`);
    return schema.$ref.slice(SCHEMA_REF.length);
  }
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return union(schema.enum.map((value) => JSON.stringify(value)));
  if (Array.isArray(schema.anyOf)) return union(schema.anyOf.map((s) => typeOf(s, indent)));
  const types = Array.isArray(schema.type) ? schema.type : typeof schema.type === "string" ? [schema.type] : [];
  if (types.length === 0) return "Json";
  return union(types.map((type) => singleType(String(type), schema, indent)));
}

function singleType(type: string, schema: JsonObject, indent: string): string {
  if (type in PRIMITIVES) return PRIMITIVES[type];
  if (type === "array") {
    const items = typeOf(schema.items, indent);
    return /^[\w"]+$/.test(items) ? `${items}[]` : `(${items})[]`;
  }
  return objectType(schema, indent);
}

function objectType(schema: JsonObject, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  const inner = `${indent}  `;
  const lines = Object.entries(properties).map(([name, property]) => {
    const description = property && typeof property === "object" && !Array.isArray(property) ? property.description : undefined;
    return `${comment(description, inner)}${inner}${propertyKey(name)}${required.has(name) ? "" : "?"}: ${typeOf(property, inner)};\n`;
  });
  const extra = schema.additionalProperties;
  if (extra !== false) {
    // An index signature must admit every named property's type too.
    const named = Object.values(properties).map((p) => typeOf(p, inner));
    const optional = Object.keys(properties).some((name) => !required.has(name)) ? ["undefined"] : [];
    lines.push(`${inner}[key: string]: ${union([typeOf(extra === true ? undefined : extra, inner), ...named, ...optional])};\n`);
  }
  return `{\n${lines.join("")}${indent}}`;
}

/** One declaration per named schema, and `Resources`: each collection's name → its resource type; and the names they declare. */
export function schemaDeclarations(schemas: Readonly<Record<string, Schema>>): {
  readonly text: string;
  readonly names: ReadonlySet<string>;
} {
  const declarations = Object.entries(schemas).map(([name, schema]) => {
    const type = typeOf(schema);
    const declaration = type.startsWith("{") ? `export interface ${name} ${type}` : `export type ${name} = ${type};`;
    return `${comment(schema.description, "")}${declaration}\n`;
  });
  const resources = COLLECTIONS.map((c) => `  ${propertyKey(c.name)}: ${resourceSchemaName(c)};\n`).join("");
  const text = [
    `${JSON_TYPE}\n`,
    ...declarations,
    `/** Each collection's name → the type of its resources. */\nexport interface Resources {\n${resources}}\n`,
  ].join("\n");
  return { text, names: new Set(["Json", ...Object.keys(schemas), "Resources"]) };
}
