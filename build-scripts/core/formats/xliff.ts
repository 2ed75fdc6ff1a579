/**
 * XLIFF 1.2 for translators: one <file> per resource (original = its url),
 * one <trans-unit> per translatable text. Ids are JSON pointers of the field
 * (`/title`, `/credits/Other`), so they are stable across builds. HTML fields
 * are carried as escaped markup with datatype="html", which translation tools
 * hand to their HTML filter; whitespace (and the \r\n of the source) is kept.
 */
import type { Json, JsonObject } from "../catalogue/resource.ts";
import { itemOfParts, type ItemParts, type Renderer } from "./renderer.ts";
import type { DocumentView } from "./views.ts";
import { toJson } from "./json.ts";
import { XML_DECLARATION } from "./xml.ts";
import { xmlEscape } from "./xml-names.ts";

export const XLIFF_NAMESPACE = "urn:oasis:names:tc:xliff:document:1.2";

const HEAD = `${XML_DECLARATION}<xliff version="1.2" xmlns="${XLIFF_NAMESPACE}">`;
const TAIL = "\n</xliff>\n";

/** Fields translators work on, in resource order; others are data (URLs, ids, dates, names). */
const TRANSLATABLE = ["title", "subtitle", "description", "overview"];
/** Credit roles whose value is prose rather than a list of names. */
const PROSE_CREDITS = ["Other"];

interface Unit {
  readonly id: string;
  readonly text: string;
}

/** The units of one field: its text, or (credits) the prose roles' texts. */
function fieldUnits(field: string, value: Json): Unit[] {
  if (TRANSLATABLE.includes(field)) return typeof value === "string" && value.trim() !== "" ? [{ id: `/${field}`, text: value }] : [];
  if (field !== "credits" || value === null || typeof value !== "object" || Array.isArray(value)) return [];
  const units: Unit[] = [];
  for (const role of PROSE_CREDITS) {
    const text = value[role];
    if (typeof text === "string" && text.trim() !== "") units.push({ id: `/credits/${role}`, text });
  }
  return units;
}

/** Fields that name a resource's <file> (`original`): its url, else (when `fields` left it out) its uuid. */
const NAMING_FIELDS = ["url", "uuid"];

/**
 * A resource's parts: the translatable fields' trans-units, and the escaped
 * url and uuid, one of which names the <file>; every other field shows nothing.
 */
const parts: ItemParts = {
  part: (field, value) =>
    NAMING_FIELDS.includes(field) ? xmlEscape(String(value ?? "")) : fieldUnits(field, value).map(transUnit).join(""),
  join: (fieldParts) => {
    const naming = NAMING_FIELDS.map((name) => fieldParts.find(([field]) => field === name)).find((found) => found !== undefined);
    const units = fieldParts.filter(([field, part]) => !NAMING_FIELDS.includes(field) && part.length > 0).map(([, part]) => part);
    return [FILE_OPEN, ...(naming ? [naming[1]] : []), FILE_ATTRIBUTES, ...units, units.length > 0 ? "\n    " : "", FILE_CLOSE];
  },
};

const looksLikeHtml = (text: string) => /<\/?[a-zA-Z][^>]*>|&[a-zA-Z]+;|&#\d+;/.test(text);

function transUnit({ id, text }: Unit): string {
  const datatype = looksLikeHtml(text) ? ' datatype="html"' : "";
  const resname = id.slice(1);
  return `\n      <trans-unit id="${xmlEscape(id)}" resname="${xmlEscape(resname)}"${datatype} xml:space="preserve"><source>${xmlEscape(text)}</source></trans-unit>`;
}

const FILE_OPEN = '\n  <file original="';
const FILE_ATTRIBUTES = '" source-language="en" datatype="plaintext">\n    <body>';
const FILE_CLOSE = "</body>\n  </file>";

/** One <file> element; `original` names what was translated, `note` (if any) goes in its header. */
export function xliffFile(original: string, units: readonly Unit[], note?: string): string {
  const header = note === undefined ? "" : `\n    <header><note>${xmlEscape(note)}</note></header>`;
  const body = units.length ? `${units.map(transUnit).join("")}\n    ` : "";
  return `\n  <file original="${xmlEscape(original)}" source-language="en" datatype="plaintext">${header}\n    <body>${body}</body>\n  </file>`;
}

// A resource cut down by `fields` may lack its url; its uuid (or nothing) then names the file.
const resourceFile = (resource: JsonObject) => itemOfParts(parts, resource);

// XLIFF 1.2 requires at least one <file>: documents without translatable
// resources (the root, an error, OPTIONS metadata, an empty list) carry one
// empty file naming them; their data (an error's detail, say) rides along as
// JSON in the file's <note>, so nothing the other formats say is lost.
function documentFile(view: DocumentView, context: { config: { baseUrl: string } }): string {
  if (view.kind === "instance") return resourceFile(view.resource);
  return xliffFile(`${context.config.baseUrl}${view.path}`, [], toJson(view.data));
}

export const xliffRenderer: Renderer = {
  item: (resource) => resourceFile(resource),
  parts,
  instance: (item) => `${HEAD}${item}${TAIL}`,
  document: (view, context) => `${HEAD}${documentFile(view, context)}${TAIL}`,
  pageSize: Infinity,
  listHead: (view, page, context) => (page.count === 0 ? `${HEAD}${xliffFile(`${context.config.baseUrl}${view.path}`, [])}` : HEAD),
  listEntry: (item) => item,
  listTail: () => TAIL,
};
