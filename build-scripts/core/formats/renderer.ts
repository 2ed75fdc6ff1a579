/**
 * A renderer turns views into the text of one content type. Each format of the
 * table in formats.ts has one.
 *
 * Resources are serialized once (`item`) and that text is reused for the
 * resource's own document (`instance`) and for every list page that holds it
 * (`listHead` + `listEntry`… + `listTail`), so lists are written by
 * concatenation and can be streamed.
 */
import type { Json, JsonObject } from "../catalogue/resource.ts";
import type { ResourceTranslation } from "../translations/localize.ts";
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
  /** The data formats build items from parts, one per field, so `fields` answers are joined from published parts. */
  readonly parts?: ItemParts;
  /** A translated version's parts, where they differ from `parts` (XLIFF: the source text beside the target). */
  readonly translatedParts?: (translation: ResourceTranslation) => ItemParts;
}

/**
 * An item as parts, one per field: `item(resource)` is `join` of the parts of
 * the resource's fields, in its order. The build publishes each field's parts
 * of a list (column files), and a `fields` answer joins the parts of the
 * fields it keeps, as text or as bytes, without rendering anything again.
 */
export interface ItemParts {
  /** The part of an item that shows one field ("" when this format shows nothing of it). */
  part(field: string, value: Json): string;
  /**
   * An item from the parts of the fields it keeps (`parts[i]` shows
   * `fields[i]`), in the resource's order: the parts with the text between them.
   */
  join<T extends { readonly length: number }>(fields: readonly string[], parts: readonly T[]): (string | T)[];
}

/** An item from a resource, through its parts. */
export function itemOfParts(parts: ItemParts, resource: JsonObject): string {
  const fields = Object.keys(resource);
  return parts
    .join(
      fields,
      fields.map((field) => parts.part(field, resource[field])),
    )
    .join("");
}

/** The text a list puts before and after an item as its entry at `index` (for joining entries as bytes). */
export function entryFrame(renderer: Renderer, index: number): readonly [before: string, after: string] {
  const marker = "\u0000";
  const entry = renderer.listEntry(marker, index);
  const at = entry.indexOf(marker);
  return [entry.slice(0, at), entry.slice(at + marker.length)];
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
    ...items.map((item, i) => renderer.listEntry(item, i)),
    renderer.listTail(view, page, context),
  ];
}
