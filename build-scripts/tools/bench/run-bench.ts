/**
 * npm run bench -- [--sizes 1000,10000,50000] [--runs R] [--seed S] [--other-scripts F]
 *
 * For each size: a synthetic catalogue (cached in the temporary folder; with
 * --other-scripts, that share of its records also in Japanese, Chinese or Thai), the
 * real build command from a clean output folder (wall, CPU, peak RSS measured
 * from outside) and `cp -r` of the finished tree on the same disk right after
 * (the I/O floor), alternately, `runs` times; the files and bytes written; the
 * mirror's archive step on that tree (measure-mirror.ts); one
 * record saved while `npm run dev`'s builder watches; then what requests cost
 * at the edge, what the browser shim downloads and search in Chromium
 * (query-figures.ts). Prints the machine and the tables docs/performance.md shows.
 */
import { execFileSync } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { BENCH_DIR, cachedCatalogue } from "./data-cache.ts";
import { measureIncremental } from "./measure-incremental.ts";
import { checkGnuTime, measure } from "./measure-process.ts";
import { archiveSite } from "../../pipeline/mirror/archive-site.ts";
import { resolveSiteConfig } from "../../core/catalogue/site-config.ts";
import { measureQueries } from "./query-figures.ts";
import { resultTables, type SizeResult } from "./tables.ts";
import { searchIndexGzip, treeStats } from "./tree-stats.ts";
import { npmScriptCommand } from "../cli/npm-scripts.ts";
import { runCommand } from "../cli/run-command.ts";
import { parseShare } from "../synthetic/other-scripts.ts";

const PROJECT_DIR = path.resolve(import.meta.dirname, "../../..");
const BUILD_ENV = { BASE_URL: "https://api.example.org", SITE_URL: "https://education.example.org" };
const RUN_DIR = path.join(BENCH_DIR, "run");

const USAGE = `
usage: npm run bench -- [--sizes 1000,10000,50000] [--runs R] [--seed S] [--other-scripts F]
Builds synthetic catalogues of each size and measures the build, its output and queries; prints the tables.
--other-scripts F: that share of the records (0–1, default 0) also get a title and a paragraph
in Japanese, Chinese or Thai with emoji (as npm run bench:data): the search indexes show what such text costs.
`;

const log = (line: string) => console.log(line);
const sync = () => execFileSync("sync");
/**
 * `rm -rf`, like the `cp -r` it is measured against: `fs.promises.rm` keeps a
 * promise per file, gigabytes for the largest runs; `rm` holds a few MB.
 */
const removeFolder = (dir: string) => execFileSync("rm", ["-rf", "--", dir]);

/** The machine, in one line: CPUs, memory, the disk the builds write to, Node. */
function machine(): string {
  const df = execFileSync("df", ["-PTh", BENCH_DIR], { encoding: "utf8" }).trim().split("\n").at(-1)?.split(/\s+/) ?? [];
  const memory = (os.totalmem() / 2 ** 30).toFixed(1);
  return `${os.availableParallelism()} CPUs (${os.cpus()[0]?.model ?? "unknown"}), ${memory} GiB, disk ${df[0]} (${df[1]}, ${df[2]}), Node ${process.version}, ${os.type()} ${os.release()}`;
}

/**
 * Every build and copy writes into a new folder, and nothing is deleted until
 * the end: on ext4 without a journal, creating files right after deleting many
 * is several times slower for minutes (the inode allocator skips recently
 * deleted inodes one by one), which would blur the comparison.
 */
async function benchSize(resources: number, runs: number, seed: number, otherScripts: number): Promise<SizeResult> {
  log(`\n${resources} resources${otherScripts ? `, ${Math.round(otherScripts * 100)} % of them also in other scripts` : ""}`);
  const content = await cachedCatalogue(resources, seed, otherScripts, log);
  const build: SizeResult["build"] = { wallSeconds: [], cpuSeconds: [], peakRssBytes: [] };
  const copySeconds: number[] = [];
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
    build.wallSeconds.push(built.wallSeconds);
    build.cpuSeconds.push(built.userSeconds + built.sysSeconds);
    build.peakRssBytes.push(built.peakRssBytes);
    copySeconds.push(copy.wallSeconds);
    log(
      `  run ${run}: build ${built.wallSeconds.toFixed(2)} s (CPU ${(built.userSeconds + built.sysSeconds).toFixed(2)} s, peak RSS ${(built.peakRssBytes / 1e6).toFixed(0)} MB), cp -r ${copy.wallSeconds.toFixed(2)} s`,
    );
  }
  const started = performance.now();
  const archive = await archiveSite(out, resolveSiteConfig(BUILD_ENV), new Date());
  const mirror = { seconds: (performance.now() - started) / 1000, bytes: archive.bytes, entries: archive.entries };
  await rm(archive.file);
  log(`  mirror archive: ${mirror.seconds.toFixed(2)} s; ${(mirror.bytes / 1e6).toFixed(1)} MB, ${mirror.entries} entries`);
  log("  measuring one-record edits with the dev builder …");
  const editDir = path.join(RUN_DIR, `${resources}-edit`);
  await mkdir(editDir, { recursive: true });
  execFileSync("cp", ["-r", content, path.join(editDir, "content")]);
  const incremental = await measureIncremental(PROJECT_DIR, path.join(editDir, "content"), path.join(editDir, "_site"), {
    ...process.env,
    ...BUILD_ENV,
  });
  log(`  edit → written files: ${incremental.editToWrittenMs.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}`);
  log("  measuring queries: edge CPU per request kind, the shim's downloads, search in Chromium …");
  return {
    resources,
    otherScripts,
    build,
    copySeconds,
    output: await treeStats(out),
    indexGzip: { videos: await searchIndexGzip(out, "videos"), units: await searchIndexGzip(out, "units") },
    editToWrittenMs: incremental.editToWrittenMs,
    filesRewritten: incremental.filesRewritten,
    mirror,
    queries: await measureQueries(out, { log }),
  };
}

await runCommand({ usage: USAGE }, async () => {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "1000,10000,50000" },
      runs: { type: "string", default: "1" },
      seed: { type: "string", default: "1" },
      "other-scripts": { type: "string", default: "0" },
    },
  });
  checkGnuTime();
  const sizes = values.sizes.split(",").map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`--sizes needs whole numbers ≥ 1 separated by commas, got "${values.sizes}"`);
  const runs = Number(values.runs);
  const otherScripts = parseShare(values["other-scripts"]);
  await mkdir(BENCH_DIR, { recursive: true });
  log(`${new Date().toISOString().slice(0, 10)}, ${machine()}`);
  removeFolder(RUN_DIR);
  const results: SizeResult[] = [];
  for (const size of sizes) results.push(await benchSize(size, runs, Number(values.seed), otherScripts));
  log(`\n${resultTables(results)}`);
  log("Removing the benchmark's output folders …");
  removeFolder(RUN_DIR);
});
