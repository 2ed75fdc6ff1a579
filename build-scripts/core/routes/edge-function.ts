/**
 * Netlify's declaration of the edge function (netlify.toml), and the paths it
 * runs on as the local server and the Deno harness match them. Pure.
 */

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
