/**
 * What translators work on: the translatable texts of a resource, each named
 * by its JSON pointer (`/title`, `/credits/Other`), which is the XLIFF
 * trans-unit's id and the key of a stored translation. Other fields are data
 * (URLs, ids, dates) or names, which are not translated.
 */
import type { Json, JsonObject } from "../catalogue/resource.ts";

/** Fields translators work on, in resource order. */
export const TRANSLATABLE = ["title", "subtitle", "description", "overview"];
/** Credit roles whose value is prose rather than a list of names. */
export const PROSE_CREDITS = ["Other"];

export interface TextUnit {
  /** The JSON pointer of the text. */
  readonly id: string;
  readonly text: string;
}

/** The units of one field: its text, or (credits) the prose roles' texts; empty texts have none. */
export function fieldUnits(field: string, value: Json | undefined): TextUnit[] {
  if (TRANSLATABLE.includes(field)) return typeof value === "string" && value.trim() !== "" ? [{ id: `/${field}`, text: value }] : [];
  if (field !== "credits" || value === null || typeof value !== "object" || Array.isArray(value)) return [];
  const units: TextUnit[] = [];
  for (const role of PROSE_CREDITS) {
    const text = value[role];
    if (typeof text === "string" && text.trim() !== "") units.push({ id: `/credits/${role}`, text });
  }
  return units;
}

/** Every translatable text of a record or resource, by pointer, in field order. */
export function textUnits(record: JsonObject): Map<string, string> {
  return new Map(Object.keys(record).flatMap((field) => fieldUnits(field, record[field]).map((u) => [u.id, u.text] as const)));
}

/** A copy of the record with the text at `pointer` (a translatable one, which exists) replaced. */
export function withText<T extends JsonObject>(record: T, pointer: string, text: string): T {
  const [field, role] = pointer.slice(1).split("/");
  if (role === undefined) return { ...record, [field]: text };
  return { ...record, [field]: { ...(record[field] as JsonObject), [role]: text } };
}
