/**
 * Revalidation, as Netlify's CDN answers it: a GET or HEAD whose
 * If-None-Match names the ETag of the 200 it would get is answered 304, with
 * no body and the 200's headers but those that describe the body
 * (RFC 9110 §13.1.2, §15.4.5).
 */
export function notModified(request: Request, response: Response): Response {
  const etag = response.headers.get("etag");
  const wanted = request.headers.get("if-none-match");
  if (!etag || !wanted || response.status !== 200 || !["GET", "HEAD"].includes(request.method)) return response;
  if (!matches(wanted, etag)) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-type");
  headers.delete("content-length");
  void response.body?.cancel();
  return new Response(null, { status: 304, headers });
}

/** If-None-Match compares weakly: "*", or any listed tag with the same opaque value, W/ or not. */
function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.replace(/^W\//, "");
  return (ifNoneMatch.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === opaque(etag));
}
