/** The benchmark's results (written as results.json) and the table printed from them. */
import type { Machine } from "./machine.ts";
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
    /** Sum of the peak RSS of every process of the build (tsx's launcher and the build). */
    readonly peakRssBytes: number;
    /** Peak RSS of the largest process (the build itself). */
    readonly maxProcessRssBytes: number;
  };
  /** Median time of `cp -r` of the finished tree on the same disk, run right after each build. */
  readonly copySeconds: number;
  /** Build wall time ÷ copy time. */
  readonly ratioToCopy: number;
  readonly output: TreeStats;
}

export interface Results {
  readonly date: string;
  readonly commit: string;
  readonly machine: Machine;
  readonly sizes: readonly SizeResult[];
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const s = (seconds: number) => `${seconds.toFixed(2)} s`;

/** One row per size; files and bytes per format in a second table. */
export function resultsTable(results: Results): string {
  const head = ["resources", "build wall", "build CPU", "peak RSS", "cp -r", "build ÷ cp", "files", "bytes"];
  const rows = results.sizes.map((r) => {
    const files = Object.values(r.output).reduce((n, e) => n + e.files, 0);
    const bytes = Object.values(r.output).reduce((n, e) => n + e.bytes, 0);
    return [String(r.resources), s(r.build.wallSeconds), s(r.build.cpuSeconds), mb(r.build.peakRssBytes), s(r.copySeconds), `${r.ratioToCopy.toFixed(2)}×`, String(files), mb(bytes)];
  });
  const extensions = [...new Set(results.sizes.flatMap((r) => Object.keys(r.output)))].sort();
  const perFormat = [
    ["resources", ...extensions],
    ...results.sizes.map((r) => [String(r.resources), ...extensions.map((e) => (r.output[e] ? `${r.output[e].files} / ${mb(r.output[e].bytes)}` : "–"))]),
  ];
  return `${markdownTable([head, ...rows])}\n\nFiles / bytes written per format:\n\n${markdownTable(perFormat)}`;
}

export function markdownTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  const line = (row: readonly string[]) => `| ${row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(" | ")} |`;
  const rule = `|${widths.map((w, c) => (c === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`;
  return [line(rows[0]), rule, ...rows.slice(1).map(line)].join("\n");
}
