/**
 * One resource in every format: its items (the text every list holding it
 * reuses) and its own documents with the files they go to, in the build's
 * render threads (`npm run dev` re-runs the same build for what a save touched).
 */
import type { Collection } from "../catalogue/collections.ts";
import { toResource, type JsonObject, type SourceRecord } from "../catalogue/resource.ts";
import { instanceFile } from "../routes/output-tree.ts";
import { FORMATS } from "./formats.ts";
import type { ResourceTranslation } from "../translations/localize.ts";
import { instanceView, type RenderContext } from "./views.ts";

export interface RenderedResource {
  readonly resource: JsonObject;
  /** items[f]: the resource serialized in FORMATS[f], as a list holds it. */
  readonly items: string[];
  /** parts[f]: the item's parts in FORMATS[f], one per field in the resource's order (formats with parts only). */
  readonly parts: (readonly string[] | undefined)[];
  /** Its own documents (in the order of FORMATS): the file below the site root, and its text. */
  readonly files: { readonly file: string; readonly text: string }[];
}

/** `translation`: the record is a translated version (localize.ts), whose XLIFF carries each text's source and state. */
export function renderResource(
  collection: Collection,
  record: SourceRecord,
  context: RenderContext,
  translation?: ResourceTranslation,
): RenderedResource {
  const resource = toResource(collection, record, context.config);
  const view = instanceView(collection, resource);
  const items: string[] = [];
  const parts: (string[] | undefined)[] = [];
  const files: { file: string; text: string }[] = [];
  const fields = Object.keys(resource);
  for (const format of FORMATS) {
    const { renderer } = format;
    const formatParts = translation && renderer.translatedParts ? renderer.translatedParts(translation) : renderer.parts;
    const own = formatParts && fields.map((field) => formatParts.part(field, resource[field]));
    const item = formatParts ? formatParts.join(fields, own!).join("") : format.renderer.item(resource, context);
    items.push(item);
    parts.push(own);
    files.push({ file: instanceFile(collection.name, record.uuid, format.extension), text: format.renderer.instance(item, view, context) });
  }
  return { resource, items, parts, files };
}
