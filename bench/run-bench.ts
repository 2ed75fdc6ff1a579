/** `npm run bench`: the command, its flags and the machine's line; each size is measured by bench-size.ts. */
import { execFileSync } from "node:child_process";
import { mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { BENCH_DIR, benchSize, buildTable, cachedCatalogue, checkGnuTime, mirrorTable, RUN_DIR, type SizeResult } from "./bench-size.ts";
import { cmsTable, measureCms } from "./cms-requests.ts";
import { measureNetlifyCommit, netlifyTable, type NetlifyCommitFigures } from "./netlify-commit.ts";
import { queryTables } from "./query-figures.ts";
import { median } from "./edge-cpu.ts";
import { readerTable } from "./reader-figures.ts";
import { CommandError, runCommand } from "../build-scripts/tools/cli/run-command.ts";
import { parseShare } from "./synthetic/other-scripts.ts";

const USAGE = `
usage: npm run bench -- [--sizes 1000,10000,100000] [--runs R] [--seed S] [--other-scripts F] [--cms-only | --netlify-only]
Builds synthetic catalogues of each size and measures the build, npm run mirror (its stages, peak memory and
archives), the output and queries, an editor's session in the CMS against the GitHub-API server (requests, bytes and time per step),
and a commit on Netlify's own build engine (a first build, the next commit with its cache, the same commit clean); prints the tables.
--cms-only: the CMS's session alone.
--netlify-only: the commit on Netlify's build engine alone.
--other-scripts F: that share of the records (0–1, default 0) also get a title and a paragraph
in Japanese, Chinese or Thai with emoji (as npm run bench:data): the search indexes show what such text costs.
`;

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

await runCommand({ usage: USAGE }, async () => {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "1000,10000,100000" },
      runs: { type: "string", default: "1" },
      seed: { type: "string", default: "1" },
      "other-scripts": { type: "string", default: "0" },
      "cms-only": { type: "boolean", default: false },
      "netlify-only": { type: "boolean", default: false },
    },
  });
  checkGnuTime();
  const sizes = values.sizes.split(",").map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1))
    throw new CommandError(`--sizes needs whole numbers ≥ 1 separated by commas, got "${values.sizes}"`);
  const otherScripts = parseShare(values["other-scripts"]);
  if (values["cms-only"] && values["netlify-only"]) throw new CommandError("--cms-only and --netlify-only exclude each other: give one.");
  await mkdir(BENCH_DIR, { recursive: true });
  console.log(`${new Date().toISOString().slice(0, 10)}, ${machine()}`);
  removeFolder(RUN_DIR);
  const results: SizeResult[] = [];
  const cms: Awaited<ReturnType<typeof measureCms>>[] = [];
  const netlify: NetlifyCommitFigures[] = [];
  for (const size of sizes) {
    if (!values["cms-only"] && !values["netlify-only"])
      results.push(await benchSize(size, Number(values.runs), Number(values.seed), otherScripts));
    else console.log(`\n${size} resources`);
    await mkdir(RUN_DIR, { recursive: true });
    const content = await cachedCatalogue(size, Number(values.seed), otherScripts);
    if (!values["netlify-only"]) cms.push(await measureCms(size, content, RUN_DIR, console.log));
    if (!values["cms-only"]) netlify.push(await measureNetlifyCommit(size, content, path.join(RUN_DIR, `${size}-netlify`), console.log));
  }
  const readers = results.map(({ resources, reader, mirror, build }) => ({
    resources,
    reader,
    mirror,
    buildWallSeconds: median(build.wallSeconds),
  }));
  const tables = results.length ? [buildTable(results), mirrorTable(results), readerTable(readers), ...queryTables(results)] : [];
  if (cms.length) tables.push(cmsTable(cms));
  if (netlify.length) tables.push(netlifyTable(netlify));
  console.log(`\n${tables.join("\n\n")}`);
  console.log("Removing the benchmark's output folders …");
  removeFolder(RUN_DIR);
});
