/** The API root, once per format: api/index.html, api/index.json, api/index.xml, api/index.xliff. */
import type { PreparedBuild } from "../build-scripts/pipeline/prepare.ts";
import { apiRootData } from "../build-scripts/core/catalogue/api-root.ts";
import { FORMATS, type Format } from "../build-scripts/core/formats/formats.ts";
import { rootView } from "../build-scripts/core/formats/views.ts";
import { rootFile } from "../build-scripts/core/routes/output-tree.ts";

interface Data {
  build: PreparedBuild;
  format: Format;
}

export const data = {
  pagination: { data: "formats", size: 1, alias: "format" },
  formats: FORMATS,
  permalink: (data: Data) => rootFile(data.format.extension),
  eleventyExcludeFromCollections: true,
};

export function render({ build, format }: Data): string {
  return format.renderer.document(rootView(apiRootData(build.config)), { config: build.config });
}
