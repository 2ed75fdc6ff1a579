/**
 * The benchmark's results as Markdown tables, one row or column per catalogue
 * size: the build, edge CPU per request kind, the shim's downloads, search in
 * the browser.
 */
import type { BrowserStep } from "./browser-search.ts";
import { nearestRank, type EdgeFigure } from "./edge-cpu.ts";
import type { MirrorMeasure } from "./measure-mirror.ts";
import type { QueryFigures } from "./query-figures.ts";
import type { PickedWord } from "./query-words.ts";
import { SHIM_BYTES_GOAL } from "./shim-bytes.ts";
import type { TreeStats } from "./tree-stats.ts";

/** One catalogue size's figures; each list of numbers holds a figure per run. */
export interface SizeResult {
  readonly resources: number;
  /** The share of records also given text in Japanese, Chinese or Thai (--other-scripts). */
  readonly otherScripts: number;
  /** The real `npm run build` from a clean output folder, timed from outside. */
  readonly build: { readonly wallSeconds: number[]; readonly cpuSeconds: number[]; readonly peakRssBytes: number[] };
  /** `cp -r` of the finished tree on the same disk right after each build: the I/O floor. */
  readonly copySeconds: number[];
  readonly output: TreeStats;
  /** The videos' and units' search indexes (manifest and term files), gzipped. */
  readonly indexGzip: { readonly videos: number; readonly units: number };
  /** From writing a video record to `npm run dev`'s builder reporting its files written, per edit. */
  readonly editToWrittenMs: number[];
  readonly filesRewritten: number;
  /** `npm run mirror`'s archive step on the last build's tree. */
  readonly mirror: MirrorMeasure;
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
  const rows = [
    [
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
    ],
    ...sizes.map((r) => [
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
    ]),
  ];
  return `The build, over the runs (CPU: user + sys of every thread; peak RSS of the build process):\n\n${markdownTable(rows)}`;
}

function mirrorTable(sizes: readonly SizeResult[]): string {
  const rows = [
    ["resources", "archive step", "÷ build wall (median)", "archive", "entries"],
    ...sizes.map(({ resources, mirror, build }) => [
      count(resources),
      `${mirror.seconds.toFixed(2)} s`,
      `${(
        mirror.seconds /
        nearestRank(
          [...build.wallSeconds].sort((a, b) => a - b),
          0.5,
        )
      ).toFixed(2)}×`,
      size(mirror.bytes),
      count(mirror.entries),
    ]),
  ];
  return `The offline mirror's archive step (npm run mirror after its build), one run:\n\n${markdownTable(rows)}`;
}

/** One column (or row) of figures per site measured. */
interface LabelledFigures {
  readonly label: string;
  readonly figures: QueryFigures;
}

function edgeCell(figure: EdgeFigure | undefined, budgetMs: number): string[] {
  if (!figure) return ["–", "–"];
  const { median, p95, max } = figure.ms;
  return [`${ms(median)} / ${ms(p95)} / ${ms(max)}${p95 > budgetMs ? " *" : ""}`, size(figure.bytes)];
}

function edgeTables(sites: readonly LabelledFigures[]): string[] {
  const budget = sites[0].figures.edge.budgetMs;
  const names = [...new Set(sites.flatMap((s) => s.figures.edge.lists.map((l) => l.words.collection)))];
  return names.map((name) => {
    const lists = sites.map((s) => s.figures.edge.lists.find((l) => l.words.collection === name));
    const kinds = [...new Set(lists.flatMap((l) => l?.requests.map((r) => r.kind) ?? []))];
    const rows = [
      ["request", ...sites.flatMap((s) => [`${s.label}: CPU ms`, "answer"])],
      ...kinds.map((kind) => [
        kind,
        ...lists.flatMap((l) =>
          edgeCell(
            l?.requests.find((r) => r.kind === kind),
            budget,
          ),
        ),
      ]),
    ];
    const words = sites
      .map((s, i) => {
        const w = lists[i]?.words;
        return w && `${s.label}: common ${word(w.common)}, moderate ${word(w.moderate)}, rare ${word(w.rare)} of ${count(w.records)}`;
      })
      .filter(Boolean);
    return [
      `Edge CPU per request on the ${name} list, median / p95 / max ms over the runs, less the time in context.next`,
      `(Netlify's limit: ${budget} ms a request; * = p95 over it). Words (records found): ${words.join("; ")}.`,
      "",
      markdownTable(rows),
    ].join("\n");
  });
}

function shimTable(sites: readonly LabelledFigures[]): string[] {
  const measured = sites.filter((s) => s.figures.shim?.length);
  if (measured.length === 0) return [];
  const rows = [
    ["site", "request", "answer (gzip)", "the shim downloads (gzip)", "ratio"],
    ...measured.flatMap((s) =>
      s.figures.shim.map((r) => [
        s.label,
        r.kind,
        size(r.answerGzip),
        `${size(r.downloadedGzip)} in ${count(r.files)} files`,
        `${(r.downloadedGzip / r.answerGzip).toFixed(2)}×${r.downloadedGzip > SHIM_BYTES_GOAL * r.answerGzip ? " *" : ""}`,
      ]),
    ),
  ];
  return [
    [
      `Whole answers in a data format through the browser shim: what it downloads against the answer's own gzip size`,
      `(goal ≤ ${SHIM_BYTES_GOAL}×; * = over it).`,
      "",
      markdownTable(rows),
    ].join("\n"),
  ];
}

function stepCell(step: BrowserStep): string {
  if (step.error) return `failed after ${size(step.bytes)}: ${step.error}`;
  if (step.ms === null) return step.bytes > 0 ? `not shown, ${size(step.bytes)}` : "–";
  const time = step.ms < 1000 ? `${step.ms.toFixed(0)} ms` : `${(step.ms / 1000).toFixed(1)} s`;
  return `${time}, ${size(step.bytes)}`;
}

function browserTable(sites: readonly LabelledFigures[]): string[] {
  const measured = sites.flatMap(({ label, figures: { browser } }) => (browser ? [{ label, browser }] : []));
  if (measured.length === 0) return [];
  const { link, collection } = measured[0].browser;
  const rows = [
    ["site", "word", "found", "cold", "refined", "repeated"],
    ...measured.flatMap(({ label, browser }) =>
      browser.searches.map((r) => [
        label,
        `${r.reach} "${r.word}"`,
        count(r.matches),
        stepCell(r.cold),
        `"${r.refined.query}": ${stepCell(r.refined)}`,
        stepCell(r.repeated),
      ]),
    ),
  ];
  return [
    [
      `Search in Chromium on the ${collection} list's HTML view over ${link.mbps} Mbps / ${link.latencyMs} ms: time until the results are`,
      "on screen, bytes transferred until then (cold: a new context opens ?search=<word>; then on the same page a refined query",
      "and the word again). Goals: a common word cold ≤ 1.0 s and ≤ 200 kB; refined or repeated ≤ 100 ms. Pagefind 1.6",
      "(9,000 videos, the same link): its first 10 results after 0.8 s and 170 kB.",
      "",
      markdownTable(rows),
    ].join("\n"),
  ];
}

export function resultTables(sizes: readonly SizeResult[]): string {
  const sites = sizes.map((r) => ({ label: count(r.resources), figures: r.queries }));
  return [buildTable(sizes), mirrorTable(sizes), ...edgeTables(sites), ...shimTable(sites), ...browserTable(sites)].join("\n\n");
}
