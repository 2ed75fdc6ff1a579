/**
 * The published files read from a page opened from a file (file://), where
 * browsers refuse fetch and module scripts but run classic scripts, as
 * Sphinx's search reads its `searchindex.js`. The offline mirror holds, beside
 * each file the view reads, a copy wrapped as a script (`<file>.js`,
 * pipeline/mirror/offline-files.ts) that hands the file's text to the tag that
 * loads it. This reader loads that copy with a <script> tag when the file is
 * first asked for, and keeps its text: the same files, read once, as over HTTP.
 */
import { memoized } from "../../core/memo.ts";
import type { FileStream, PublishedFiles } from "../../core/query/published-files.ts";

/** The script-wrapped copy of a published file. */
export const offlineCopy = (file: string) => `${file}.js`;

/** The property of its own <script> element that a wrapped copy sets to the file's text. */
const TEXT = "catalogueFile";

const [BACKSLASH, BACKQUOTE, DOLLAR, BRACE, CR, R] = ["\\", "`", "$", "{", "\r", "r"].map((c) => c.charCodeAt(0));

/**
 * A file's UTF-8 bytes as a classic script: a template literal, so only `\`,
 * a backquote, `${` and a carriage return (which a template literal would read
 * as a line feed) are escaped, and the copy is barely larger than the file.
 * Bytes in, bytes out: a list's column file can pass the longest string an
 * engine makes, and no byte of a multi-byte UTF-8 character is ASCII.
 */
export function scriptWrapped(bytes: Uint8Array): Uint8Array {
  const [open, close] = [`document.currentScript.${TEXT}=\``, "`;\n"].map((text) => encoder.encode(text));
  const escaped = (i: number) => {
    const byte = bytes[i];
    return byte === BACKSLASH || byte === BACKQUOTE || byte === CR || (byte === DOLLAR && bytes[i + 1] === BRACE);
  };
  let escapes = 0;
  for (let i = 0; i < bytes.length; i++) if (escaped(i)) escapes++;
  const out = new Uint8Array(open.length + bytes.length + escapes + close.length);
  out.set(open);
  let at = open.length;
  for (let i = 0; i < bytes.length; i++) {
    if (escaped(i)) out[at++] = BACKSLASH;
    out[at++] = bytes[i] === CR ? R : bytes[i];
  }
  out.set(close, at);
  return out;
}

/** Every file read, by its address: the view's probe and the shim's reader share them. */
const read = new Map<string, Promise<string | undefined>>();

/** The text of the file at `url` (undefined when it has no wrapped copy, as a 404). */
function readText(url: URL): Promise<string | undefined> {
  return memoized(
    read,
    url.href,
    () =>
      new Promise((resolve, reject) => {
        const script = Object.assign(document.createElement("script"), { src: offlineCopy(url.href) });
        script.onload = () => {
          script.remove();
          const found = (script as unknown as Record<string, unknown>)[TEXT];
          if (typeof found === "string") resolve(found);
          else reject(new Error(`${offlineCopy(url.pathname)} gave no text: make the offline mirror again.`));
        };
        script.onerror = () => {
          script.remove();
          resolve(undefined);
        };
        document.head.append(script);
      }),
  );
}

const encoder = new TextEncoder();

/** Files under `root` (a file:// address), read through their wrapped copies. */
export function scriptFiles(root: URL): PublishedFiles {
  const text = (file: string) => readText(new URL(file, root));
  const bytes = async (file: string) => {
    const found = await text(file);
    return found === undefined ? undefined : encoder.encode(found);
  };
  // A file is read whole: there are no range requests to honour.
  const stream = async (file: string): Promise<FileStream | undefined> => {
    const found = await bytes(file);
    return found && { body: new Blob([found]).stream(), start: 0 };
  };
  return { text, bytes, stream };
}
