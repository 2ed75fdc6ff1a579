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

/**
 * A file's text as a classic script: a template literal, so only `\`, a
 * backquote, `${` and a carriage return (which a template literal would read as
 * a line feed) are escaped, and the copy is barely larger than the file.
 */
export const scriptWrapped = (text: string) =>
  `document.currentScript.${COPY_TEXT}=\`${text.replace(/\\|`|\$\{|\r/g, (s) => (s === "\r" ? "\\r" : `\\${s}`))}\`;\n`;
