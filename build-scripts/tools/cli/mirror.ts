/**
 * npm run mirror: builds the site, zips it (with a MIRROR-README) into
 * _site/downloads/catalogue-mirror.zip unless the site holds more bytes than
 * config.mirrorMaxBytes, writes the offline reader
 * (_site/downloads/catalogue-reader.zip), then re-renders the API root's HTML
 * view so the published site links them with their sizes and date.
 *
 * The archives hold the site as built, before those links are added: a copy
 * of the site cannot contain itself, so the mirror's own root page does not
 * link to an archive it could not reach.
 */
import { reportedBuild } from "../../pipeline/build-report.ts";
import { FileWriter } from "../../pipeline/write/file-writer.ts";
import { formatBytes } from "../../pipeline/write/write-stats.ts";
import { FORMATS } from "../../core/formats/formats.ts";
import type { ArchiveKind } from "../../core/formats/views.ts";
import { MIRROR_ARCHIVE, READER_ARCHIVE, rootFile } from "../../core/routes/output-tree.ts";
import { siteTree } from "../../core/translations/site-tree.ts";
import { apiRoot } from "../../pipeline/write/write-site.ts";
import { archiveSite, type SiteArchive } from "../../pipeline/mirror/archive-site.ts";
import { archiveReader } from "../../pipeline/mirror/reader-archive.ts";
import { outputDir } from "../../core/catalogue/site-config.ts";
import { loadMirrorMaxBytes } from "../../pipeline/load/load-config.ts";
import { runCommand } from "./run-command.ts";

const outDir = outputDir(process.env);
const COMMAND = {
  usage: `
usage: npm run mirror
Builds the site (as npm run build does) and zips it into _site/downloads/catalogue-mirror.zip, an offline mirror
(unless the site holds more bytes than config.mirrorMaxBytes in package.json, or env MIRROR_MAX_BYTES), and writes
_site/downloads/catalogue-reader.zip, the offline reader: every view, search and format in a few files.
`,
  onError: `No mirror was made; ${outDir}/ holds the last site that built.`,
};

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(2)} s`;

await runCommand(COMMAND, async () => {
  const maxBytes = loadMirrorMaxBytes(process.cwd());
  // The configuration and the byte count alone: the catalogue is not needed again, and the archives want its memory.
  const { config, siteBytes } = await reportedBuild(outDir).then(({ build, stats }) => ({ config: build.config, siteBytes: stats.bytes }));

  const date = new Date();
  const progress = (done: number, total: number) => console.log(`  archive: ${done} / ${total} files`);
  const made: { kind: ArchiveKind; file: string; archive: SiteArchive; took: string }[] = [];
  let started = performance.now();
  if (siteBytes <= maxBytes) {
    const mirror = await archiveSite(outDir, config, date, progress);
    made.push({ kind: "mirror", file: MIRROR_ARCHIVE, archive: mirror, took: seconds(started) });
    started = performance.now();
  } else {
    console.log(`No full mirror: the site's ${formatBytes(siteBytes)} pass config.mirrorMaxBytes (${formatBytes(maxBytes)}).`);
  }
  const reader = await archiveReader(outDir, date);
  made.push({ kind: "reader", file: READER_ARCHIVE, archive: reader, took: seconds(started) });

  const html = FORMATS[0];
  // The reader first: it is the archive for people.
  const downloads = [...made]
    .reverse()
    .map(({ kind, file, archive }) => ({ kind, file, size: formatBytes(archive.bytes), date: date.toISOString() }));
  new FileWriter(outDir).write(rootFile(html.extension), apiRoot(siteTree(config), html, downloads));
  for (const { archive, took } of made)
    console.log(`Wrote ${archive.file}: ${archive.entries} files, ${formatBytes(archive.bytes)}, in ${took}.`);
  console.log(`The API root's HTML view links ${made.length === 1 ? "it" : "them"}.`);
});
