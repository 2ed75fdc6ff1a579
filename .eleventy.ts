/**
 * Eleventy's configuration for the site's own pages: templates/ (the API root
 * in every format, the home page, the 404 page) and the stylesheet. The build
 * adds the catalogue through a plugin (build-scripts/pipeline/eleventy-plugin.ts):
 * the lists, resources and search files are written beside these pages.
 */
import type { UserConfig } from "@11ty/eleventy";

export default function (eleventyConfig: UserConfig) {
  eleventyConfig.addExtension(["11ty.ts"], { key: "11ty.js" });
  eleventyConfig.addTemplateFormats("11ty.ts");
  eleventyConfig.addPassthroughCopy({ "templates/assets": "assets" });
  // The CMS at /admin/ (docs/editors.md): Decap's prebuilt bundle, copied as it is.
  eleventyConfig.addPassthroughCopy({
    "node_modules/decap-cms-bundle/dist": "admin/decap",
    "templates/admin/admin.css": "admin/admin.css",
  });
  // No output folder here: the build passes its staging folder (default _site).
  return { dir: { input: "templates" } };
}
