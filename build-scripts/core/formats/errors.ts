/** Error answers as Django REST Framework words them, rendered by any format. */
import type { ErrorView } from "./views.ts";

export const notFoundView = (path: string): ErrorView => ({
  kind: "error",
  name: "Not Found",
  path,
  status: 404,
  statusText: "Not Found",
  data: { detail: "Not found." },
});

/**
 * 404.html, which a static host serves for every missing address: written
 * before any request, it names no path (the page shows the address it is
 * served at).
 */
export const staticNotFoundView = (): ErrorView => notFoundView("");

export const methodNotAllowedView = (path: string, method: string): ErrorView => ({
  kind: "error",
  name: "Method Not Allowed",
  path,
  status: 405,
  statusText: "Method Not Allowed",
  data: { detail: `Method "${method}" not allowed.` },
});

export const notAcceptableView = (path: string): ErrorView => ({
  kind: "error",
  name: "Not Acceptable",
  path,
  status: 406,
  statusText: "Not Acceptable",
  data: { detail: "Could not satisfy the request Accept header." },
});
