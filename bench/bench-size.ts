/**
 * One catalogue size measured: the real build command from a clean output
 * folder and `cp -r` of the finished tree on the same disk right after (the
 * I/O floor), alternately, `runs` times; the files and bytes written; the
 * mirror's archive step on that tree; the offline reader (reader-figures.ts); one record saved while `npm run dev`'s
 * builder watches; a commit under `npm run mirror` (measure-commit.ts); then
 * the queries (query-figures.ts). With the build's and the mirror's tables.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { count, markdownTable, range } from "./markdown-table.ts";
import { sha256Hash } from "../build-scripts/hashes.ts";
import { formatBytes } from "../build-scripts/pipeline/write/write-stats.ts";
import { measureCommit } from "./measure-commit.ts";
import { treeSize } from "./file-tree.ts";
import { measureIncremental } from "./measure-incremental.ts";
import { measureQueries } from "./query-figures.ts";
import { measureReader } from "./reader-figures.ts";
import { MIRROR_ARCHIVE, READER_ARCHIVE } from "../build-scripts/core/routes/output-tree.ts";
import { npmScriptCommand } from "../build-scripts/tools/cli/npm-scripts.ts";
import { sizeMix } from "./synthetic/synthetic-catalogue.ts";
import { writeSyntheticCatalogue } from "./synthetic/write-catalogue.ts";

export const BENCH_DIR = path.join(tmpdir(), "catalogue-bench");
export const RUN_DIR = path.join(BENCH_DIR, "run");
const PROJECT_DIR = path.resolve(import.meta.dirname, "..");
const GENERATOR_DIR = path.resolve(import.meta.dirname, "synthetic");
const BUILD_ENV = { BASE_URL: "https://api.example.org", SITE_URL: "https://education.example.org" };
const GNU_TIME = "/usr/bin/time";

export function checkGnuTime(): void {
  if (!existsSync(GNU_TIME))
    throw new Error(`The benchmark measures CPU time and memory with GNU time (${GNU_TIME}); install it: apt-get install time`);
}

/**
 * Runs a command and measures it from outside: wall time, and from GNU time
 * the CPU time (user + sys of the whole process tree, its threads included)
 * and the peak resident memory of its largest process (the build is one
 * process with worker threads).
 */
async function measure(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  const timeFile = path.join(tmpdir(), `bench-time-${process.pid}-${Date.now()}.txt`);
  const started = performance.now();
  try {
    const { stdout } = await promisify(execFile)(GNU_TIME, ["-f", "%U %S %M", "-o", timeFile, command, ...args], {
      cwd: PROJECT_DIR,
      env,
      maxBuffer: 1 << 30,
    }).catch(({ code, stdout, stderr }: { code: unknown; stdout: string; stderr: string }) => {
      throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${stdout}${stderr}`);
    });
    const wallSeconds = (performance.now() - started) / 1000;
    const [userSeconds, sysSeconds, maxRssKb] = (await readFile(timeFile, "utf8")).trim().split("\n").at(-1)!.split(" ").map(Number);
    return { wallSeconds, cpuSeconds: userSeconds + sysSeconds, peakRssBytes: maxRssKb * 1024, stdout };
  } finally {
    await rm(timeFile, { force: true });
  }
}

/**
 * The content folder of a synthetic catalogue, generated once per size, seed,
 * share of other scripts and version of the generator's code (so a stale one
 * is never used), and kept in the temporary folder.
 */
export async function cachedCatalogue(resources: number, seed: number, otherScripts: number): Promise<string> {
  const hash = sha256Hash();
  for (const name of (await readdir(GENERATOR_DIR)).sort()) hash.update(name).update(await readFile(path.join(GENERATOR_DIR, name)));
  const dir = path.join(BENCH_DIR, "data", `${resources}-seed${seed}-scripts${otherScripts}-${hash.digest("hex").slice(0, 10)}`);
  if (existsSync(dir)) return dir;
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  console.log(`  generating ${resources} records into ${dir} …`);
  await writeSyntheticCatalogue(sizeMix(resources, seed, otherScripts), partial);
  await rename(partial, dir);
  return dir;
}

/** A list's search index as a browser downloads all of it: its manifest, term and fragment files, each gzipped. */
async function searchIndexGzip(siteDir: string, collection: string): Promise<number> {
  const dir = path.join(siteDir, "search", collection);
  const terms = (await readdir(path.join(dir, "files")))
    .filter((file) => file.startsWith("terms-") || file.startsWith("fragments-"))
    .map((file) => `files/${file}`);
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
export async function benchSize(resources: number, runs: number, seed: number, otherScripts: number) {
  console.log(`\n${resources} resources${otherScripts ? `, ${Math.round(otherScripts * 100)} % of them also in other scripts` : ""}`);
  const content = await cachedCatalogue(resources, seed, otherScripts);
  // Per run: the build timed from outside, then the copy.
  const build = { wallSeconds: [] as number[], cpuSeconds: [] as number[], peakRssBytes: [] as number[], copySeconds: [] as number[] };
  let out = "";
  for (let run = 1; run <= runs; run++) {
    out = path.join(RUN_DIR, `${resources}-${run}`, "_site");
    await mkdir(path.dirname(out), { recursive: true });
    execFileSync("sync");
    const env = { ...process.env, ...BUILD_ENV, CONTENT_DIR: content, OUTPUT_DIR: out };
    const built = await measure(...npmScriptCommand(PROJECT_DIR, "build"), env);
    execFileSync("sync");
    const copySeconds = (await measure("cp", ["-r", out, `${out}.copy`])).wallSeconds;
    build.wallSeconds.push(built.wallSeconds);
    build.cpuSeconds.push(built.cpuSeconds);
    build.peakRssBytes.push(built.peakRssBytes);
    build.copySeconds.push(copySeconds);
    const rss = (built.peakRssBytes / 1e6).toFixed(0);
    console.log(
      `  run ${run}: build ${built.wallSeconds.toFixed(2)} s (CPU ${built.cpuSeconds.toFixed(2)} s, peak RSS ${rss} MB), cp -r ${copySeconds.toFixed(2)} s`,
    );
  }
  const mirror = await measureMirror(content, path.join(RUN_DIR, `${resources}-mirror`, "_site"));
  const reader = await measureReader(out, console.log);
  console.log("  measuring one-record edits with the dev builder …");
  const edits = await measureIncremental(PROJECT_DIR, content, path.join(RUN_DIR, `${resources}-edit`), { ...process.env, ...BUILD_ENV });
  console.log(`  edit → written files: ${edits.editToWrittenMs.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}`);
  console.log("  measuring a commit: npm run mirror from clean, then over its output …");
  const commitDir = path.join(RUN_DIR, `${resources}-commit`);
  const mirrorCommand = npmScriptCommand(PROJECT_DIR, "mirror");
  const commit = await measureCommit(PROJECT_DIR, content, commitDir, mirrorCommand, measure, { ...process.env, ...BUILD_ENV });
  console.log(
    `  commit: clean ${commit.cleanSeconds.toFixed(2)} s, after the commit ${commit.commitSeconds.toFixed(2)} s; ${commit.filesDiffering} files differ (${formatBytes(commit.bytesDiffering)})`,
  );
  console.log("  measuring queries: edge CPU per request kind, the shim's downloads, search in Chromium …");
  return {
    resources,
    otherScripts,
    build,
    output: treeSize(out), // the last build's tree
    indexGzip: { videos: await searchIndexGzip(out, "videos"), units: await searchIndexGzip(out, "units") },
    edits,
    commit,
    mirror,
    reader,
    queries: await measureQueries(out, { log: console.log }),
  };
}

/**
 * `npm run mirror` (Netlify's build command) from a clean output folder, measured from outside, with its stages'
 * times and archives as it reports them; the full mirror's figures are absent when the site passed its cap.
 */
async function measureMirror(content: string, out: string) {
  await mkdir(path.dirname(out), { recursive: true });
  const env = { ...process.env, ...BUILD_ENV, CONTENT_DIR: content, OUTPUT_DIR: out };
  const run = await measure(...npmScriptCommand(PROJECT_DIR, "mirror"), env);
  const built = /^Built .* in ([\d.]+) s$/m.exec(run.stdout);
  const wrote = (file: string) => {
    const line = new RegExp(`^Wrote .*${file}: (\\d+) files, ([\\d.]+) (kB|MB), in ([\\d.]+) s\\.$`, "m").exec(run.stdout);
    return line
      ? { entries: Number(line[1]), bytes: Number(line[2]) * (line[3] === "MB" ? 1e6 : 1e3), seconds: Number(line[4]) }
      : undefined;
  };
  const figures = {
    wallSeconds: run.wallSeconds,
    peakRssBytes: run.peakRssBytes,
    buildSeconds: Number(built?.[1]),
    full: wrote(path.basename(MIRROR_ARCHIVE)),
    reader: wrote(path.basename(READER_ARCHIVE)),
  };
  const stage = (name: string, s?: { seconds: number; bytes: number; entries: number }) =>
    s ? `${name} ${s.seconds.toFixed(2)} s (${formatBytes(s.bytes)}, ${s.entries} entries)` : `${name}: none (past its cap)`;
  console.log(
    `  npm run mirror: ${figures.wallSeconds.toFixed(2)} s, peak RSS ${(figures.peakRssBytes / 1e6).toFixed(0)} MB; build ${figures.buildSeconds.toFixed(2)} s, ${stage("full archive", figures.full)}, ${stage("reader", figures.reader)}`,
  );
  return figures;
}

export type SizeResult = Awaited<ReturnType<typeof benchSize>>;

export function buildTable(sizes: readonly SizeResult[]): string {
  const rows = sizes.map(({ resources, otherScripts, build, output, indexGzip, edits }) => [
    otherScripts ? `${count(resources)}, ${Math.round(otherScripts * 100)} % in other scripts` : count(resources),
    range(build.wallSeconds, 2, "s"),
    range(build.cpuSeconds, 2, "s"),
    range(build.peakRssBytes, 0, "MB", 1e6),
    range(build.copySeconds, 2, "s"),
    count(output.files),
    formatBytes(output.bytes),
    formatBytes(indexGzip.videos),
    formatBytes(indexGzip.units),
    `${range(edits.editToWrittenMs, 0, "ms")} (${edits.filesRewritten} files)`,
  ]);
  const header = ["resources", "build wall", "build CPU", "peak RSS", "cp -r", "files", "bytes"];
  const caption = "The build, over the runs (CPU: user + sys of every thread; peak RSS of the build process):";
  return markdownTable(caption, [[...header, "videos index (gzip)", "units index (gzip)", "edit → written"], ...rows]);
}

export function mirrorTable(sizes: readonly SizeResult[]): string {
  const archive = (a?: { seconds: number; bytes: number; entries: number }) =>
    a ? [`${a.seconds.toFixed(2)} s`, formatBytes(a.bytes), count(a.entries)] : ["past the cap", "–", "–"];
  const rows = sizes.map(({ resources, mirror, commit }) => [
    count(resources),
    `${mirror.wallSeconds.toFixed(2)} s`,
    `${(mirror.peakRssBytes / 1e6).toFixed(0)} MB`,
    `${mirror.buildSeconds.toFixed(2)} s`,
    ...archive(mirror.full),
    ...archive(mirror.reader),
    `${commit.commitSeconds.toFixed(2)} s (${(commit.commitSeconds / commit.cleanSeconds).toFixed(2)}×)`,
    `${count(commit.filesDiffering)} (${formatBytes(commit.bytesDiffering)})`,
  ]);
  const caption =
    "npm run mirror (Netlify's build command: the build, the full mirror, the reader), one run; after a commit (a title edited, a video added, one removed), over its output, against a clean run:";
  const header = [
    "resources",
    "wall",
    "peak RSS",
    "build",
    "full archive",
    "size",
    "entries",
    "reader",
    "size",
    "entries",
    "after a commit",
    "files that differ",
  ];
  return markdownTable(caption, [header, ...rows]);
}
