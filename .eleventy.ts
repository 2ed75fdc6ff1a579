/**
 * Eleventy drives the build: it renders the site's own pages from templates/
 * (the API root in every format, the home page, the 404 page, the stylesheet)
 * and, once they are written, the `eleventy.after` event writes the lists,
 * per-resource files and search files with build-scripts/write (see the README
 * for why those do not go through templates), and the browser shim.
 */
import { prepareBuild } from "./build-scripts/build/prepare.ts";
import { writeApiTree } from "./build-scripts/write/write-api-tree.ts";
import { writeBrowserScripts } from "./build-scripts/write/write-search-files.ts";
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

  eleventyConfig.on("eleventy.after", async ({ directories }) => {
    const writeScripts = writeBrowserScripts(build.config);
    const stats = await writeApiTree(build.catalogue, build.config, directories.output, lastBuild);
    const writer = new FileWriter(directories.output, stats);
    await writeScripts(writer);
    lastBuild.apiStats = writer.stats;
  });

  return {
    // No output folder here: the build command passes its staging folder (default _site).
    dir: { input: "templates" },
  };
}
