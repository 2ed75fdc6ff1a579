/**
 * What the build hands Eleventy: a plugin made from the prepared build. It
 * gives the templates the catalogue (global data `build`), starts the API tree
 * when Eleventy starts, so it is written while Eleventy renders the site's own
 * pages, and adds the browser scripts when Eleventy is done.
 */
import type { UserConfig } from "@11ty/eleventy";
import { browserScripts, writeBrowserScripts } from "./write/browser-scripts.ts";
import { FileWriter } from "./write/file-writer.ts";
import type { WriteOptions } from "./write/write-api-tree.ts";
import { writeLanguageTrees } from "./write/write-language-trees.ts";
import type { WriteStats } from "./write/write-stats.ts";
import type { PreparedBuild } from "./prepare.ts";

export class CatalogueSite {
  /** The API tree being written, from Eleventy's start on; its statistics count every file the plugin writes. */
  written?: Promise<WriteStats>;

  constructor(
    private readonly build: PreparedBuild,
    private readonly options: WriteOptions,
  ) {}

  readonly plugin = (eleventyConfig: UserConfig): void => {
    const { catalogue, translations, config } = this.build;
    eleventyConfig.addGlobalData("build", this.build);
    eleventyConfig.on("eleventy.before", ({ directories }) => {
      const options = { ...this.options, scripts: browserScripts(config).list };
      this.written = writeLanguageTrees(catalogue, translations, config, directories.output, options);
      this.written.catch(() => {}); // awaited in eleventy.after, or by the build when Eleventy fails first
    });
    eleventyConfig.on("eleventy.after", async ({ directories }) => {
      writeBrowserScripts(new FileWriter(directories.output, await this.written), config);
    });
  };
}
