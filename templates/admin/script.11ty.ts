/** admin/cms.js and admin/config.json: the admin page's script and its settings (build-scripts/pipeline/admin-page.ts). */
import type { PreparedBuild } from "../../build-scripts/pipeline/prepare.ts";
import { ADMIN_FOLDER } from "../../build-scripts/core/routes/output-tree.ts";
import { adminScript, adminSettings } from "../../build-scripts/pipeline/admin-page.ts";

interface Data {
  build: PreparedBuild;
  file: string;
}

const FILES: Record<string, (build: PreparedBuild) => string> = {
  [`${ADMIN_FOLDER}/cms.js`]: () => adminScript(),
  [`${ADMIN_FOLDER}/config.json`]: (build) => `${JSON.stringify(adminSettings(build), null, 2)}\n`,
};

export const data = {
  pagination: { data: "files", size: 1, alias: "file" },
  files: Object.keys(FILES),
  permalink: (data: Data) => data.file,
  eleventyExcludeFromCollections: true,
};

export function render({ build, file }: Data): string {
  return FILES[file](build);
}
