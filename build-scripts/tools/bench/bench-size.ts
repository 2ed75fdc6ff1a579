/**
 * One catalogue size measured: the real build command from a clean output
 * folder (wall, CPU, peak RSS measured from outside) and `cp -r` of the
 * finished tree on the same disk right after (the I/O floor), alternately,
 * `runs` times; the files and bytes written; the mirror's archive step on
 * that tree; one record saved while `npm run dev`'s builder watches; then
 * the queries (query-figures.ts). With the build's and the mirror's tables.
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { nearestRank } from "./edge-cpu.ts";
import { count, markdownTable, range, size } from "./markdown-table.ts";
import { measureIncremental } from "./measure-incremental.ts";
import { measure } from "./measure-process.ts";
import { measureQueries } from "./query-figures.ts";
import { archiveSite } from "../../pipeline/mirror/archive-site.ts";
import { resolveSiteConfig } from "../../core/catalogue/site-config.ts";
import { npmScriptCommand } from "../cli/npm-scripts.ts";
import { sizeMix } from "../synthetic/synthetic-catalogue.ts";
import { writeSyntheticCatalogue } from "../synthetic/write-catalogue.ts";

export const BENCH_DIR = path.join(tmpdir(), "catalogue-bench");
export const RUN_DIR = path.join(BENCH_DIR, "run");
const PROJECT_DIR = path.resolve(import.meta.dirname, "../../..");
const GENERATOR_DIR = path.resolve(import.meta.dirname, "../synthetic");
const BUILD_ENV = { BASE_URL: "https://api.example.org", SITE_URL: "https://education.example.org" };

const sync = () => execFileSync("sync");

/**
 * The content folder of a synthetic catalogue, generated once per size, seed,
 * share of other scripts and version of the generator's code (so a stale one
 * is never used), and kept in the temporary folder.
 */
async function cachedCatalogue(resources: number, seed: number, otherScripts: number, log: (line: string) => void): Promise<string> {
  const hash = createHash("sha256");
  for (const name of (await readdir(GENERATOR_DIR)).sort()) hash.update(name).update(await readFile(path.join(GENERATOR_DIR, name)));
  const dir = path.join(BENCH_DIR, "data", `${resources}-seed${seed}-scripts${otherScripts}-${hash.digest("hex").slice(0, 10)}`);
  if (existsSync(dir)) return dir;
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  log(`  generating ${resources} records into ${dir} …`);
  await writeSyntheticCatalogue(sizeMix(resources, seed, otherScripts), partial);
  await rename(partial, dir);
  return dir;
}

/** The files and bytes of a finished output tree, counted from the disk. */
async function treeStats(dir: string) {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/** A list's search index as a browser downloads all of it: its manifest and term files, each gzipped. */
async function searchIndexGzip(siteDir: string, collection: string): Promise<number> {
  const dir = path.join(siteDir, "search", collection);
  const terms = (await readdir(path.join(dir, "files"))).filter((file) => file.startsWith("terms-")).map((file) => `files/${file}`);
  let bytes = 0;
  for (const file of ["index.json", ...terms]) bytes += gzipSync(await readFile(path.join(dir, file))).length;
  return bytes;
}

/**
 * Every build and copy writes into a new folder, and nothing is deleted until
 * the end: on ext4 without a journal, creating files right after deleting many
 * is several times slower for minutes (the inode allocator skips recently
 * deleted inodes one by one), which would blur the comparison.
 */
export async function benchSize(resources: number, runs: number, seed: number, otherScripts: number, log: (line: string) => void) {
  log(`\n${resources} resources${otherScripts ? `, ${Math.round(otherScripts * 100)} % of them also in other scripts` : ""}`);
  const content = await cachedCatalogue(resources, seed, otherScripts, log);
  // Per run: the build timed from outside (CPU: user + sys of every thread), then the copy.
  const build = { wallSeconds: [] as number[], cpuSeconds: [] as number[], peakRssBytes: [] as number[], copySeconds: [] as number[] };
  let out = "";
  for (let run = 1; run <= runs; run++) {
    const runDir = path.join(RUN_DIR, `${resources}-${run}`);
    out = path.join(runDir, "_site");
    await mkdir(runDir, { recursive: true });
    sync();
    const [command, args] = npmScriptCommand(PROJECT_DIR, "build");
    const built = await measure(command, args, {
      cwd: PROJECT_DIR,
      env: { ...process.env, ...BUILD_ENV, CONTENT_DIR: content, OUTPUT_DIR: out },
    });
    sync();
    const copy = await measure("cp", ["-r", out, `${out}.copy`], { cwd: runDir, env: process.env });
    const cpuSeconds = built.userSeconds + built.sysSeconds;
    build.wallSeconds.push(built.wallSeconds);
    build.cpuSeconds.push(cpuSeconds);
    build.peakRssBytes.push(built.peakRssBytes);
    build.copySeconds.push(copy.wallSeconds);
    log(
      `  run ${run}: build ${built.wallSeconds.toFixed(2)} s (CPU ${cpuSeconds.toFixed(2)} s, peak RSS ${(built.peakRssBytes / 1e6).toFixed(0)} MB), cp -r ${copy.wallSeconds.toFixed(2)} s`,
    );
  }
  const started = performance.now();
  const archive = await archiveSite(out, resolveSiteConfig(BUILD_ENV), new Date());
  const mirror = { seconds: (performance.now() - started) / 1000, bytes: archive.bytes, entries: archive.entries };
  await rm(archive.file);
  log(`  mirror archive: ${mirror.seconds.toFixed(2)} s; ${size(mirror.bytes)}, ${mirror.entries} entries`);
  log("  measuring one-record edits with the dev builder …");
  const edits = await measureIncremental(PROJECT_DIR, content, path.join(RUN_DIR, `${resources}-edit`), { ...process.env, ...BUILD_ENV });
  log(`  edit → written files: ${edits.editToWrittenMs.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}`);
  log("  measuring queries: edge CPU per request kind, the shim's downloads, search in Chromium …");
  return {
    resources,
    otherScripts,
    build,
    output: await treeStats(out),
    indexGzip: { videos: await searchIndexGzip(out, "videos"), units: await searchIndexGzip(out, "units") },
    edits,
    mirror,
    queries: await measureQueries(out, { log }),
  };
}

export type SizeResult = Awaited<ReturnType<typeof benchSize>>;

export function buildTable(sizes: readonly SizeResult[]): string {
  const rows = sizes.map(({ resources, otherScripts, build, output, indexGzip, edits }) => [
    otherScripts ? `${count(resources)}, ${Math.round(otherScripts * 100)} % in other scripts` : count(resources),
    range(build.wallSeconds, 2, "s"),
    range(build.cpuSeconds, 2, "s"),
    range(
      build.peakRssBytes.map((bytes) => bytes / 1e6),
      0,
      "MB",
    ),
    range(build.copySeconds, 2, "s"),
    count(output.files),
    size(output.bytes),
    size(indexGzip.videos),
    size(indexGzip.units),
    `${range(edits.editToWrittenMs, 0, "ms")} (${edits.filesRewritten} files)`,
  ]);
  const header = [
    "resources",
    "build wall",
    "build CPU",
    "peak RSS",
    "cp -r",
    "files",
    "bytes",
    "videos index (gzip)",
    "units index (gzip)",
  ];
  const caption = "The build, over the runs (CPU: user + sys of every thread; peak RSS of the build process):";
  return markdownTable(caption, [[...header, "edit → written"], ...rows]);
}

export function mirrorTable(sizes: readonly SizeResult[]): string {
  const rows = sizes.map(({ resources, mirror, build }) => {
    const medianBuild = nearestRank(
      [...build.wallSeconds].sort((a, b) => a - b),
      0.5,
    );
    const ratio = `${(mirror.seconds / medianBuild).toFixed(2)}×`;
    return [count(resources), `${mirror.seconds.toFixed(2)} s`, ratio, size(mirror.bytes), count(mirror.entries)];
  });
  return markdownTable("The offline mirror's archive step (npm run mirror after its build), one run:", [
    ["resources", "archive step", "÷ build wall (median)", "archive", "entries"],
    ...rows,
  ]);
}
