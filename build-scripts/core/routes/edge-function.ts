/**
 * Netlify's declaration of the edge function (netlify.toml), and the paths it
 * runs on as the local server and the Deno harness match them. Pure.
 */

/**
 * Where the edge function runs: every path, so that no spelling of an API
 * path (`/%61pi/videos`, `//api/videos`) reaches the static files without it,
 * except the trees the browser fetches often that hold no API view (the
 * assets, the search files of every tree, the CMS, the downloads). Its
 * answers are cached as it says.
 */
export const EDGE_FUNCTION = {
  name: "api",
  path: "/*",
  excludedPath: ["/assets/*", "/search/*", "/*/search/*", "/admin/*", "/downloads/*"],
  cache: "manual",
} as const;

/**
 * A Netlify path pattern (a URLPattern pathname: a star is any run of
 * characters, slashes included) as a RegExp; ours hold letters, slashes and
 * stars only, nothing else to escape.
 */
const pattern = (path: string) => new RegExp(`^${path.replaceAll("*", ".*")}$`);

const INCLUDED = pattern(EDGE_FUNCTION.path);
const EXCLUDED = EDGE_FUNCTION.excludedPath.map(pattern);

/** Whether a request path is one the edge function runs on (the local server and the Deno harness ask). */
export const isEdgePath = (pathname: string) => INCLUDED.test(pathname) && !EXCLUDED.some((excluded) => excluded.test(pathname));

/** The API's trees, `/api` and a language's `/<lang>/api` (`/<lang>//api` too, a 404), with everything below them. */
const API_TREE = /^\/([^/]+\/+)?api(\/|$)/;

/** Whether a path (in its canonical spelling) is the edge's to answer; any other path goes on to the static files as it came. */
export const isApiTreePath = (canonical: string) => API_TREE.test(canonical);
