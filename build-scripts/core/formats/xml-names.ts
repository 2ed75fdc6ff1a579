/**
 * A reversible mapping from any JSON text to what XML 1.0 allows.
 *
 * Element names: a character other than an ASCII letter, digit, "_", "-" or
 * "." (or a digit, "-" or "." in first place) is written `_xHHHH_` (its code point
 * in upper-case hex, 4 digits, or 8 beyond the BMP) — the convention of .NET's
 * XmlConvert.EncodeName and SQL Server. `Educator Reviewer` → `Educator_x0020_Reviewer`.
 * The empty key is written `_x_`.
 *
 * Text: characters XML 1.0 forbids even as character references (C0 controls
 * other than tab, LF and CR, U+FFFE, U+FFFF, unpaired surrogates) are written
 * `_xHHHH_` too. In both, an underscore that would otherwise start such a
 * sequence is itself written `_x005F_`, so decoding is exact.
 */

const ESCAPE_AHEAD = /^_x(?:[0-9A-Fa-f]{4}|[0-9A-Fa-f]{8})_/;
const hex = (cp: number) =>
  cp
    .toString(16)
    .toUpperCase()
    .padStart(cp > 0xffff ? 8 : 4, "0");
const escaped = (cp: number) => `_x${hex(cp)}_`;

// Names keep ASCII letters, digits, "_", "-" and "." only: XML 1.0's editions
// disagree on which other characters may stand in a name, and parsers in use
// (expat, fast-xml-parser) follow the older, narrower rules.
const isNameStartChar = (cp: number) => (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) || cp === 0x5f;
const isNameChar = (cp: number) => isNameStartChar(cp) || (cp >= 0x30 && cp <= 0x39) || cp === 0x2d || cp === 0x2e;

function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

/** Walk code points; lone surrogates come through as their own code unit. */
function encode(value: string, keep: (cp: number, first: boolean) => boolean): string {
  let out = "";
  let first = true;
  for (let i = 0; i < value.length;) {
    const cp = value.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (cp === 0x5f && ESCAPE_AHEAD.test(value.slice(i, i + 12))) out += escaped(cp);
    else out += keep(cp, first) ? String.fromCodePoint(cp) : escaped(cp);
    i += width;
    first = false;
  }
  return out;
}

const NEEDS_NAME_ENCODING = /[^A-Za-z0-9_.-]|^[0-9.-]|_x/;

export function encodeXmlName(key: string): string {
  if (key === "") return "_x_";
  if (!NEEDS_NAME_ENCODING.test(key)) return key;
  const name = encode(key, (cp, first) => (first ? isNameStartChar(cp) : isNameChar(cp)));
  return name === "_x_" ? "_x005F_x_" : name; // the key "_x_" must not read as the empty key
}

// Fast path: most text has no forbidden character and no "_x".
// eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters: finding them is the point
const NEEDS_TEXT_ENCODING = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]|_x/;

export function encodeXmlText(text: string): string {
  if (!NEEDS_TEXT_ENCODING.test(text)) return text;
  return encode(text, (cp) => isXmlChar(cp));
}

const XML_SPECIAL = /[&<>"\r]/;

/**
 * Text content or attribute value: mapped, then escaped (tested first, as
 * most text needs nothing: see html-escape.ts). `\r` is written as a
 * character reference because parsers turn a raw CR LF into LF.
 */
export function xmlEscape(text: string): string {
  const mapped = encodeXmlText(text);
  if (!XML_SPECIAL.test(mapped)) return mapped;
  return mapped.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/\r/g, "&#13;");
}
