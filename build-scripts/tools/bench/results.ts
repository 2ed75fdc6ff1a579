/** The benchmark's results (written as results.json) and the table printed from them. */
import { markdownTable } from "./markdown-table.ts";
import type { Bytes } from "./search-size.ts";
import type { Machine } from "./machine.ts";
import type { QueryFigures } from "./query-figures.ts";
import { queryTables } from "./query-tables.ts";
import type { SyntheticOptions } from "./synthetic/synthetic-catalogue.ts";
import type { TreeStats } from "./tree-stats.ts";

export interface SizeResult {
  readonly resources: number;
  readonly mix: SyntheticOptions;
  readonly runs: number;
  /** Median over the runs of the full build from a clean output folder. */
  readonly build: {
    readonly wallSeconds: number;
    readonly cpuSeconds: number;
    /** Sum of the peak RSS of every process of the build (one today: `npm run build` starts no launcher). */
    readonly peakRssBytes: number;
    /** Peak RSS of the largest process (the build itself). */
    readonly maxProcessRssBytes: number;
  };
  /** Median time of `cp -r` of the finished tree on the same disk, run right after each build. */
  readonly copySeconds: number;
  /** Median over the runs of build wall time ÷ copy time. */
  readonly ratioToCopy: number;
  readonly output: TreeStats;
  /** One video record edited while `npm run dev`'s builder watches (median of the edits). */
  readonly incremental: {
    /** From writing the record to the builder reporting its files written, timed from outside. */
    readonly editToWrittenMs: number;
    /** The builder's own figure, from the file system event. */
    readonly builderMs: number;
    readonly filesRewritten: number;
    readonly edits: number;
  };
  /** From measureSearch (build-scripts/tools/bench/search-size.ts). */
  readonly search: {
    /** Index bytes (manifest and term files) per collection with records. */
    readonly collections: readonly { name: string; records: number; index: Bytes }[];
    /** Query time once the index is downloaded, over `queries` queries on the largest list. */
    readonly queryCollection: string;
    readonly queries: number;
    readonly queryMs: { median: number; p95: number };
  };
  /** Edge CPU per request kind and search in the browser (build-scripts/tools/bench/query-figures.ts); absent in older results. */
  readonly queries?: QueryFigures;
}

export interface Results {
  readonly date: string;
  readonly commit: string;
  readonly machine: Machine;
  readonly sizes: readonly SizeResult[];
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
const kb = (bytes: number) => `${(bytes / 1e3).toFixed(0)} kB`;
const s = (seconds: number) => `${seconds.toFixed(2)} s`;

/** One row per size; then files and bytes per format, search index sizes per collection, and the query tables. */
export function resultsTable(results: Results): string {
  const head = [
    "resources",
    "build wall",
    "build CPU",
    "peak RSS",
    "cp -r",
    "build ÷ cp",
    "files",
    "bytes",
    "edit → written",
    "query median / p95",
  ];
  const rows = results.sizes.map((r) => {
    const files = Object.values(r.output).reduce((n, e) => n + e.files, 0);
    const bytes = Object.values(r.output).reduce((n, e) => n + e.bytes, 0);
    return [
      String(r.resources),
      s(r.build.wallSeconds),
      s(r.build.cpuSeconds),
      mb(r.build.peakRssBytes),
      s(r.copySeconds),
      `${r.ratioToCopy.toFixed(2)}×`,
      String(files),
      mb(bytes),
      `${r.incremental.editToWrittenMs.toFixed(0)} ms`,
      `${r.search.queryMs.median.toFixed(2)} / ${r.search.queryMs.p95.toFixed(2)} ms`,
    ];
  });
  const names = [...new Set(results.sizes.flatMap((r) => r.search.collections.map((c) => c.name)))];
  const searchRows = [
    ["resources", ...names],
    ...results.sizes.map((r) => [
      String(r.resources),
      ...names.map((n) => {
        const c = r.search.collections.find((x) => x.name === n);
        return c ? `${kb(c.index.raw)} / ${kb(c.index.gzip)}` : "–";
      }),
    ]),
  ];
  const extensions = [...new Set(results.sizes.flatMap((r) => Object.keys(r.output)))].sort();
  const perFormat = [
    ["resources", ...extensions],
    ...results.sizes.map((r) => [
      String(r.resources),
      ...extensions.map((e) => (r.output[e] ? `${r.output[e].files} / ${mb(r.output[e].bytes)}` : "–")),
    ]),
  ];
  return [
    markdownTable([head, ...rows]),
    `Files / bytes written per file type:\n\n${markdownTable(perFormat)}`,
    `Search index per collection, raw / gzip:\n\n${markdownTable(searchRows)}`,
    queryTables(results.sizes.flatMap((r) => (r.queries ? [{ label: String(r.resources), figures: r.queries }] : []))),
  ]
    .filter(Boolean)
    .join("\n\n");
}
