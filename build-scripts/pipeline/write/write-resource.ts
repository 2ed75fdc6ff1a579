/** One resource serialized in every format, with its own files written (the render threads; `npm run dev` for a saved record). */
import type { Collection } from "../../core/catalogue/collections.ts";
import type { SourceRecord } from "../../core/catalogue/resource.ts";
import { renderResource, type RenderedResource } from "../../core/formats/render-resource.ts";
import type { RenderContext } from "../../core/formats/views.ts";
import type { ResourceTranslation } from "../../core/translations/localize.ts";
import type { FileWriter } from "./file-writer.ts";

export function writeResource(
  writer: FileWriter,
  collection: Collection,
  record: SourceRecord,
  context: RenderContext,
  translation?: ResourceTranslation,
): RenderedResource {
  const rendered = renderResource(collection, record, context, translation);
  for (const { file, text } of rendered.files) writer.write(file, text);
  return rendered;
}
