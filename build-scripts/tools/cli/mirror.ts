/**
 * npm run mirror: builds the site, zips it (with a MIRROR-README) into
 * _site/downloads/catalogue-mirror.zip unless the site holds more bytes than
 * config.mirrorMaxBytes, writes the offline reader
 * (_site/downloads/catalogue-reader.zip) and the same as a ZIM file for Kiwix
 * (_site/downloads/catalogue.zim, pipeline/zim/), then re-renders the API
 * root's HTML view so the published site links them with their sizes and date.
 *
 * The archives hold the site as built, before those links are added: a copy
 * of the site cannot contain itself, so the mirror's own root page does not
 * link to an archive it could not reach.
 *
 * Over the output and build state an earlier run left (as Netlify's cache
 * keeps them), it writes again only the collections whose records changed,
 * and the archives copy their unchanged entries (pipeline/build-state.ts);
 * the first line says which build it does, and why.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { reportedBuild, showProgress } from "../../pipeline/build-report.ts";
import type { PreparedBuild } from "../../pipeline/prepare.ts";
import type { UpdateScope } from "../../pipeline/run-build.ts";
import { chunksDir, StoredChunks } from "../../pipeline/write/stored-chunks.ts";
import { RECORDS_PER_TASK } from "../../pipeline/write/render-messages.ts";
import {
  buildInputs,
  forgetState,
  storeState,
  planBuild,
  markedPieces,
  recordHashes,
  unchangedRecords,
  type BuildInputs,
  type BuildState,
} from "../../pipeline/build-state.ts";
import { UpdatingWriter } from "../../pipeline/write/file-writer.ts";
import { formatBytes } from "../../pipeline/write/write-stats.ts";
import { FORMATS } from "../../core/formats/formats.ts";
import type { ArchiveKind } from "../../core/formats/views.ts";
import { MIRROR_ARCHIVE, READER_ARCHIVE, ZIM_ARCHIVE, rootFile } from "../../core/routes/output-tree.ts";
import { siteTree } from "../../core/translations/site-tree.ts";
import { apiRoot } from "../../pipeline/write/write-site.ts";
import { archiveSite, type SiteArchive } from "../../pipeline/mirror/archive-site.ts";
import { archiveReader } from "../../pipeline/mirror/reader-archive.ts";
import { archiveTime } from "../../pipeline/mirror/archive-time.ts";
import { writeCatalogueZim, zimUnavailable } from "../../pipeline/zim/catalogue-zim.ts";
import { outputDir } from "../../core/catalogue/site-config.ts";
import { loadMirrorMaxBytes } from "../../pipeline/load/load-config.ts";
import { runCommand } from "./run-command.ts";

const outDir = outputDir(process.env);
const COMMAND = {
  usage: `
usage: npm run mirror
Builds the site (as npm run build does) and zips it into _site/downloads/catalogue-mirror.zip, an offline mirror
(unless the site holds more bytes than config.mirrorMaxBytes in package.json, or env MIRROR_MAX_BYTES), and writes
_site/downloads/catalogue-reader.zip, the offline reader: every view, search and format in a few files, and
_site/downloads/catalogue.zim, the offline reader as a ZIM file for Kiwix (with Node's zlib Zstandard, from 22.15).
Over the output of an earlier run (and its ${outDir}.build-state.json) it redoes only what the records' changes reach.
`,
  onError: `No mirror was made; ${outDir}/ holds the last site that built, or a part of an update (the next run builds it all).`,
};

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(2)} s`;

await runCommand(COMMAND, async () => {
  const projectDir = process.cwd();
  let made: { inputs: BuildInputs; records: BuildState["records"] } | undefined;
  /** In an update, the state the previous run left: the site's size and archives, before this run wrote anything. */
  let previous: BuildState | undefined;
  const kept = new StoredChunks(chunksDir(outDir));
  /** Whether to update the output as the previous run left it, and what of it; a whole build if not. */
  const scope = ({ config, catalogue, layout }: PreparedBuild): UpdateScope | undefined => {
    made = { inputs: buildInputs(projectDir, config, layout), records: recordHashes(catalogue) };
    const plan = planBuild(projectDir, outDir, made.inputs, made.records);
    forgetState(outDir);
    kept.begin(!("full" in plan));
    if ("full" in plan) {
      console.log(`Building ${outDir}/ whole: ${plan.full}.`);
      return undefined;
    }
    console.log(`Updating ${outDir}/ as the previous build left it: ${[...plan.only].join(", ") || "no collection"} changed.`);
    previous = plan.state;
    return { collections: plan.only, unchanged: unchangedRecords(plan, made.records, catalogue) };
  };
  const maxBytes = loadMirrorMaxBytes(projectDir);
  // The configuration, the site's size and what changed alone: the catalogue is not needed again, and the archives want its memory.
  const { config, site, changes } = await reportedBuild(outDir, { update: scope, kept }).then(({ build, stats }) => ({
    config: build.config,
    // An update counts what it changed (Eleventy's pages, which no record changes, are written again alike).
    site: previous
      ? { files: previous.site.files + stats.changes.files, bytes: previous.site.bytes + stats.changes.bytes }
      : { files: stats.files, bytes: stats.bytes },
    changes: stats.changes,
  }));
  if (kept.taken) console.log(`  ${kept.taken} chunks of ${RECORDS_PER_TASK} records taken from the previous build, not rendered.`);
  /** The update of an archive: what this run changed, and the previous archive's entries made in memory. */
  const update = (file: string) => {
    const mark = previous?.archives[file];
    return mark ? { changed: changes.paths, made: mark.made, pieces: markedPieces(mark) } : undefined;
  };

  const date = archiveTime(path.resolve(projectDir, config.contentDir));
  const html = FORMATS[0];
  // The build wrote the root's HTML view without the links added below, as the archives hold it: rewritten, alike.
  const changedSite = [...changes.paths.keys()].some((file) => file !== rootFile(html.extension));
  /**
   * The previous run's archive, when nothing it holds can differ: no other
   * file of the site written or removed, the same time (the code, config and
   * translations are the same in any update).
   */
  const asItWas = (file: string): SiteArchive | undefined => {
    const mark = previous?.archives[file];
    if (!mark || changedSite || previous?.archiveTime !== date.getTime()) return undefined;
    const { entries, bytes, made } = mark;
    return { file: path.join(outDir, file), entries, bytes, made, copied: entries, pieces: markedPieces(mark), reused: 0 };
  };
  const progress = (done: number, total: number) => showProgress(`  archive: ${done} / ${total} files`);
  /** Each archive, and how long writing it took (none when kept as it was). */
  const archives: { kind: ArchiveKind; file: string; archive: SiteArchive; took?: string }[] = [];
  let started = performance.now();
  if (site.bytes <= maxBytes) {
    const keptMirror = asItWas(MIRROR_ARCHIVE);
    const mirror = keptMirror ?? (await archiveSite(outDir, config, date, { progress, update: update(MIRROR_ARCHIVE) }));
    archives.push({ kind: "mirror", file: MIRROR_ARCHIVE, archive: mirror, took: keptMirror ? undefined : seconds(started) });
    started = performance.now();
  } else {
    rmSync(path.join(outDir, MIRROR_ARCHIVE), { force: true });
    console.log(`No full mirror: the site's ${formatBytes(site.bytes)} pass config.mirrorMaxBytes (${formatBytes(maxBytes)}).`);
  }
  // The reader's files are the mirror's too: their compressed bytes are taken from it.
  const sibling = archives.length
    ? { file: path.join(outDir, MIRROR_ARCHIVE), folder: path.basename(MIRROR_ARCHIVE, ".zip"), pieces: archives[0].archive.pieces }
    : undefined;
  const keptReader = asItWas(READER_ARCHIVE);
  const reader = keptReader ?? (await archiveReader(outDir, date, { update: update(READER_ARCHIVE), sibling }));
  archives.push({ kind: "reader", file: READER_ARCHIVE, archive: reader, took: keptReader ? undefined : seconds(started) });
  started = performance.now();
  const noZim = zimUnavailable();
  if (noZim) {
    rmSync(path.join(outDir, ZIM_ARCHIVE), { force: true });
    console.log(`No ZIM file: ${noZim}.`);
  } else {
    const keptZim = asItWas(ZIM_ARCHIVE);
    const zim = keptZim ?? (await writeCatalogueZim(outDir, config, date));
    archives.push({ kind: "zim", file: ZIM_ARCHIVE, archive: zim, took: keptZim ? undefined : seconds(started) });
  }

  // The reader first: it is the archive for people; then the same for Kiwix.
  const order: ArchiveKind[] = ["reader", "zim", "mirror"];
  const downloads = [...archives]
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))
    .map(({ kind, file, archive }) => ({ kind, file, size: formatBytes(archive.bytes), date: date.toISOString() }));
  const root = new UpdatingWriter(outDir);
  root.write(rootFile(html.extension), apiRoot(siteTree(config), html, downloads));
  for (const { kind, archive, took } of archives) {
    if (took === undefined) {
      console.log(`Kept ${archive.file} as it was: nothing it holds changed (${archive.entries} files, ${formatBytes(archive.bytes)}).`);
      continue;
    }
    const from = kind === "reader" && sibling ? "the previous archive or the mirror" : "the previous archive";
    const pieces = archive.reused ? `; ${formatBytes(archive.reused)} of changed files copied in pieces` : "";
    const copied = archive.copied || archive.reused ? ` (${archive.copied} copied from ${from}${pieces})` : "";
    console.log(`Wrote ${archive.file}: ${archive.entries} files${copied}, ${formatBytes(archive.bytes)}, in ${took}.`);
    if (archive.previousIgnored) console.log(`  the previous archive was not used: ${archive.previousIgnored}`);
  }
  console.log(`The API root's HTML view links ${archives.length === 1 ? "it" : "them"}.`);
  if (!made) return;
  const written = Object.fromEntries(archives.map(({ file, archive }) => [file, archive]));
  const left = { files: site.files + root.stats.changes.files, bytes: site.bytes + root.stats.changes.bytes };
  storeState(outDir, made.inputs, made.records, left, {
    time: date,
    archives: { [MIRROR_ARCHIVE]: written[MIRROR_ARCHIVE] ?? null, [READER_ARCHIVE]: reader, [ZIM_ARCHIVE]: written[ZIM_ARCHIVE] ?? null },
  });
});
