/**
 * Measures search on a built site: index bytes (raw and gzip) per collection,
 * the shim's size, what a first search downloads (shim, Lunr and search code,
 * manifest, term files; then the records files of its matches), and query
 * time once loaded (median and p95). `npm run measure:search` prints it; the
 * benchmark can call measureSearch() itself.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { COLLECTIONS } from "../../core/catalogue/collections.ts";
import { RecordSliceAnswers } from "../../core/query/answer.ts";
import { RecordFinder } from "../../core/search/find-records.ts";
import { SHIM_FILE } from "../../core/routes/output-tree.ts";
import { siteFiles } from "./site-files.ts";

export interface Bytes {
  raw: number;
  gzip: number;
}

export interface SearchMeasurement {
  /** Per collection with records: its index (manifest + term files) and its records files. */
  collections: { name: string; records: number; termFiles: number; index: Bytes; recordsFiles: Bytes }[];
  /** The shim as a page imports it, and the chunk (Lunr + search) it loads on the first search. */
  shim: Bytes;
  searchChunk: Bytes;
  /**
   * Over the queries: gzip bytes a first search downloads to know its matches (shim + chunk + index files),
   * and then to fetch them (records files; the whole list when the query narrows nothing, e.g. only stop words).
   */
  firstSearch: { collection: string; queries: number; median: number; max: number; records: { median: number; max: number } };
  /** Milliseconds per first search of a fresh finder once its files are downloaded (parsing them included). */
  queryMs: { median: number; p95: number };
}

const sizeOf = (text: string): Bytes => ({ raw: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length });
const add = (a: Bytes, b: Bytes): Bytes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip });
const ZERO: Bytes = { raw: 0, gzip: 0 };
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** The shim's entry and the chunks it imports statically; and those it imports only when needed. */
async function shimParts(siteDir: string): Promise<{ shim: Bytes; searchChunk: Bytes }> {
  const seen = new Set<string>();
  let shim = ZERO;
  let searchChunk = ZERO;
  const visit = async (file: string, lazy: boolean): Promise<void> => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = await readFile(path.join(siteDir, file), "utf8");
    if (lazy) searchChunk = add(searchChunk, sizeOf(text));
    else shim = add(shim, sizeOf(text));
    for (const [, spec] of text.matchAll(/(?:from|import)\s*"(\.[^"]+)"/g))
      await visit(path.posix.join(path.posix.dirname(file), spec), lazy);
    for (const [, spec] of text.matchAll(/import\(\s*"(\.[^"]+)"\s*\)/g))
      await visit(path.posix.join(path.posix.dirname(file), spec), true);
  };
  await visit(SHIM_FILE, false);
  return { shim, searchChunk };
}

/** Queries of one and two whole terms, drawn evenly from the collection's term files. */
async function sampleQueries(siteDir: string, collection: string, count: number): Promise<string[]> {
  const dir = path.join(siteDir, "search", collection, "files");
  const terms: string[] = [];
  for (const file of (await readdir(dir)).filter((f) => f.startsWith("terms-"))) {
    for (const line of (await readFile(path.join(dir, file), "utf8")).split("\n"))
      if (/^[a-z]{3,} /.test(line)) terms.push(line.split(" ")[0]);
  }
  const pick = (i: number) => terms[(i * 7919) % terms.length];
  return Array.from({ length: count }, (_, i) => (i % 2 ? `${pick(i)} ${pick(i + count)}` : pick(i)));
}

export async function measureSearch(siteDir: string, queryCount = 200): Promise<SearchMeasurement> {
  const collections: SearchMeasurement["collections"] = [];
  for (const { name } of COLLECTIONS) {
    const dir = path.join(siteDir, "search", name);
    const manifestText = await readFile(path.join(dir, "index.json"), "utf8");
    const manifest = JSON.parse(manifestText) as { records: number };
    if (manifest.records === 0) continue;
    // The index: the manifest and the term files; the rest (records, entries, columns) is what answers carry.
    const files = await readdir(path.join(dir, "files")).catch(() => [] as string[]);
    let index = sizeOf(manifestText);
    let recordsFiles = ZERO;
    for (const file of files) {
      const bytes = sizeOf(await readFile(path.join(dir, "files", file), "utf8"));
      if (file.startsWith("records-")) recordsFiles = add(recordsFiles, bytes);
      else if (file.startsWith("terms-")) index = add(index, bytes);
    }
    collections.push({
      name,
      records: manifest.records,
      termFiles: files.filter((f) => f.startsWith("terms-")).length,
      index,
      recordsFiles,
    });
  }
  const { shim, searchChunk } = await shimParts(siteDir);
  const largest = collections.reduce((a, b) => (b.records > a.records ? b : a));
  const queries = await sampleQueries(siteDir, largest.name, queryCount);

  const firstBytes: number[] = [];
  const recordBytes: number[] = [];
  const times: number[] = [];
  const gzipOf = new Map<string, number>();
  const gz = async (files: string[]) => {
    let total = 0;
    for (const f of new Set(files)) {
      if (!gzipOf.has(f)) gzipOf.set(f, sizeOf(await readFile(path.join(siteDir, f), "utf8")).gzip);
      total += gzipOf.get(f)!;
    }
    return total;
  };
  const indexDir = path.join(siteDir, "search", largest.name);
  const downloaded = new Map<string, string>([
    [`search/${largest.name}/index.json`, await readFile(path.join(indexDir, "index.json"), "utf8")],
  ]);
  for (const file of (await readdir(path.join(indexDir, "files"))).filter((f) => f.startsWith("terms-")))
    downloaded.set(`search/${largest.name}/files/${file}`, await readFile(path.join(indexDir, "files", file), "utf8"));
  for (const query of queries) {
    const log: string[] = [];
    await new RecordSliceAnswers(siteFiles(siteDir, { log }), { baseUrl: "", siteUrl: "" }).answer({
      path: `/api/${largest.name}`,
      search: query,
    });
    const isIndex = (f: string) =>
      f.startsWith("search/") && !f.includes("/records-") && !f.includes("/column-") && !f.includes("/entries-");
    firstBytes.push(shim.gzip + searchChunk.gzip + (await gz(log.filter(isIndex))));
    recordBytes.push(await gz(log.filter((f) => !isIndex(f))));
    // Timed from files already downloaded (in memory) to positions: parsing the term files included.
    const finder = new RecordFinder(async (file) => downloaded.get(file), largest.name);
    const started = performance.now();
    await finder.find(query);
    times.push(performance.now() - started);
  }
  const sortedFirst = [...firstBytes].sort((a, b) => a - b);
  const sortedRecords = [...recordBytes].sort((a, b) => a - b);
  const sortedTimes = [...times].sort((a, b) => a - b);
  return {
    collections,
    shim,
    searchChunk,
    firstSearch: {
      collection: largest.name,
      queries: queries.length,
      median: quantile(sortedFirst, 0.5),
      max: sortedFirst[sortedFirst.length - 1],
      records: { median: quantile(sortedRecords, 0.5), max: sortedRecords[sortedRecords.length - 1] },
    },
    queryMs: { median: quantile(sortedTimes, 0.5), p95: quantile(sortedTimes, 0.95) },
  };
}
