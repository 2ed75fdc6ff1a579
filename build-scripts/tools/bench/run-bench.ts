/**
 * npm run bench -- --sizes 1000,10000,50000 [--runs R] [--seed S] [--out DIR]
 *
 * For each size: a synthetic catalogue (cached in the temporary folder), the
 * real build command from a clean output folder (wall, CPU, peak RSS measured
 * from outside), the files and bytes it wrote per format, and `cp -r` of the
 * finished tree on the same disk right after (the I/O floor), the mirror's
 * archive step on that tree (measure-mirror.ts), then what
 * searches and fields cost at the edge and in the browser (query-figures.ts).
 * Prints tables, writes results.json and chart.svg (default build-scripts/tools/bench/results/).
 */
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { BENCH_DIR, cachedCatalogue } from "./data-cache.ts";
import { timeChart } from "./chart.ts";
import { describeMachine } from "./machine.ts";
import { measureSearch } from "./search-size.ts";
import { measureIncremental } from "./measure-incremental.ts";
import { measureMirror } from "./measure-mirror.ts";
import { resolveSiteConfig } from "../../core/catalogue/site-config.ts";
import { measureQueries } from "./query-figures.ts";
import { checkGnuTime, measure, type ProcessMeasure } from "./measure-process.ts";
import { resultsTable, type Results, type SizeResult } from "./results.ts";
import { sizeMix } from "./synthetic/synthetic-catalogue.ts";
import { treeStats } from "./tree-stats.ts";
import { npmScriptCommand } from "../cli/npm-scripts.ts";
import { failCommand, reportUncaughtErrors } from "../cli/run-command.ts";

const PROJECT_DIR = path.resolve(import.meta.dirname, "../../..");
const BUILD_ENV = { BASE_URL: "https://api.example.org", SITE_URL: "https://education.example.org" };

reportUncaughtErrors();
const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000,50000" },
    runs: { type: "string", default: "1" },
    seed: { type: "string", default: "1" },
    out: { type: "string", default: path.join(PROJECT_DIR, "build-scripts/tools/bench/results") },
  },
});

const log = (line: string) => console.log(line);
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return Number.isInteger(mid) ? (sorted[mid - 1] + sorted[mid]) / 2 : sorted[Math.floor(mid)];
}
const sync = () => execFileSync("sync");
/**
 * `rm -rf`, like the `cp -r` it is measured against: `fs.promises.rm` keeps a
 * promise per file, gigabytes for the largest runs; `rm` holds a few MB.
 */
const removeFolder = (dir: string) => execFileSync("rm", ["-rf", "--", dir]);

const RUN_DIR = path.join(BENCH_DIR, "run");

/**
 * Every build and copy writes into a new folder, and nothing is deleted until
 * the end: on ext4 without a journal, creating files right after deleting many
 * is several times slower for minutes (the inode allocator skips recently
 * deleted inodes one by one), which would blur the comparison.
 */
async function benchSize(resources: number, runs: number, seed: number): Promise<SizeResult> {
  log(`\n${resources} resources`);
  const content = await cachedCatalogue(resources, seed, log);
  const builds: ProcessMeasure[] = [];
  const copies: number[] = [];
  let out = "";
  for (let run = 1; run <= runs; run++) {
    const runDir = path.join(RUN_DIR, `${resources}-${run}`);
    out = path.join(runDir, "_site");
    await mkdir(runDir, { recursive: true });
    sync();
    const [command, args] = npmScriptCommand(PROJECT_DIR, "build");
    const build = await measure(command, args, {
      cwd: PROJECT_DIR,
      env: { ...process.env, ...BUILD_ENV, CONTENT_DIR: content, OUTPUT_DIR: out },
    });
    builds.push(build);
    sync();
    const copy = await measure("cp", ["-r", out, `${out}.copy`], { cwd: runDir, env: process.env });
    copies.push(copy.wallSeconds);
    log(
      `  run ${run}: build ${build.wallSeconds.toFixed(2)} s (CPU ${(build.userSeconds + build.sysSeconds).toFixed(2)} s, peak RSS ${(build.treePeakRssBytes / 1e6).toFixed(0)} MB), cp -r ${copy.wallSeconds.toFixed(2)} s`,
    );
  }
  const output = await treeStats(out);
  const mirror = await measureMirror(out, resolveSiteConfig(BUILD_ENV));
  log(
    `  mirror archive: ${mirror.seconds.toFixed(2)} s, ${(mirror.seconds / median(builds.map((b) => b.wallSeconds))).toFixed(2)}× the build; ${(mirror.bytes / 1e6).toFixed(1)} MB, ${mirror.entries} entries`,
  );
  log("  measuring search …");
  const search = await measureSearch(out);
  log("  measuring one-record edits with the dev builder …");
  const editDir = path.join(RUN_DIR, `${resources}-edit`);
  await mkdir(editDir, { recursive: true });
  execFileSync("cp", ["-r", content, path.join(editDir, "content")]);
  const incremental = await measureIncremental(PROJECT_DIR, path.join(editDir, "content"), path.join(editDir, "_site"), {
    ...process.env,
    ...BUILD_ENV,
  });
  log(`  edit → written files: ${incremental.editToWrittenMs.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}`);
  log("  measuring queries: edge CPU per request kind, search in Chromium …");
  const queries = await measureQueries(out, { log });
  return {
    resources,
    mix: sizeMix(resources, seed),
    runs,
    build: {
      wallSeconds: median(builds.map((b) => b.wallSeconds)),
      cpuSeconds: median(builds.map((b) => b.userSeconds + b.sysSeconds)),
      peakRssBytes: median(builds.map((b) => b.treePeakRssBytes)),
      maxProcessRssBytes: median(builds.map((b) => b.maxRssBytes)),
    },
    copySeconds: median(copies),
    ratioToCopy: median(builds.map((b, i) => b.wallSeconds / copies[i])),
    output,
    incremental: {
      editToWrittenMs: median(incremental.editToWrittenMs),
      builderMs: median(incremental.builderMs),
      filesRewritten: incremental.filesRewritten,
      edits: incremental.editToWrittenMs.length,
    },
    search: {
      collections: search.collections.map(({ name, records, index }) => ({ name, records, index })),
      queryCollection: search.firstSearch.collection,
      queries: search.firstSearch.queries,
      queryMs: search.queryMs,
    },
    queries,
  };
}

try {
  checkGnuTime();
  const sizes = values.sizes.split(",").map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`--sizes needs whole numbers ≥ 1 separated by commas, got "${values.sizes}"`);
  const runs = Number(values.runs);
  const seed = Number(values.seed);
  await mkdir(BENCH_DIR, { recursive: true });
  const machine = describeMachine(BENCH_DIR);
  log(
    `Benchmark on ${machine.cpus} CPUs (${machine.cpuModel}), ${(machine.memoryBytes / 2 ** 30).toFixed(1)} GiB, disk ${machine.disk}, Node ${machine.node}`,
  );
  removeFolder(RUN_DIR);
  const results: SizeResult[] = [];
  for (const size of sizes) results.push(await benchSize(size, runs, seed));
  const report: Results = {
    date: new Date().toISOString(),
    commit: execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: PROJECT_DIR, encoding: "utf8" }).trim(),
    machine,
    sizes: results,
  };
  await mkdir(values.out, { recursive: true });
  await writeFile(path.join(values.out, "results.json"), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(values.out, "chart.svg"), timeChart(results, `Full build vs cp -r, ${machine.cpus} CPUs`));
  log(`\n${resultsTable(report)}\n\nWrote ${path.relative(process.cwd(), values.out) || "."}/results.json and chart.svg`);
  log("Removing the benchmark's output folders …");
  removeFolder(RUN_DIR);
} catch (error) {
  failCommand(error);
}
