/**
 * XLIFF 1.2 for translators: one <file> per resource (original = its url),
 * one <trans-unit> per translatable text. Ids are JSON pointers of the field
 * (`/title`, `/credits/Other`), so they are stable across builds. HTML fields
 * are carried as escaped markup with datatype="html", which translation tools
 * hand to their HTML filter; whitespace (and the \r\n of the source) is kept.
 */
import type { Json } from "../catalogue/resource.ts";
import { SOURCE_LANGUAGE } from "../translations/languages.ts";
import type { ResourceTranslation, TranslatedUnit } from "../translations/localize.ts";
import { looksLikeHtml } from "../translations/markup.ts";
import { fieldUnits, type TextUnit } from "../translations/translatable.ts";
import type { ItemParts, Renderer } from "./renderer.ts";
import { toJson } from "./json.ts";
import { XML_DECLARATION } from "./xml.ts";
import { xmlEscape } from "./xml-names.ts";

export const XLIFF_NAMESPACE = "urn:oasis:names:tc:xliff:document:1.2";

const HEAD = `${XML_DECLARATION}<xliff version="1.2" xmlns="${XLIFF_NAMESPACE}">`;
const TAIL = "\n</xliff>\n";

/** Fields that name a resource's <file> (`original`): its url, else (when `fields` left it out) its uuid. */
const NAMING_FIELDS = ["url", "uuid"];

const FILE_OPEN = '\n  <file original="';
const fileAttributes = (target?: string) =>
  `" source-language="${SOURCE_LANGUAGE}"${target === undefined ? "" : ` target-language="${target}"`} datatype="plaintext">\n    <body>`;
const FILE_ATTRIBUTES = fileAttributes();
const FILE_CLOSE = "</body>\n  </file>";

/**
 * A resource's parts: the translatable fields' trans-units, and the escaped
 * url and uuid, one of which names the <file>; every other field shows nothing.
 * A translated version's units (`translation`) carry the source text, the
 * target and its state, and its <file> names the target language.
 */
function xliffParts(translation?: ResourceTranslation): ItemParts {
  const unit = translation ? ({ id }: TextUnit) => translatedUnit(id, translation.units[id]) : transUnit;
  const units = (field: string, value: Json): string => fieldUnits(field, value).map(unit).join("");
  const attributes = translation ? fileAttributes(translation.language) : FILE_ATTRIBUTES;
  return {
    part: (field, value) => (NAMING_FIELDS.includes(field) ? xmlEscape(String(value ?? "")) : units(field, value)),
    join: (fields, fieldParts) => {
      const naming = NAMING_FIELDS.map((name) => fields.indexOf(name)).find((at) => at >= 0);
      const own = fieldParts.filter((part, i) => !NAMING_FIELDS.includes(fields[i]) && part.length > 0);
      return [
        FILE_OPEN,
        ...(naming === undefined ? [] : [fieldParts[naming]]),
        attributes,
        ...own,
        own.length > 0 ? "\n    " : "",
        FILE_CLOSE,
      ];
    },
    translated: xliffParts,
  };
}

const parts = xliffParts();

const unitOpen = (id: string, text: string) =>
  `\n      <trans-unit id="${xmlEscape(id)}" resname="${xmlEscape(id.slice(1))}"${looksLikeHtml(text) ? ' datatype="html"' : ""} xml:space="preserve">`;

function transUnit({ id, text }: TextUnit): string {
  return `${unitOpen(id, text)}<source>${xmlEscape(text)}</source></trans-unit>`;
}

/** A translated version's unit: the source text, and its target with its state (an untranslated one has none, state="new"). */
function translatedUnit(id: string, unit: TranslatedUnit): string {
  const target = unit.target === undefined ? `<target state="new"/>` : `<target state="${unit.state}">${xmlEscape(unit.target)}</target>`;
  return `${unitOpen(id, unit.source)}<source>${xmlEscape(unit.source)}</source>${target}</trans-unit>`;
}

/**
 * An empty <file> element: XLIFF 1.2 requires at least one, so documents
 * without translatable resources (the root, an error, OPTIONS metadata, an
 * empty list) carry one naming them (`original`); their data (an error's
 * detail, say) rides along as JSON in its header's <note>, so nothing the
 * other formats say is lost.
 */
function emptyXliffFile(original: string, note?: string): string {
  const header = note === undefined ? "" : `\n    <header><note>${xmlEscape(note)}</note></header>`;
  return `\n  <file original="${xmlEscape(original)}" source-language="${SOURCE_LANGUAGE}" datatype="plaintext">${header}\n    <body></body>\n  </file>`;
}

/** A list's item is a <file> of its own: nothing between items. */
const AS_IS = ["", ""] as const;

export const xliffRenderer: Renderer = {
  parts,
  instance: (item) => `${HEAD}${item}${TAIL}`,
  document: (view, context) => `${HEAD}${emptyXliffFile(`${context.addresses.baseUrl}${view.path}`, toJson(view.data))}${TAIL}`,
  pageSize: Infinity,
  listHead: (view, page, context) => (page.count === 0 ? `${HEAD}${emptyXliffFile(`${context.addresses.baseUrl}${view.path}`)}` : HEAD),
  entry: { first: AS_IS, rest: AS_IS },
  listTail: () => TAIL,
};
