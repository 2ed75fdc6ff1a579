/**
 * The benchmark's results as Markdown tables, one row or column per catalogue
 * size: the build, the mirror, edge CPU per request kind, the shim's
 * downloads, search in the browser.
 */
import { LINK, type BrowserStep } from "./browser-search.ts";
import { EDGE_BUDGET_MS, nearestRank, type EdgeFigure } from "./edge-cpu.ts";
import type { QueryFigures } from "./query-figures.ts";
import type { PickedWord } from "./query-words.ts";
import { SHIM_BYTES_GOAL } from "./shim-bytes.ts";

/** One catalogue size's figures; each list of numbers holds a figure per run. */
export interface SizeResult {
  readonly resources: number;
  /** The share of records also given text in Japanese, Chinese or Thai (--other-scripts). */
  readonly otherScripts: number;
  /** The real `npm run build` from a clean output folder, timed from outside. */
  readonly build: { readonly wallSeconds: number[]; readonly cpuSeconds: number[]; readonly peakRssBytes: number[] };
  /** `cp -r` of the finished tree on the same disk right after each build: the I/O floor. */
  readonly copySeconds: number[];
  /** The files and bytes of the output tree. */
  readonly output: { readonly files: number; readonly bytes: number };
  /** The videos' and units' search indexes (manifest and term files), gzipped. */
  readonly indexGzip: { readonly videos: number; readonly units: number };
  /** From writing a video record to `npm run dev`'s builder reporting its files written, per edit. */
  readonly editToWrittenMs: number[];
  readonly filesRewritten: number;
  /** `npm run mirror`'s archive step on the last build's tree. */
  readonly mirror: { readonly seconds: number; readonly bytes: number; readonly entries: number };
  readonly queries: QueryFigures;
}

const count = (n: number) => n.toLocaleString("en");
const ms = (value: number) => value.toFixed(value < 100 ? 1 : 0);
const size = (bytes: number) => (bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} kB` : `${(bytes / 1e6).toFixed(1)} MB`);
const word = ({ word, matches }: PickedWord) => `"${word}" (${count(matches)})`;

/** The first column left-aligned, the others right-aligned. */
function markdownTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(" | ")} |`;
  const rule = `|${widths.map((w, c) => (c === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`;
  return [line(rows[0]), rule, ...rows.slice(1).map(line)].join("\n");
}

/** The runs' range, e.g. "4.2–5.1 s", or the one figure. */
function range(values: readonly number[], format: (n: number) => string, unit: string): string {
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return format(low) === format(high) ? `${format(low)} ${unit}` : `${format(low)}–${format(high)} ${unit}`;
}

function buildTable(sizes: readonly SizeResult[]): string {
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
    "edit → written",
  ];
  const rows = sizes.map((r) => [
    r.otherScripts ? `${count(r.resources)}, ${Math.round(r.otherScripts * 100)} % in other scripts` : count(r.resources),
    range(r.build.wallSeconds, (n) => n.toFixed(2), "s"),
    range(r.build.cpuSeconds, (n) => n.toFixed(2), "s"),
    range(r.build.peakRssBytes, (n) => (n / 1e6).toFixed(0), "MB"),
    range(r.copySeconds, (n) => n.toFixed(2), "s"),
    count(r.output.files),
    size(r.output.bytes),
    size(r.indexGzip.videos),
    size(r.indexGzip.units),
    `${range(r.editToWrittenMs, (n) => n.toFixed(0), "ms")} (${r.filesRewritten} files)`,
  ]);
  const table = markdownTable([header, ...rows]);
  return `The build, over the runs (CPU: user + sys of every thread; peak RSS of the build process):\n\n${table}`;
}

function mirrorTable(sizes: readonly SizeResult[]): string {
  const rows = sizes.map(({ resources, mirror, build }) => {
    const medianBuild = nearestRank(
      [...build.wallSeconds].sort((a, b) => a - b),
      0.5,
    );
    return [
      count(resources),
      `${mirror.seconds.toFixed(2)} s`,
      `${(mirror.seconds / medianBuild).toFixed(2)}×`,
      size(mirror.bytes),
      count(mirror.entries),
    ];
  });
  const table = markdownTable([["resources", "archive step", "÷ build wall (median)", "archive", "entries"], ...rows]);
  return `The offline mirror's archive step (npm run mirror after its build), one run:\n\n${table}`;
}

function edgeCell({ ms: { median, p95, max }, bytes }: EdgeFigure): string[] {
  return [`${ms(median)} / ${ms(p95)} / ${ms(max)}${p95 > EDGE_BUDGET_MS ? " *" : ""}`, size(bytes)];
}

/** A table per list, a pair of columns per size. */
function edgeTables(sizes: readonly SizeResult[]): string[] {
  return sizes[0].queries.edge.map(({ words: { collection } }, i) => {
    const lists = sizes.map((r) => r.queries.edge[i]);
    const rows = lists[0].requests.map(({ kind }, k) => [kind, ...lists.flatMap((l) => edgeCell(l.requests[k]))]);
    const header = ["request", ...sizes.flatMap((r) => [`${count(r.resources)}: CPU ms`, "answer"])];
    const words = lists.map(({ words: w }, s) => {
      const found = `common ${word(w.common)}, moderate ${word(w.moderate)}, rare ${word(w.rare)} of ${count(w.records)}`;
      return `${count(sizes[s].resources)}: ${found}`;
    });
    return [
      `Edge CPU per request on the ${collection} list, median / p95 / max ms over the runs, less the time in context.next`,
      `(Netlify's limit: ${EDGE_BUDGET_MS} ms a request; * = p95 over it). Words (records found): ${words.join("; ")}.`,
      "",
      markdownTable([header, ...rows]),
    ].join("\n");
  });
}

function shimTable(sizes: readonly SizeResult[]): string {
  const rows = sizes.flatMap(({ resources, queries }) =>
    queries.shim.map((r) => [
      count(resources),
      r.kind,
      size(r.answerGzip),
      `${size(r.downloadedGzip)} in ${count(r.files)} files`,
      `${(r.downloadedGzip / r.answerGzip).toFixed(2)}×${r.downloadedGzip > SHIM_BYTES_GOAL * r.answerGzip ? " *" : ""}`,
    ]),
  );
  return [
    `Whole answers in a data format through the browser shim: what it downloads against the answer's own gzip size`,
    `(goal ≤ ${SHIM_BYTES_GOAL}×; * = over it).`,
    "",
    markdownTable([["site", "request", "answer (gzip)", "the shim downloads (gzip)", "ratio"], ...rows]),
  ].join("\n");
}

function stepCell(step: BrowserStep): string {
  if (step.error) return `failed after ${size(step.bytes)}: ${step.error}`;
  if (step.ms === null) return step.bytes > 0 ? `not shown, ${size(step.bytes)}` : "–";
  const time = step.ms < 1000 ? `${step.ms.toFixed(0)} ms` : `${(step.ms / 1000).toFixed(1)} s`;
  return `${time}, ${size(step.bytes)}`;
}

function browserTable(sizes: readonly SizeResult[]): string[] {
  const rows = sizes.flatMap(({ resources, queries }) =>
    (queries.browser ?? []).map((r) => [
      count(resources),
      `${r.reach} "${r.word}"`,
      count(r.matches),
      stepCell(r.cold),
      `"${r.refined.query}": ${stepCell(r.refined)}`,
      stepCell(r.repeated),
    ]),
  );
  if (rows.length === 0) return [];
  return [
    [
      `Search in Chromium on the ${sizes[0].queries.edge[0].words.collection} list's HTML view over ${LINK.mbps} Mbps / ${LINK.latencyMs} ms: time until the results are`,
      "on screen, bytes transferred until then (cold: a new context opens ?search=<word>; then on the same page a refined query",
      "and the word again). Goals: a common word cold ≤ 1.0 s and ≤ 200 kB; refined or repeated ≤ 100 ms. Pagefind 1.6",
      "(9,000 videos, the same link): its first 10 results after 0.8 s and 170 kB.",
      "",
      markdownTable([["site", "word", "found", "cold", "refined", "repeated"], ...rows]),
    ].join("\n"),
  ];
}

export function resultTables(sizes: readonly SizeResult[]): string {
  return [buildTable(sizes), mirrorTable(sizes), ...edgeTables(sizes), shimTable(sizes), ...browserTable(sizes)].join("\n\n");
}
