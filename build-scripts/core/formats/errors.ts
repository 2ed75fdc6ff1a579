/** Error answers as Django REST Framework words them, rendered by any format. */
import type { ErrorView } from "./views.ts";

/** DRF names an error's view by its status text, and says what went wrong in `detail`. */
const errorView = (path: string, status: number, statusText: string, detail: string): ErrorView => ({
  kind: "error",
  name: statusText,
  path,
  status,
  statusText,
  data: { detail },
});

export const notFoundView = (path: string): ErrorView => errorView(path, 404, "Not Found", "Not found.");

export const methodNotAllowedView = (path: string, method: string): ErrorView =>
  errorView(path, 405, "Method Not Allowed", `Method "${method}" not allowed.`);

export const notAcceptableView = (path: string): ErrorView =>
  errorView(path, 406, "Not Acceptable", "Could not satisfy the request Accept header.");
