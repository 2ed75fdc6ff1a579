/**
 * XLIFF 1.2 as translation tools return it, read with fast-xml-parser (never
 * with regular expressions): each <file>'s original and target-language, and
 * each <trans-unit>'s id, the JSON pointer it names, its source, target and
 * state. Namespace prefixes are dropped, because translate-toolkit's po2xliff
 * writes its units in a prefixed namespace of XLIFF 1.1.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { appendAll } from "../../core/append-all.ts";

export interface XliffUnit {
  readonly id: string;
  /** The JSON pointer the unit translates: its id, or (po2xliff) the location it came from (`#: /title`). */
  readonly pointer?: string;
  readonly source: string;
  /** The target text; undefined when there is none; `inline` when it holds inline elements (<g>, <x/>…). */
  readonly target: string | undefined | { readonly inline: true };
  readonly state?: string;
  readonly approved?: string;
  readonly datatype?: string;
  /** po2xliff marks the PO header's unit `x-gettext-domain-header`. */
  readonly restype?: string;
}

export interface XliffFile {
  readonly original: string;
  readonly targetLanguage?: string;
  readonly units: readonly XliffUnit[];
}

type Node = Record<string, unknown>;

const LISTS = new Set(["file", "trans-unit", "group", "context-group", "context"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  // Also decodes character references (&#13;), once.
  htmlEntities: true,
  isArray: (name) => LISTS.has(name),
});

/** The document's <file>s, or what keeps it from being XLIFF. */
export function readXliff(text: string): XliffFile[] | { readonly error: string } {
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { error: `not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})` };
  const document = parser.parse(text) as Node;
  const xliff = document.xliff as Node | undefined;
  if (!xliff || typeof xliff !== "object") return { error: "XML whose root element is not <xliff>" };
  return ((xliff.file ?? []) as Node[]).map((file) => ({
    original: String(file["@original"] ?? ""),
    targetLanguage: file["@target-language"] === undefined ? undefined : String(file["@target-language"]),
    units: unitsOf(file.body as Node | undefined),
  }));
}

/** The units of a <body> or <group>, groups' own included, in document order of each level. */
function unitsOf(body: Node | undefined): XliffUnit[] {
  if (!body || typeof body !== "object") return [];
  const units = ((body["trans-unit"] ?? []) as Node[]).map(unitOf);
  for (const group of (body.group ?? []) as Node[]) appendAll(units, unitsOf(group));
  return units;
}

function unitOf(unit: Node): XliffUnit {
  const id = String(unit["@id"] ?? "");
  const target = unit.target as unknown;
  return {
    id,
    pointer: id.startsWith("/") ? id : locationOf(unit),
    source: textOf(unit.source) ?? "",
    target: target === undefined ? undefined : (textOf(target) ?? { inline: true }),
    state: attribute(target, "@state"),
    approved: attribute(unit, "@approved"),
    datatype: attribute(unit, "@datatype"),
    restype: attribute(unit, "@restype"),
  };
}

/** An element's text: a string, or an element with attributes and text only; undefined when it holds elements. */
function textOf(node: unknown): string | undefined {
  if (typeof node === "string") return node;
  if (!node || typeof node !== "object") return undefined;
  const keys = Object.keys(node);
  if (keys.some((key) => key !== "#text" && !key.startsWith("@"))) return undefined;
  return String((node as Node)["#text"] ?? "");
}

const attribute = (node: unknown, name: string) =>
  node && typeof node === "object" && (node as Node)[name] !== undefined ? String((node as Node)[name]) : undefined;

/** po2xliff's <context-group purpose="location"><context context-type="sourcefile">/title</context>. */
function locationOf(unit: Node): string | undefined {
  for (const group of (unit["context-group"] ?? []) as Node[]) {
    if (group["@purpose"] !== "location") continue;
    for (const context of (group.context ?? []) as Node[]) {
      const text = textOf(context);
      if (context["@context-type"] === "sourcefile" && text?.startsWith("/")) return text;
    }
  }
  return undefined;
}
