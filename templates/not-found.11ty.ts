/**
 * 404.html: what a static host (Netlify included) serves for a path with no
 * file: DRF's "Not found." in the HTML view.
 */
import type { PreparedBuild } from "../build-scripts/pipeline/prepare.ts";
import { htmlRenderer } from "../build-scripts/core/formats/html.ts";
import { notFoundView } from "../build-scripts/core/formats/errors.ts";

export const data = { permalink: "404.html", eleventyExcludeFromCollections: true };

export function render({ build }: { build: PreparedBuild }): string {
  return htmlRenderer.document(notFoundView("/api/"), { config: build.config });
}
