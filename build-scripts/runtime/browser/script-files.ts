/**
 * The published files read from a page opened from a file (file://), through
 * the offline mirror's script-wrapped copies (core/query/script-copies.ts):
 * this reader loads a file's copy with a <script> tag when the file is first
 * asked for, and keeps its text: the same files, read once, as over HTTP.
 */
import { memoized } from "../../core/memo.ts";
import type { FileStream, PublishedFiles } from "../../core/query/published-files.ts";
import { COPY_TEXT, offlineCopy } from "../../core/query/script-copies.ts";

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
          const found = (script as unknown as Record<string, unknown>)[COPY_TEXT];
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
