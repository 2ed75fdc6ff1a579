/**
 * What the build hands Eleventy: a plugin made from the prepared build. It
 * gives the templates the catalogue (global data `build`), starts writing the
 * site's files made from the records when Eleventy starts, so they are
 * written while Eleventy renders the site's own pages, and adds the browser
 * scripts and the CMS's bundle when Eleventy is done. Over an earlier output
 * (`update`), files whose bytes are the same are left as they were.
 */
import type { UserConfig } from "@11ty/eleventy";
import { writeAdminFiles } from "./write/admin-files.ts";
import { writeBrowserScripts } from "./write/browser-scripts.ts";
import { openWriter } from "./write/file-writer.ts";
import type { WriteOptions } from "./write/write-api-tree.ts";
import { writeSite } from "./write/write-site.ts";
import type { WriteStats } from "./write/write-stats.ts";
import type { PreparedBuild } from "./prepare.ts";

export class CatalogueSite {
  /** The site's files being written, from Eleventy's start on; its statistics count every file the plugin writes. */
  written?: Promise<WriteStats>;

  constructor(
    private readonly build: PreparedBuild,
    private readonly options: WriteOptions,
    private readonly update = false,
  ) {}

  readonly plugin = (eleventyConfig: UserConfig): void => {
    eleventyConfig.addGlobalData("build", this.build);
    eleventyConfig.on("eleventy.before", ({ directories }) => {
      this.written = writeSite(this.build, openWriter({ dir: directories.output, update: this.update }), this.options);
      this.written.catch(() => {}); // awaited in eleventy.after, or by the build when Eleventy fails first
    });
    eleventyConfig.on("eleventy.after", async ({ directories }) => {
      const writer = openWriter({ dir: directories.output, update: this.update }, await this.written);
      writeBrowserScripts(writer, this.build.config);
      writeAdminFiles(writer);
    });
  };
}
