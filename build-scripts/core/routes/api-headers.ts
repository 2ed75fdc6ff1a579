/**
 * What every API answer carries, whoever sends it: netlify.toml's header rules
 * (generated from here), the edge function and the local server. Pure.
 */

/** DRF's Allow header for the read-only views. Netlify drops a custom Allow, so only the edge sends it. */
export const ALLOW = "GET, HEAD, OPTIONS";

/**
 * A public, read-only API: any origin may read it; answers depend on the
 * Accept header; a deploy replaces the catalogue, so caches keep an answer for
 * five minutes and then revalidate.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  Vary: "Accept",
  "Access-Control-Allow-Origin": "*",
  "Cache-Control": "public, max-age=300, must-revalidate",
};

/** Where the edge function runs: the API root with and without its slash, and everything below it. */
export const EDGE_FUNCTION = { name: "api", paths: ["/api", "/api/*"] } as const;
