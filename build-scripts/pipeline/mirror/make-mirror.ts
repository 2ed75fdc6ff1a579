/**
 * `npm run mirror`: builds the site, zips it (with a MIRROR-README) into
 * downloads/catalogue-mirror.zip unless the site holds more bytes than
 * config.mirrorMaxBytes, writes the offline reader
 * (downloads/catalogue-reader.zip) and the same as a ZIM file for Kiwix
 * (downloads/catalogue.zim, pipeline/zim/), then re-renders the API root's
 * HTML view so the published site links them with their sizes and date. The archives
 * hold the site as built, before those links are added: a copy of the site
 * cannot contain itself.
 *
 * Then it keeps, in the build's cache (build-state.ts), what the next run needs
 * to redo only what a commit changed: the state, the rendered chunks and the
 * archives. The next run writes the site from the kept mirror, then only the
 * collections whose records changed, and the archives copy their unchanged
 * entries; its first line says which build it does, and why.
 */
import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { FORMATS } from "../../core/formats/formats.ts";
import type { ArchiveKind } from "../../core/formats/views.ts";
import { ADMIN_FOLDER, MIRROR_ARCHIVE, READER_ARCHIVE, ZIM_ARCHIVE, rootFile } from "../../core/routes/output-tree.ts";
import { siteTree } from "../../core/translations/site-tree.ts";
import { reportedBuild, showProgress } from "../build-report.ts";
import {
  buildInputs,
  cacheDir,
  forgetState,
  keptArchive,
  linkKeptArchives,
  markedPieces,
  planBuild,
  recordHashes,
  storeState,
  type BuildInputs,
  type BuildState,
} from "../build-state.ts";
import { loadMirrorMaxBytes } from "../load/load-config.ts";
import type { PreparedBuild } from "../prepare.ts";
import type { UpdateScope } from "../run-build.ts";
import { UpdatingWriter } from "../write/file-writer.ts";
import { RECORDS_PER_TASK } from "../write/render-messages.ts";
import { chunksFile, StoredChunks } from "../write/stored-chunks.ts";
import { apiRoot } from "../write/write-site.ts";
import { formatBytes } from "../write/write-stats.ts";
import { archiveSite, type SiteArchive } from "./archive-site.ts";
import { archiveTime } from "./archive-time.ts";
import { archiveReader } from "./reader-archive.ts";
import { restoreSite } from "./restore-site.ts";
import { writeCatalogueZim, zimUnavailable } from "../zim/catalogue-zim.ts";

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(2)} s`;

/** The site's files and bytes as they are on disk, its archives left out (what the mirror's cap weighs). */
function siteSize(outDir: string): { files: number; bytes: number } {
  const downloads = path.join(outDir, path.dirname(MIRROR_ARCHIVE));
  let [files, bytes] = [0, 0];
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.parentPath.startsWith(downloads)) continue;
    files++;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

export async function makeMirror(projectDir: string, outDir: string): Promise<void> {
  let made: { inputs: BuildInputs; records: BuildState["records"] } | undefined;
  /** In an update, the state the previous run left, before this run wrote anything. */
  let previous: BuildState | undefined;
  const kept = new StoredChunks(chunksFile(cacheDir(outDir)));
  /** Whether to update the site the previous run kept, and what of it; a whole build if not. */
  const scope = async ({ config, catalogue, layout }: PreparedBuild): Promise<UpdateScope | undefined> => {
    made = { inputs: buildInputs(projectDir, config, layout), records: recordHashes(catalogue) };
    const plan = planBuild(projectDir, outDir, made.inputs, catalogue);
    forgetState(outDir);
    if ("full" in plan) {
      kept.begin(false);
      console.log(`Building ${outDir}/ whole: ${plan.full}.`);
      return undefined;
    }
    const started = performance.now();
    try {
      const files = await restoreSite(
        outDir,
        keptArchive(outDir, MIRROR_ARCHIVE),
        folderOf(MIRROR_ARCHIVE),
        plan.state.archives[MIRROR_ARCHIVE]!.made,
      );
      linkKeptArchives(outDir, plan.state);
      console.log(`Updating ${outDir}/ as the previous build left it: ${[...plan.only].join(", ") || "no collection"} changed.`);
      console.log(`  ${files} files written from the kept mirror in ${seconds(started)}.`);
    } catch (error) {
      kept.begin(false);
      console.log(`Building ${outDir}/ whole: the kept mirror cannot be read (${(error as Error).message}).`);
      return undefined;
    }
    kept.begin(true);
    previous = plan.state;
    return { collections: plan.only, unchanged: plan.unchanged };
  };
  const maxBytes = loadMirrorMaxBytes(projectDir);
  // The configuration and what changed alone: the catalogue is not needed again, and the archives want its memory.
  const { config, stats } = await reportedBuild(outDir, { update: scope, kept }).then(({ build, stats }) => ({
    config: build.config,
    stats,
  }));
  kept.finish();
  const changes = stats.changes;
  // A whole build counted every file it wrote; an update wrote some over the kept site, which is weighed as it is.
  const site = previous ? siteSize(outDir) : { files: stats.files, bytes: stats.bytes };
  if (kept.taken) console.log(`  ${kept.taken} chunks of ${RECORDS_PER_TASK} records taken from the previous build, not rendered.`);
  /** The update of an archive: what this run changed, and the previous archive's entries made in memory. */
  const update = (file: string) => {
    const mark = previous?.archives[file];
    return mark ? { changed: changes.paths, made: mark.made, pieces: markedPieces(mark) } : undefined;
  };

  const date = archiveTime(path.resolve(projectDir, config.contentDir));
  const html = FORMATS[0];
  // The build wrote the root's HTML view without the links added below, as the archives hold it: rewritten, alike.
  // Eleventy's CMS pages (admin/) are in no archive.
  const changedSite = [...changes.paths.keys()].some((file) => file !== rootFile(html.extension) && !file.startsWith(`${ADMIN_FOLDER}/`));
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
    ? { file: path.join(outDir, MIRROR_ARCHIVE), folder: folderOf(MIRROR_ARCHIVE), pieces: archives[0].archive.pieces }
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
  new UpdatingWriter(outDir).write(rootFile(html.extension), apiRoot(siteTree(config), html, downloads));
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
  if (!written[MIRROR_ARCHIVE]) {
    // The next run could write the site from nothing kept: it builds whole, and a cache would cost its restore and save alone.
    rmSync(cacheDir(outDir), { recursive: true, force: true });
    console.log(`Nothing kept for the next build: without a full mirror to write the site from, it builds whole.`);
    return;
  }
  storeState(outDir, made.inputs, made.records, {
    time: date,
    archives: { [MIRROR_ARCHIVE]: written[MIRROR_ARCHIVE], [READER_ARCHIVE]: reader, [ZIM_ARCHIVE]: written[ZIM_ARCHIVE] ?? null },
  });
}

/** The folder an archive unpacks to: its name. */
const folderOf = (file: string) => path.basename(file, ".zip");
