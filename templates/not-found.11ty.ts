/**
 * 404.html: what a static host (Netlify included) serves for a path with no
 * file: DRF's "Not found." in the HTML view. Served at any address, its links
 * are absolute paths and its format links ask the same address in their
 * format (`?format=json`), which the edge function answers.
 */
import type { PreparedBuild } from "../build-scripts/pipeline/prepare.ts";
import { htmlRenderer } from "../build-scripts/core/formats/html.ts";
import { notFoundView } from "../build-scripts/core/formats/errors.ts";
import { siteTree } from "../build-scripts/core/translations/site-tree.ts";

export const data = { permalink: "404.html", eleventyExcludeFromCollections: true };

export function render({ build }: { build: PreparedBuild }): string {
  // Written before any request, it names no path: the page shows the address it is served at.
  return htmlRenderer.document(notFoundView(""), siteTree(build.config));
}
