/**
 * npm run mirror: builds the site, zips it (with a MIRROR-README) into
 * _site/downloads/catalogue-mirror.zip, then re-renders the API root's HTML
 * view so the published site links the archive with its size and date.
 *
 * The archive holds the site as built, before that link is added: a copy of
 * the site cannot contain itself, so the mirror's own root page does not
 * link to an archive it could not reach.
 */
import { reportedBuild } from "../../pipeline/build-report.ts";
import { FileWriter } from "../../pipeline/write/file-writer.ts";
import { formatBytes } from "../../pipeline/write/write-stats.ts";
import { FORMATS } from "../../core/formats/formats.ts";
import { MIRROR_ARCHIVE, rootFile } from "../../core/routes/output-tree.ts";
import { siteTree } from "../../core/translations/site-tree.ts";
import { apiRoot } from "../../pipeline/write/write-site.ts";
import { archiveSite } from "../../pipeline/mirror/archive-site.ts";
import { outputDir } from "../../core/catalogue/site-config.ts";
import { runCommand } from "./run-command.ts";

const outDir = outputDir(process.env);
const COMMAND = {
  usage: `
usage: npm run mirror
Builds the site (as npm run build does) and zips it into _site/downloads/catalogue-mirror.zip, an offline mirror.
`,
  onError: `No mirror was made; ${outDir}/ holds the last site that built.`,
};

await runCommand(COMMAND, async () => {
  const { build } = await reportedBuild(outDir);

  const started = performance.now();
  const date = new Date();
  const archive = await archiveSite(outDir, build.config, date, (done, total) => console.log(`  archive: ${done} / ${total} files`));
  const size = formatBytes(archive.bytes);

  const html = FORMATS[0];
  const download = { file: MIRROR_ARCHIVE, size, date: date.toISOString() };
  new FileWriter(outDir).write(rootFile(html.extension), apiRoot(siteTree(build.config), html, download));
  console.log(
    `Wrote ${archive.file}: ${archive.entries} files, ${size}, in ${((performance.now() - started) / 1000).toFixed(2)} s; the API root's HTML view links it.`,
  );
});
