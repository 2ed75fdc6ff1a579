/**
 * What the browser shim downloads for a whole answer in a data format, against
 * the gzip size of the answer itself: the files it reads (manifest, term files,
 * columns or record slices), each gzipped as a static host sends it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { bodyBytes, RecordSliceAnswers } from "../build-scripts/core/query/answer.ts";
import { siteTree } from "../build-scripts/core/translations/site-tree.ts";
import type { RequestKind } from "./edge-cpu.ts";
import { count, markdownTable } from "./markdown-table.ts";
import { formatBytes } from "../build-scripts/pipeline/write/write-stats.ts";
import { siteFiles } from "../harness/static-host.ts";

/**
 * The goal: the shim transfers at most this many times the answer's own gzip
 * size. Measured as `request(…, { lazy: true })` answers: its data is read
 * only when asked, so nothing else is counted.
 */
const SHIM_BYTES_GOAL = 1.05;

/**
 * Of the request kinds, those that ask for a whole answer in a data format (what the shim answers from several files):
 * the answer gzipped, and the files the shim read for it, their number and their bytes each gzipped.
 */
export async function measureShimBytes(siteDir: string, kinds: readonly RequestKind[]) {
  const figures = [];
  for (const kind of kinds) {
    const url = new URL(kind.path, "http://x");
    if (url.searchParams.get("format") === "api" || !(url.searchParams.has("search") || url.searchParams.has("fields"))) continue;
    const read: string[] = [];
    const api = new RecordSliceAnswers(siteFiles(siteDir, { log: read }), siteTree({ baseUrl: "", siteUrl: "" }));
    const query = Object.fromEntries(["search", "fields", "format"].map((name) => [name, url.searchParams.get(name)]));
    const answer = await api.get({ path: url.pathname, ...query });
    const files = [...new Set(read)];
    const downloadedGzip = files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(siteDir, file))).length, 0);
    figures.push({ ...kind, answerGzip: gzipSync(await bodyBytes(answer.body)).length, downloadedGzip, files: files.length });
  }
  return figures;
}

export function shimTable(sizes: readonly { resources: number; shim: Awaited<ReturnType<typeof measureShimBytes>> }[]): string {
  const rows = sizes.flatMap(({ resources, shim }) =>
    shim.map(({ kind, answerGzip, downloadedGzip, files }) => [
      count(resources),
      kind,
      formatBytes(answerGzip),
      `${formatBytes(downloadedGzip)} in ${count(files)} files`,
      `${(downloadedGzip / answerGzip).toFixed(2)}×${downloadedGzip > SHIM_BYTES_GOAL * answerGzip ? " *" : ""}`,
    ]),
  );
  const caption = `Whole answers in a data format through the browser shim: what it downloads against the answer's own gzip size
(goal ≤ ${SHIM_BYTES_GOAL}×; * = over it).`;
  return markdownTable(caption, [["site", "request", "answer (gzip)", "the shim downloads (gzip)", "ratio"], ...rows]);
}
