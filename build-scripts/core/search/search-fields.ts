/**
 * Which fields a search looks in, per kind of resource, and the text it reads
 * from a resource: those fields' plain text (HTML stripped), arrays joined.
 */
import type { ResourceKind } from "../catalogue/collections.ts";
import type { Json, JsonObject } from "../catalogue/resource.ts";
import { plainText } from "./plain-text.ts";
import { addIndexTerms, type TermSink } from "./words.ts";

export const SEARCH_FIELDS: Readonly<Record<ResourceKind, readonly string[]>> = {
  video: ["title", "description", "subjects"],
  unit: ["title", "subtitle", "description", "overview"],
  generic: ["title", "description"],
};

const fieldText = (value: Json | undefined): string =>
  typeof value === "string" ? plainText(value) : Array.isArray(value) ? value.map(fieldText).join("\n") : "";

/** The searchable text of each search field of a resource (or source record), in SEARCH_FIELDS order. */
export const searchTexts = (kind: ResourceKind, resource: JsonObject): string[] =>
  SEARCH_FIELDS[kind].map((field) => fieldText(resource[field]));

/** Add the terms some texts are found by to `into`: a Set, or the build's numbering of terms (TermNumbers). */
export function addTextTerms(texts: readonly string[], into: TermSink): void {
  for (const text of texts) addIndexTerms(text, into);
}
