/**
 * Plain text from a field that may hold HTML: tags dropped (block-level tags
 * and <br> become a space, so words on either side stay apart), character
 * references decoded. Search works on this text, never on markup, so a query
 * for `strong` does not find every record with a <strong> tag.
 */
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>|<!--[\s\S]*?-->/g;
const BLOCK = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "dd",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "td",
  "th",
  "tr",
  "ul",
]);
const NAMED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ndash: "\u2013",
  mdash: "\u2014",
  lsquo: "\u2018",
  rsquo: "\u2019",
  ldquo: "\u201c",
  rdquo: "\u201d",
  hellip: "\u2026",
  deg: "\u00b0",
};
const REFERENCE = /&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);/g;

function decodeReference(match: string, body: string): string {
  if (body[0] !== "#") return NAMED[body] ?? match;
  const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
}

export function plainText(html: string): string {
  return html.replace(TAG, (_tag, name?: string) => (name && BLOCK.has(name.toLowerCase()) ? " " : "")).replace(REFERENCE, decodeReference);
}
