/**
 * The CMS's file format for records (Decap's `registerCustomFormat`): a
 * record file becomes what the editor's form edits, and back, so that a save
 * changes only what the editor changed.
 *
 * Decap keeps an entry's data in an unordered map and its form shapes values
 * its own way, so `fromFile` notes what the form would lose in one key of the
 * data (EDITOR_NOTE: the record's key order, which texts had `\r\n` line
 * breaks) and `toFile` writes the record back from it: keys in the record's
 * own order (a new record: every field, in the schema's order), credits from
 * the form's list, dates in the collection's precision, a cleared date null.
 */
import type { ResourceKind } from "../catalogue/collections.ts";
import { emptyValue, timestamp } from "../catalogue/new-record.ts";
import { isJsonObject, recordKeys, type Json, type JsonObject } from "../catalogue/resource.ts";
import { commonDefinition, isNullable, propertySchema, SCHEMAS } from "../../schemas/schemas.ts";

/** The key of the data that carries what the form would lose; never written to a file. */
export const EDITOR_NOTE = "__record";
/** The key a new entry's file name is taken from (the collection's `slug` template); never written to a file. */
export const FILE_SLUG = "__slug";

export interface EditorNote {
  /** The record's keys in the file's order. */
  readonly keys: readonly string[];
  /** Text fields whose every line break was `\r\n`: the browser's text box gives `\n` back. */
  readonly crlf: readonly string[];
}

/** One credit as the form shows it: a role and its names, or (a unit's Other) one HTML text. */
export interface CreditLine {
  role: string;
  names?: string[];
  html?: string;
}

/** The role whose value is one HTML string in a unit's credits, not a list of names. */
export const HTML_CREDIT_ROLE = "Other";
/** How EditorNote.crlf names that text. */
const OTHER_CREDIT = `credits/${HTML_CREDIT_ROLE}`;

const hasOnlyCrlf = (text: string) => text.includes("\r\n") && !/(^|[^\r])\n/.test(text);
const withCrlf = (text: string) => text.replace(/\r?\n/g, "\r\n");

/** A record file's text → the entry's data. */
export function fromFile(text: string): Record<string, unknown> {
  const record = JSON.parse(text) as unknown;
  if (!isJsonObject(record)) throw new Error("A record file holds one JSON object.");
  const keys = Object.keys(record);
  const crlf = keys.filter((key) => typeof record[key] === "string" && hasOnlyCrlf(record[key]));
  const other = isJsonObject(record.credits) ? record.credits[HTML_CREDIT_ROLE] : undefined;
  if (typeof other === "string" && hasOnlyCrlf(other)) crlf.push(OTHER_CREDIT);
  const credits = isJsonObject(record.credits) ? { credits: creditLines(record.credits) } : {};
  const note: EditorNote = { keys, crlf };
  return { ...record, ...credits, [EDITOR_NOTE]: note };
}

function creditLines(credits: Record<string, unknown>): CreditLine[] {
  return Object.entries(credits).map(([role, value]) =>
    typeof value === "string" ? { role, html: value } : { role, names: Array.isArray(value) ? (value as string[]) : [] },
  );
}

/** The entry's data → the record file's text. */
export function toFile(kind: ResourceKind, data: Record<string, unknown>, now = new Date()): string {
  const note = data[EDITOR_NOTE] as EditorNote | undefined;
  const own = recordKeys(kind);
  // A key the form added (a field the file left out) goes where the schema puts it among the file's keys.
  const keys = note ? withAddedKeys(note.keys, own, data) : own;
  const crlf = new Set(note ? note.crlf : textFields(kind));
  const record: JsonObject = {};
  for (const key of keys) record[key] = fieldValue(kind, key, data[key], crlf, now);
  return `${JSON.stringify(record, null, 2)}\n`;
}

function withAddedKeys(fileKeys: readonly string[], own: readonly string[], data: Record<string, unknown>): string[] {
  const keys = [...fileKeys];
  for (const key of own) {
    if (keys.includes(key) || data[key] === undefined) continue;
    const before = own
      .slice(0, own.indexOf(key))
      .reverse()
      .find((k) => keys.includes(k));
    keys.splice(before === undefined ? 0 : keys.indexOf(before) + 1, 0, key);
  }
  return keys;
}

/** Fields of text (and HTML) the form edits in a text box: a new record's line breaks are written `\r\n`, as a browser's form posts them. */
function textFields(kind: ResourceKind): string[] {
  const fields = recordKeys(kind).filter((field) => usesDefinition(kind, field, "html") || usesDefinition(kind, field, "text"));
  return kind === "unit" ? [...fields, OTHER_CREDIT] : fields;
}

/** Does the field's schema use this definition of common.schema.json? */
export const usesDefinition = (kind: ResourceKind, field: string, name: keyof typeof SCHEMAS.common.definitions) =>
  commonDefinition((SCHEMAS[kind].properties as Record<string, { $ref?: string } | undefined>)[field]?.$ref) === name;

function fieldValue(kind: ResourceKind, key: string, value: unknown, crlfFields: ReadonlySet<string>, now: Date): Json {
  const crlf = crlfFields.has(key);
  const crlfOther = crlfFields.has(OTHER_CREDIT);
  if (value === undefined || (value === null && !key.endsWith("_date")))
    return emptyValue(kind, key, timestamp(kind, now.getTime() * 1000));
  if (key === "credits" && Array.isArray(value)) return creditsObject(kind, value as CreditLine[], crlfOther);
  if (key.endsWith("_date")) return datePrecision(kind, key, value);
  if (typeof value === "string" && crlf) return withCrlf(value);
  return value as Json;
}

function creditsObject(kind: ResourceKind, lines: readonly CreditLine[], crlf: boolean): JsonObject {
  const credits: JsonObject = {};
  for (const line of lines) {
    if (!line?.role) continue;
    if (kind === "unit" && line.role === HTML_CREDIT_ROLE) {
      const html = line.html ?? "";
      credits[line.role] = crlf ? withCrlf(html) : html;
    } else credits[line.role] = (line.names ?? []).filter((name) => typeof name === "string" && name !== "");
  }
  return credits;
}

/**
 * A date as the collection writes it: units to the microsecond, others to the
 * second (the date picker gives milliseconds); a cleared date is null where the
 * schema allows null. A date already in the collection's precision is kept as it is.
 */
function datePrecision(kind: ResourceKind, field: string, value: unknown): Json {
  const nullable = isNullable(propertySchema(kind, field));
  if (value === "" || value === null) return nullable ? null : "";
  const text = value instanceof Date ? value.toISOString() : String(value);
  const micro = kind === "unit" || /\.\d{6}Z$/.test(text);
  if (micro && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(text)) return text;
  if (!micro && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(text)) return text;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text; // validation names it
  const iso = date.toISOString(); // 2019-10-01T20:15:43.123Z
  return micro ? `${iso.slice(0, 23)}000Z` : `${iso.slice(0, 19)}Z`;
}
