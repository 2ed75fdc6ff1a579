/**
 * How a request's query parameter is read: as Django's QueryDict reads it, a
 * parameter given more than once takes its last value
 * (`?format=json&format=xml` is XML). The edge, the local server and the
 * browser's view read `format`, `accept`, `search`, `fields` and `page` so.
 */
export const lastParam = (params: URLSearchParams, name: string): string | null => params.getAll(name).at(-1) ?? null;
