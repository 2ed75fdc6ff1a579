/**
 * Eleventy's configuration for the site's own pages that no record changes:
 * templates/ (the 404 page, openapi.json, the CMS's admin/). The build adds
 * the catalogue through a plugin (build-scripts/pipeline/eleventy-plugin.ts):
 * the front page, each tree's root, lists, resources and search files are
 * written beside these pages.
 */
import type { UserConfig } from "@11ty/eleventy";

export default function (eleventyConfig: UserConfig) {
  eleventyConfig.addExtension(["11ty.ts"], { key: "11ty.js" });
  eleventyConfig.addTemplateFormats("11ty.ts");
  // No output folder here: the build passes its staging folder (default _site).
  return { dir: { input: "templates" } };
}
