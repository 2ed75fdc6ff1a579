/**
 * Reads the site's published files over HTTP, for the shim (fetch) and the
 * edge (the static site behind it): text, undefined for a 404, an error otherwise.
 */
import type { LoadText } from "../search/find-records.ts";

export function httpLoader(get: (url: URL) => Promise<Response>, root: URL): LoadText {
  return async (file) => {
    const url = new URL(file, root);
    const response = await get(url);
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) throw new Error(`${response.status} ${response.statusText} for ${url.pathname}`);
    return response.text();
  };
}
