/**
 * What every API answer carries, whoever sends it: netlify.toml's header rules
 * (generated from here), the edge function and the local server. Pure.
 */

/** DRF's Allow header for the read-only views. Netlify drops a custom Allow, so only the edge sends it. */
export const ALLOW = "GET, HEAD, OPTIONS";

/**
 * The whole site is public and read-only: any origin may read any of it (an
 * integrator's page imports the shim, which reads the search files; tools
 * fetch the OpenAPI description).
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = { "Access-Control-Allow-Origin": "*" };

/**
 * A public, read-only API: answers depend on the Accept header; a deploy
 * replaces the catalogue, so caches keep an answer for five minutes and then
 * revalidate. The edge sends these itself (Netlify's header rules do not
 * reach an edge function's answers).
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  Vary: "Accept",
  ...CORS_HEADERS,
  "Cache-Control": "public, max-age=300, must-revalidate",
};

/**
 * What the edge adds for Netlify's CDN: keep each answer until the next
 * deploy (a deploy purges the CDN's cache), as many answers as there are
 * queries and Accept headers. Browsers still follow Cache-Control above.
 */
export const EDGE_CACHE_HEADERS: Readonly<Record<string, string>> = {
  "Netlify-CDN-Cache-Control": "public, durable, s-maxage=31536000",
  "Netlify-Vary": "query=search|fields|format|accept|page,header=Accept",
};

/** Files named after their content never change: any cache may keep them for good. */
export const IMMUTABLE_HEADERS: Readonly<Record<string, string>> = {
  "Cache-Control": "public, max-age=31536000, immutable",
};
