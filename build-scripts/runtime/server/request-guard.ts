/**
 * Checks a raw request target before anything else sees it: it must be an
 * origin-form path ("/…") of a sane length whose percent-encoding decodes and
 * which, decoded, cannot climb out of the site (`..`, NUL, backslashes).
 * Answers the status to refuse it with, or the parsed URL.
 */
const MAX_URL_LENGTH = 8 * 1024;

export type Guarded =
  { readonly ok: true; readonly url: URL } | { readonly ok: false; readonly status: 400 | 414; readonly reason: string };

export function guardRequestTarget(target: string, origin: string): Guarded {
  if (target.length > MAX_URL_LENGTH) return { ok: false, status: 414, reason: "URI too long" };
  // "//api/…" is a path too (the origin is put before it, so it is not read as an authority).
  if (!target.startsWith("/")) return { ok: false, status: 400, reason: "not an origin-form path" };
  let url: URL;
  let decoded: string;
  try {
    url = new URL(origin + target);
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return { ok: false, status: 400, reason: "malformed URL or percent-encoding" };
  }
  if (/(^|\/)\.\.(\/|$)|\\|\0/.test(decoded)) return { ok: false, status: 400, reason: "path escapes the site" };
  return { ok: true, url };
}
