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

/**
 * Where the edge function runs (the API root with and without its slash, and
 * everything below it; the same in each language's tree, /<lang>/api/…); its
 * answers are cached as it says.
 */
export const EDGE_FUNCTION = { name: "api", paths: ["/api", "/api/*", "/*/api", "/*/api/*"], cache: "manual" } as const;

/** Netlify path patterns: "/api" is that path, a star at the end anything below it, a star between slashes one folder. */
const EDGE_PATTERNS = EDGE_FUNCTION.paths.map((path) => {
  // The paths are letters, slashes and stars only: nothing else to escape.
  const parts = path.split("/").map((part, i, all) => (part !== "*" ? part : i === all.length - 1 ? ".*" : "[^/]+"));
  return new RegExp(`^${parts.join("/")}$`);
});

/** Whether a request path is one the edge function runs on (the local server and the Deno harness ask). */
export const isEdgePath = (pathname: string) => EDGE_PATTERNS.some((pattern) => pattern.test(pathname));
