/**
 * npm run build: validate the content, let Eleventy build the site into a
 * staging folder, then swap it in for _site/ (env OUTPUT_DIR changes it).
 * Content errors are listed (file, JSON pointer, expected, found), the
 * previous output stays as it was, and the command exits non-zero, so a
 * Netlify deploy of invalid content fails and the live site stays.
 */
import { reportedBuild } from "../../pipeline/build-report.ts";
import { outputDir } from "../../core/catalogue/site-config.ts";
import { runCommand } from "./run-command.ts";

const outDir = outputDir(process.env);
const COMMAND = {
  usage: `
usage: npm run build
Validates the content (env CONTENT_DIR, default content/) and builds the site into _site/ (env OUTPUT_DIR),
for the addresses BASE_URL and SITE_URL; on a content error lists the problems and leaves _site/ as it was.
A collection past FOLDER_LIMIT entries (default 50000) is split into bucket folders (docs/serving.md).
`,
  onError: `Nothing was written; ${outDir}/ is unchanged.`,
};

await runCommand(COMMAND, async () => {
  console.log(`Validating content and building ${outDir}/ …`);
  await reportedBuild(outDir);
});
