/**
 * How a request's query parameter is read: as Django's QueryDict reads it, a
 * parameter given more than once takes its last value
 * (`?format=json&format=xml` is XML). The edge, the local server and the
 * browser's view read `format`, `accept`, `search`, `fields` and `page` so.
 */
export const lastParam = (params: URLSearchParams, name: string): string | null => params.getAll(name).at(-1) ?? null;

/**
 * What narrows a view, the one type of a query: `search` and `fields` as
 * given, and the `page` asked for (from 1; without one, the whole answer).
 * One not given is null, or left out.
 */
export interface ViewQuery {
  readonly search?: string | null;
  readonly fields?: string | null;
  readonly page?: number | null;
}

/**
 * The one reading of a view's query, the edge's, the reader's and the HTML
 * view's: none given is null; a `page` that is not a whole number from 1 is
 * page 1 (a page past the last is the last, where the pages are known).
 */
export function readQuery(params: URLSearchParams): ViewQuery {
  const page = lastParam(params, "page");
  const number = Number(page);
  return {
    search: lastParam(params, "search"),
    fields: lastParam(params, "fields"),
    page: page === null ? null : Number.isInteger(number) && number > 0 ? number : 1,
  };
}
