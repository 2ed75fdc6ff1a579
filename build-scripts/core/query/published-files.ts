/**
 * The site's published files, as the edge (the static site behind it) and the
 * browser (fetch) read them: text or bytes, undefined for a 404, an error
 * otherwise. With `remember` (the shim's many queries), each file is fetched
 * once and memoized for later ones; a stream never is.
 */
import { memoized } from "../memo.ts";

export interface PublishedFiles {
  text(path: string): Promise<string | undefined>;
  bytes(path: string): Promise<Uint8Array<ArrayBuffer> | undefined>;
  /**
   * A file read as it arrives, never memoized; with `range` ([start, end) in bytes),
   * only that part when the host honours range requests, else the whole file.
   */
  stream(path: string, range?: ByteRange): Promise<FileStream | undefined>;
}

export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

export interface FileStream {
  readonly body: ReadableStream<Uint8Array>;
  /** Where in the file the body begins. */
  readonly start: number;
}

export type Get = (url: URL, init?: RequestInit) => Promise<Response>;

/** Files under `root`, fetched with `get`; `remember`: each file's bytes are memoized (the browser shim's many queries). */
export function httpFiles(get: Get, root: URL, remember = false): PublishedFiles {
  const remembered = new Map<string, Promise<Uint8Array<ArrayBuffer> | undefined>>();
  const found = async (file: string, init?: RequestInit) => {
    const url = new URL(file, root);
    const response = await get(url, init);
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) throw new Error(`${response.status} ${response.statusText} for ${url.pathname}`);
    return response;
  };
  const fetchBytes = async (file: string) => {
    const response = await found(file);
    return response && new Uint8Array(await response.arrayBuffer());
  };
  const bytes = (file: string) =>
    remember
      ? memoized(remembered, file, () => {
          const fetched = fetchBytes(file);
          fetched.catch(() => remembered.delete(file)); // a failed fetch is tried again next time
          return fetched;
        })
      : fetchBytes(file);
  const stream = async (file: string, range?: ByteRange): Promise<FileStream | undefined> => {
    const headers = range && range.end > range.start ? { Range: `bytes=${range.start}-${range.end - 1}` } : undefined;
    const response = await found(file, headers && { headers });
    if (!response?.body) return undefined;
    return { body: response.body, start: response.status === 206 ? rangeStart(response.headers.get("Content-Range")) : 0 };
  };
  return { bytes, stream, text: async (file) => decodeText(await bytes(file)) };
}

/** The first byte of a 206 answer: "bytes 200-1000/67589". */
function rangeStart(contentRange: string | null): number {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(contentRange?.trim() ?? "");
  if (!match) throw new Error(`A partial answer came with the Content-Range "${contentRange}".`);
  return Number(match[1]);
}

const decoder = new TextDecoder();
const decodeText = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : decoder.decode(bytes));
