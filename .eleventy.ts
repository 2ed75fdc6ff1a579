/**
 * Eleventy drives the build: it renders the site's own pages from templates/
 * (the API root in every format, the home page, the 404 page, the stylesheet)
 * and, from its `eleventy.before` event on, build-scripts/write writes the
 * lists, per-resource files and search files (see the README for why those
 * do not go through templates); `eleventy.after` adds the browser shim.
 */
import { prepareBuild } from "./build-scripts/build/prepare.ts";
import { writeApiTree } from "./build-scripts/write/write-api-tree.ts";
import { writeBrowserScripts } from "./build-scripts/write/write-browser-scripts.ts";
import { FileWriter } from "./build-scripts/write/file-writer.ts";
import { lastBuild } from "./build-scripts/build/build-report.ts";

// Eleventy's config API is untyped JavaScript; this is the part we use.
interface EleventyConfig {
  addExtension(extensions: string[], options: { key: string }): void;
  addTemplateFormats(format: string): void;
  addGlobalData(name: string, value: unknown): void;
  addPassthroughCopy(paths: Record<string, string>): void;
  on(event: string, handler: (arg: { directories: { output: string } }) => Promise<void> | void): void;
}

export default async function (eleventyConfig: EleventyConfig) {
  eleventyConfig.addExtension(["11ty.ts"], { key: "11ty.js" });
  eleventyConfig.addTemplateFormats("11ty.ts");

  const build = await prepareBuild();
  eleventyConfig.addGlobalData("build", build);
  eleventyConfig.addPassthroughCopy({ "templates/assets": "assets" });

  // The API tree goes to the render threads as soon as Eleventy starts, and
  // is written while Eleventy renders the site's own pages.
  eleventyConfig.on("eleventy.before", ({ directories }) => {
    lastBuild.apiTree = writeApiTree(build.catalogue, build.config, directories.output, lastBuild.options);
    lastBuild.apiTree.catch(() => {}); // awaited in eleventy.after, or by runBuild when Eleventy fails first
  });
  eleventyConfig.on("eleventy.after", async ({ directories }) => {
    writeBrowserScripts(new FileWriter(directories.output, await lastBuild.apiTree), build.config);
  });

  return {
    // No output folder here: the build command passes its staging folder (default _site).
    dir: { input: "templates" },
  };
}
