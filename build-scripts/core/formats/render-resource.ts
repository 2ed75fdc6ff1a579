/**
 * One resource in every format: its items (the text every list holding it
 * reuses) and its own documents with the files they go to, in the build's
 * render threads (`npm run dev` re-runs the same build for what a save touched).
 */
import type { Collection } from "../catalogue/collections.ts";
import { toResource, type JsonObject, type SourceRecord } from "../catalogue/resource.ts";
import { instanceFile } from "../routes/output-tree.ts";
import { levelsOf } from "../routes/tree-layout.ts";
import type { FormatName } from "../format-table.ts";
import { FORMATS, type Format } from "./formats.ts";
import type { ResourceTranslation } from "../translations/localize.ts";
import { renderItem } from "./renderer.ts";
import { instanceView, type RenderContext } from "./views.ts";

/** A resource in one format. */
export interface RenderedFormat {
  /** Serialized as a list holds it. */
  readonly item: string;
  /** The item's parts, one per field in the resource's order (formats with parts only). */
  readonly parts?: readonly string[];
  /** Its own document: the file below the site root, and its text. */
  readonly file: string;
  readonly text: string;
}

export interface RenderedResource {
  readonly resource: JsonObject;
  readonly formats: Readonly<Record<FormatName, RenderedFormat>>;
}

/** `translation`: the record is a translated version (localize.ts), whose XLIFF carries each text's source and state. */
export function renderResource(
  collection: Collection,
  record: SourceRecord,
  context: RenderContext,
  translation?: ResourceTranslation,
): RenderedResource {
  const resource = toResource(collection, record, context.addresses);
  const view = instanceView(collection, resource);
  const fields = Object.keys(resource);
  const levels = levelsOf(context.layout, collection.name);
  const rendered = (format: Format): RenderedFormat => {
    const { renderer } = format;
    const formatParts = translation && renderer.parts?.translated ? renderer.parts.translated(translation) : renderer.parts;
    const parts = formatParts && fields.map((field) => formatParts.part(field, resource[field]));
    const item = formatParts && parts ? formatParts.join(fields, parts).join("") : renderItem(renderer, resource, context);
    const file = instanceFile(collection.name, record.uuid, format.extension, levels);
    return { item, parts, file, text: renderer.instance(item, view, context) };
  };
  const formats = Object.fromEntries(FORMATS.map((format) => [format.name, rendered(format)])) as Record<FormatName, RenderedFormat>;
  return { resource, formats };
}
