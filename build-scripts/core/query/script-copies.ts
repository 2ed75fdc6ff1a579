/**
 * The offline mirror's script-wrapped copies of published files: a page
 * opened from a file (file://), where browsers refuse fetch and module scripts
 * but run classic scripts, reads a file through its copy (`<file>.js`), which
 * hands the file's text to the <script> tag that loads it, as Sphinx's search
 * reads its `searchindex.js`. The mirror writes the copies
 * (pipeline/mirror/offline-files.ts); the browser reads them
 * (runtime/browser/script-files.ts).
 */

/** The script-wrapped copy of a published file. */
export const offlineCopy = (file: string) => `${file}.js`;

/** The property of its own <script> element that a wrapped copy sets to the file's text. */
export const COPY_TEXT = "catalogueFile";

const encoder = new TextEncoder();
const [BACKSLASH, BACKQUOTE, DOLLAR, BRACE, CR, R] = ["\\", "`", "$", "{", "\r", "r"].map((c) => c.charCodeAt(0));

/**
 * A file's UTF-8 bytes as a classic script: a template literal, so only `\`,
 * a backquote, `${` and a carriage return (which a template literal would read
 * as a line feed) are escaped, and the copy is barely larger than the file.
 * Bytes in, bytes out: a list's column file can pass the longest string an
 * engine makes, and no byte of a multi-byte UTF-8 character is ASCII.
 */
export function scriptWrapped(bytes: Uint8Array): Uint8Array {
  const [open, close] = [`document.currentScript.${COPY_TEXT}=\``, "`;\n"].map((text) => encoder.encode(text));
  const escapes = escapesIn(bytes);
  const out = new Uint8Array(open.length + bytes.length + escapes.length + close.length);
  out.set(open);
  let [at, from] = [open.length, 0];
  // The text between escapes is copied whole: a column file runs to hundreds of MB with few of them.
  for (const i of escapes) {
    out.set(bytes.subarray(from, i), at);
    at += i - from;
    out[at++] = BACKSLASH;
    out[at++] = bytes[i] === CR ? R : bytes[i];
    from = i + 1;
  }
  out.set(bytes.subarray(from), at);
  out.set(close, at + bytes.length - from);
  return out;
}

/** Where the bytes to escape are, in order, found by the engine's own search for each (a byte loop in script is ten times slower). */
function escapesIn(bytes: Uint8Array): Int32Array {
  const found: number[] = [];
  for (const byte of [BACKSLASH, BACKQUOTE, CR, DOLLAR])
    for (let i = bytes.indexOf(byte); i !== -1; i = bytes.indexOf(byte, i + 1))
      if (byte !== DOLLAR || bytes[i + 1] === BRACE) found.push(i);
  return Int32Array.from(found).sort();
}
