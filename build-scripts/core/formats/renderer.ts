/**
 * A renderer turns views into the text of one content type. Each format of the
 * table in formats.ts has one.
 *
 * Resources are serialized once (`item`) and that text is reused for the
 * resource's own document (`instance`) and for every list page that holds it
 * (`listHead` + `listEntry`… + `listTail`), so lists are written by
 * concatenation and can be streamed.
 */
import type { JsonObject } from "../catalogue/resource.ts";
import type { DocumentView, InstanceView, ListView, Page, RenderContext } from "./views.ts";

export interface Renderer {
  /** One resource, as it stands inside a list. */
  item(resource: JsonObject, context: RenderContext): string;
  /** A single-resource document around its item. */
  instance(item: string, view: InstanceView, context: RenderContext): string;
  /** The API root, an error, or one resource from scratch. */
  document(view: DocumentView, context: RenderContext): string;
  /** Items per list page: Infinity for the data formats, a page of the HTML view otherwise. */
  readonly pageSize: number;
  listHead(view: ListView, page: Page, context: RenderContext): string;
  /** An item as the `index`-th entry of its page. */
  listEntry(item: string, index: number): string;
  listTail(view: ListView, page: Page, context: RenderContext): string;
}

/** A whole list on one page: what the edge and the browser shim answer for a filtered list. */
export function renderList(renderer: Renderer, view: ListView, resources: readonly JsonObject[], context: RenderContext): string {
  const page: Page = { number: 1, pages: 1, start: 0, count: resources.length };
  return renderPage(
    renderer,
    view,
    page,
    resources.map((resource) => renderer.item(resource, context)),
    context,
  );
}

/** One page of a list from its items, already serialized (exactly `page.count` of them). */
export function renderPage(renderer: Renderer, view: ListView, page: Page, items: readonly string[], context: RenderContext): string {
  return (
    renderer.listHead(view, page, context) +
    items.map((item, i) => renderer.listEntry(item, i)).join("") +
    renderer.listTail(view, page, context)
  );
}

/** Split a list of `total` items into pages of `size`; an empty list still has one page. */
export function paginate(total: number, size: number): Page[] {
  const pages = Math.max(1, Math.ceil(total / size));
  return Array.from({ length: pages }, (_, i) => {
    const start = i === 0 ? 0 : i * size; // 0 × Infinity would be NaN
    return { number: i + 1, pages, start, count: Math.min(size, total - start) };
  });
}
