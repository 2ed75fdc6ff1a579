/**
 * XML: well-formed for any input (checked by a real parser), and the mapping
 * of names and forbidden characters is exactly reversible.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { toXmlContent, XML_DECLARATION } from "../../build-scripts/core/formats/xml.ts";
import { encodeXmlName, encodeXmlText } from "../../build-scripts/core/formats/xml-names.ts";

const wellFormed = (xml: string) => XMLValidator.validate(xml) === true;
const document = (value: unknown) => `${XML_DECLARATION}<root>${toXmlContent(value)}</root>`;

/** The mapping's inverse (xml-names.ts): every `_xHHHH_` back to its character; `_x_` is the empty key. */
const decodeXmlText = (text: string) =>
  text.replace(/_x([0-9A-Fa-f]{8}|[0-9A-Fa-f]{4})_/g, (_, code: string) => String.fromCodePoint(parseInt(code, 16)));
const decodeXmlName = (name: string) => (name === "_x_" ? "" : decodeXmlText(name));

/** A tiny deterministic generator of nasty strings. */
function* nastyStrings(count: number): Generator<string> {
  const alphabet = [
    "a",
    "Z",
    "0",
    " ",
    "_",
    "x",
    "-",
    ".",
    ":",
    "<",
    "&",
    ">",
    '"',
    "\u000b",
    "\u0000",
    "\u001f",
    "\r",
    "\n",
    "\t",
    "é",
    "富",
    "😀",
    "\ud800",
    "\udfff",
    "\ufffe",
    "\uffff",
    "_x0041_",
    "_x",
    "F",
  ];
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let i = 0; i < count; i++) {
    let s = "";
    const length = next() % 12;
    for (let j = 0; j < length; j++) s += alphabet[next() % alphabet.length];
    yield s;
  }
}

describe("XML names", () => {
  it("keeps ordinary field names as they are", () => {
    for (const name of ["url", "html_url", "appropriate_for", "list-item", "Writer"]) expect(encodeXmlName(name)).toBe(name);
  });

  it("writes characters that may not stand in a name as _xHHHH_", () => {
    expect(encodeXmlName("Educator Reviewer")).toBe("Educator_x0020_Reviewer");
    expect(encodeXmlName("2nd Unit")).toBe("_x0032_nd_x0020_Unit");
    expect(encodeXmlName("a:b")).toBe("a_x003A_b");
    expect(encodeXmlName("Café")).toBe("Caf_x00E9_");
    expect(encodeXmlName("")).toBe("_x_");
    expect(encodeXmlName("_x_")).toBe("_x005F_x_");
  });

  it("round-trips every key, and every key gives a well-formed element", () => {
    for (const key of nastyStrings(3000)) {
      const name = encodeXmlName(key);
      expect(decodeXmlName(name), JSON.stringify(key)).toBe(key);
      expect(wellFormed(`<${name}></${name}>`), JSON.stringify(key)).toBe(true);
    }
  });
});

describe("XML text", () => {
  it("writes characters XML 1.0 forbids as _xHHHH_ and escapes an underscore that would read as one", () => {
    expect(encodeXmlText("tab\u000bhere")).toBe("tab_x000B_here");
    expect(encodeXmlText("lone \ud800")).toBe("lone _xD800_");
    expect(encodeXmlText("literal _x0041_")).toBe("literal _x005F_x0041_");
    expect(encodeXmlText("snake_case x")).toBe("snake_case x");
  });

  it("round-trips every string through a real XML parser", () => {
    const parser = new XMLParser({ trimValues: false, parseTagValue: false, processEntities: true, htmlEntities: true });
    for (const text of nastyStrings(3000)) {
      const xml = document({ t: text });
      expect(wellFormed(xml), JSON.stringify(text)).toBe(true);
      const parsed = parser.parse(xml).root.t;
      expect(decodeXmlText(String(parsed ?? "")), JSON.stringify(text)).toBe(text);
    }
  });
});

describe("DRF's XML convention", () => {
  it("writes arrays as list-item, objects as elements, null and empty values as empty elements", () => {
    expect(document([{ a: null, b: [], c: {}, d: ["x", "y"], e: true }])).toBe(
      `${XML_DECLARATION}<root><list-item><a></a><b></b><c></c><d><list-item>x</list-item><list-item>y</list-item></d><e>True</e></list-item></root>`,
    );
  });
});
