/**
 * XML in Django REST Framework's XMLRenderer convention: a <root> element,
 * arrays as <list-item> children, objects as child elements named by their
 * keys, null as an empty element. Keys and text go through the reversible
 * mapping of xml-names.ts, so the output is well-formed for any input.
 */
import type { ItemParts, Renderer } from "./renderer.ts";
import { encodeXmlName, xmlEscape } from "./xml-names.ts";

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>\n';

/** The element content for a JSON value. */
export function toXmlContent(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) {
    let out = "";
    for (const item of value) out += `<list-item>${toXmlContent(item)}</list-item>`;
    return out;
  }
  if (typeof value === "object") {
    let out = "";
    for (const [key, child] of Object.entries(value)) out += element(key, child);
    return out;
  }
  // Python's str(): True / False, as the original service printed them.
  if (typeof value === "boolean") return value ? "True" : "False";
  return xmlEscape(String(value));
}

/** A key and its value as one element: `<key>content</key>`. */
function element(key: string, value: unknown): string {
  const name = encodeXmlName(key);
  return `<${name}>${toXmlContent(value)}</${name}>`;
}

/** Elements one after another: what toXmlContent writes for an object. */
const parts: ItemParts = { part: element, join: (_fields, fieldParts) => [...fieldParts] };

const LIST_ITEM = ["<list-item>", "</list-item>"] as const;

export const xmlRenderer: Renderer = {
  parts,
  document: (view) => `${XML_DECLARATION}<root>${toXmlContent(view.data)}</root>`,
  instance: (item) => `${XML_DECLARATION}<root>${item}</root>`,
  pageSize: Infinity,
  listHead: () => `${XML_DECLARATION}<root>`,
  entry: { first: LIST_ITEM, rest: LIST_ITEM },
  listTail: () => "</root>",
};
