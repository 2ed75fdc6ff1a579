/**
 * The `fields` query parameter: comma-separated field names that cut each
 * resource down to those fields.
 *
 * As in Django REST Framework's dynamic-fields idiom: the output keeps the
 * resource's own field order (not the order asked for), unknown names are
 * ignored, and an absent or empty value means every field. Spaces around
 * names and the braces of the spec's `{field1,field2}` notation are allowed.
 */
import type { JsonObject } from "../catalogue/resource.ts";

/** The names asked for, or undefined when every field is wanted. */
export function parseFields(value: string | null | undefined): ReadonlySet<string> | undefined {
  if (value == null) return undefined;
  const names = value
    .replace(/^\s*\{|\}\s*$/g, "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  return names.length === 0 ? undefined : new Set(names);
}

/** The resource with only the named fields, in its own order; all of it when `names` is undefined. */
export function selectFields(resource: JsonObject, names: ReadonlySet<string> | undefined): JsonObject {
  if (!names) return resource;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(resource)) if (names.has(key)) out[key] = value;
  return out;
}

/** The query string of a list's answer, as the HTML view keeps it in its URL and its pager's links: `search=…&fields=…`. */
export function queryString(search: string, fields: string): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set("search", search);
  if (fields.trim()) params.set("fields", fields);
  return params.toString().replaceAll("%2C", ",");
}
