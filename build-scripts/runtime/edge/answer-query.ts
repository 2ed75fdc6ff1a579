/**
 * A list or resource asked for with `search` or `fields`: answered by
 * query/answer.ts (the browser shim's code, with the same published index and
 * records files), which reads those files through the static site's `next`.
 */
import type { SiteAddresses } from "../../core/query/answer.ts";
import { PublishedApi } from "../../core/query/answer.ts";
import { httpLoader } from "../../core/query/http-loader.ts";
import type { Format } from "../../core/formats/formats.ts";
import type { ApiRoute } from "../../core/routes/api-path.ts";
import type { Next } from "./handle-request.ts";

type ResourceRoute = Exclude<ApiRoute, { view: "root" }>;

/** Whether a list or resource is asked with a search or fields, which the files alone do not hold. */
export function wantsQuery(route: ApiRoute, params: URLSearchParams): route is ResourceRoute {
  if (route.view === "root") return false;
  return (route.view === "list" && (params.get("search") ?? "").trim() !== "") || (params.get("fields") ?? "").trim() !== "";
}

export async function answerQuery(request: Request, route: ResourceRoute, format: Format, next: Next, site: SiteAddresses) {
  const load = httpLoader((url) => next(new Request(url)), new URL("/", request.url));
  const params = new URL(request.url).searchParams;
  const path = route.view === "list" ? `/api/${route.collection.name}` : `/api/${route.collection.name}/${route.uuid}`;
  return new PublishedApi(load, site).answer({ path, search: params.get("search"), fields: params.get("fields"), format: format.name });
}
