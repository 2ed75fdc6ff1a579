/**
 * The site's published files, as the edge (the static site behind it) and the
 * browser (fetch) read them: text or bytes, undefined for a 404, an error
 * otherwise. Each file is fetched once per reader and kept for later queries.
 */
export interface PublishedFiles {
  text(path: string): Promise<string | undefined>;
  bytes(path: string): Promise<Uint8Array<ArrayBuffer> | undefined>;
}

/** Files under `root`, fetched with `get`; `keep` remembers each answer (the browser shim's many queries). */
export function httpFiles(get: (url: URL) => Promise<Response>, root: URL, keep = false): PublishedFiles {
  const kept = new Map<string, Promise<Uint8Array<ArrayBuffer> | undefined>>();
  const fetchBytes = async (file: string) => {
    const url = new URL(file, root);
    const response = await get(url);
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) throw new Error(`${response.status} ${response.statusText} for ${url.pathname}`);
    return new Uint8Array(await response.arrayBuffer());
  };
  const bytes = (file: string) => {
    if (!keep) return fetchBytes(file);
    let found = kept.get(file);
    if (!found) {
      found = fetchBytes(file);
      found.catch(() => kept.delete(file)); // a failed fetch is tried again next time
      kept.set(file, found);
    }
    return found;
  };
  return { bytes, text: async (file) => decodeText(await bytes(file)) };
}

const decoder = new TextDecoder();
const decodeText = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : decoder.decode(bytes));
