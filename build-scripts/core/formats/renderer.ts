/**
 * A renderer turns views into the text of one content type. Each format of the
 * table in formats.ts has one.
 *
 * Resources are serialized once (an item) and that text is reused for the
 * resource's own document (`instance`) and for every list page that holds it
 * (`listHead`, each item in its `entry` frame, `listTail`), so lists are
 * written by concatenation and can be streamed.
 */
import type { Json, JsonObject } from "../catalogue/resource.ts";
import type { ResourceTranslation } from "../translations/localize.ts";
import type { DocumentView, InstanceView, ListView, Page, RenderContext } from "./views.ts";

interface RendererBase {
  /** A single-resource document around its item. */
  instance(item: string, view: InstanceView, context: RenderContext): string;
  /** The API root, an error, or OPTIONS metadata. */
  document(view: DocumentView, context: RenderContext): string;
  /** Items per list page: Infinity for the data formats, a page of the HTML view otherwise. */
  readonly pageSize: number;
  listHead(view: ListView, page: Page, context: RenderContext): string;
  /** What a list puts around each item: the first of a page, and every other. */
  readonly entry: { readonly first: Around; readonly rest: Around };
  listTail(view: ListView, page: Page, context: RenderContext): string;
}

/** The text before and after an item. */
export type Around = readonly [before: string, after: string];

/**
 * The data formats build items from parts, one per field, so `fields` answers
 * are joined from published parts; the HTML view renders an item whole, its
 * links made for the tree it is in.
 */
export type Renderer = (RendererBase & { readonly parts: ItemParts; readonly item?: never }) | (RendererBase & WholeItem);

interface WholeItem {
  item(resource: JsonObject, context: RenderContext): string;
  readonly parts?: never;
}

/**
 * An item as parts, one per field: the item of a resource is `join` of the
 * parts of the resource's fields, in its order. The build publishes each
 * field's parts of a list (column files), and a `fields` answer joins the
 * parts of the fields it keeps, as text or as bytes, without rendering
 * anything again.
 */
export interface ItemParts {
  /** The part of an item that shows one field ("" when this format shows nothing of it). */
  part(field: string, value: Json): string;
  /**
   * An item from the parts of the fields it keeps (`parts[i]` shows
   * `fields[i]`), in the resource's order: the parts with the text between them.
   */
  join<T extends { readonly length: number }>(fields: readonly string[], parts: readonly T[]): (string | T)[];
  /** A translated version's parts, where they differ (XLIFF: the source text beside the target). */
  translated?(translation: ResourceTranslation): ItemParts;
}

/** An item from a resource, through its parts. */
function itemOfParts(parts: ItemParts, resource: JsonObject): string {
  const fields = Object.keys(resource);
  return parts
    .join(
      fields,
      fields.map((field) => parts.part(field, resource[field])),
    )
    .join("");
}

/** A resource as it stands inside a list, in any format. */
export const renderItem = (renderer: Renderer, resource: JsonObject, context: RenderContext): string =>
  renderer.parts ? itemOfParts(renderer.parts, resource) : renderer.item(resource, context);

/** A resource's own document, rendered from scratch. */
export const instanceDocument = (renderer: Renderer, view: InstanceView, context: RenderContext): string =>
  renderer.instance(renderItem(renderer, view.resource, context), view, context);

/** An item as the `index`-th entry of its page. */
export function listEntry(renderer: Renderer, item: string, index: number): string {
  const [before, after] = index === 0 ? renderer.entry.first : renderer.entry.rest;
  return before + item + after;
}

/**
 * The one list assembly: a page of a list from its items, already serialized
 * (exactly `page.count` of them), as its pieces in order: the list's head,
 * each item as its entry, the tail. Joined, they are the page; the build's
 * writer measures them for the entry offsets.
 */
export function listPage(renderer: Renderer, view: ListView, page: Page, items: readonly string[], context: RenderContext): string[] {
  return [
    renderer.listHead(view, page, context),
    ...items.map((item, i) => listEntry(renderer, item, i)),
    renderer.listTail(view, page, context),
  ];
}
