/**
 * Edge CPU per request kind, as Netlify counts it: the edge function's own CPU
 * time for a request, its answer read to the end (chunk by chunk, as the
 * runtime passes it on, not joined), minus the time spent inside
 * `context.next` (the static files behind it). The function
 * (build-scripts/runtime/edge/functions/api.ts, its default export) runs under
 * Deno, as on Netlify (edge-cpu-deno.ts), its `next` answered from a built
 * site's files.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import edgeFunction from "../build-scripts/runtime/edge/functions/api.ts";
import { DENO_FLAGS, denoBinary, denoEnv, PROJECT_DIR } from "../harness/deno-binary.ts";
import { count, markdownTable } from "./markdown-table.ts";
import { formatBytes } from "../build-scripts/pipeline/write/write-stats.ts";
import { pickWords, wordsFound, type ListWords } from "./query-words.ts";
import { cpuMs, type SiteFiles } from "../harness/static-host.ts";

/** Netlify's limit of CPU time per request of an edge function. */
const EDGE_BUDGET_MS = 50;
/** The host the requests are addressed to; the function takes its base URL from it. */
const ORIGIN = "https://api.example.org";
/** Fewer runs than asked are made of a kind only past this much wall time, and never fewer than MIN_RUNS. */
const CAP_MS = 10_000;
const MIN_RUNS = 5;

/** The request kinds asked of one list. */
export function requestKinds({ collection, uuid, common, moderate, rare }: ListWords) {
  const list = `/api/${collection}`;
  // `kind`: what is asked, e.g. "search=<common>, json"; `path`: the address, e.g. "/api/videos?search=ocean&format=json".
  const kinds: { readonly kind: string; readonly path: string }[] = [];
  const add = (kind: string, path: string, query: string) => kinds.push({ kind, path: `${path}?${query}` });
  for (const format of ["api", "json", "xml", "xliff"]) add(`list, ${format}`, list, `format=${format}`);
  for (const format of ["api", "json", "xml", "xliff"]) add(`resource, ${format}`, `${list}/${uuid}`, `format=${format}`);
  add("fields=uuid,title, json", list, "fields=uuid,title&format=json");
  add("fields=uuid,title,description, xml", list, "fields=uuid,title,description&format=xml");
  add("fields=title, api", list, "fields=title&format=api");
  const search = (word: string) => `search=${encodeURIComponent(word)}`;
  add("search=<common>, json", list, `${search(common.word)}&format=json`);
  add("search=<common>, api", list, `${search(common.word)}&format=api`);
  add("search=<common>&fields=uuid, json", list, `${search(common.word)}&fields=uuid&format=json`);
  for (const [name, { word }] of Object.entries({ moderate, rare }))
    for (const format of ["json", "xml"]) add(`search=<${name}>, ${format}`, list, `${search(word)}&format=${format}`);
  add("search=<common> <moderate>, xliff", list, `${search(`${common.word} ${moderate.word}`)}&format=xliff`);
  return kinds;
}

export type RequestKind = ReturnType<typeof requestKinds>[number];

/** The q-quantile of figures by the nearest-rank method. */
const quantile = (figures: readonly number[], q: number) =>
  [...figures].sort((a, b) => a - b)[Math.max(0, Math.ceil(q * figures.length) - 1)];
export const median = (figures: readonly number[]) => quantile(figures, 0.5);

/** Timed requests per kind, after `warmups` untimed ones. */
type Runs = { readonly runs: number; readonly warmups: number };

/** Each list's words (query-words.ts) and its request kinds, measured in a Deno process over the site's files. */
export async function measureEdgeLists(siteDir: string, lists: readonly string[], runs: Runs, log: (line: string) => void) {
  const measured = [];
  for (const collection of lists) {
    const words = await pickWords(siteDir, collection);
    log(`  ${collection}: ${wordsFound(words)}; edge CPU …`);
    measured.push({ words, requests: await measureEdgeUnderDeno(siteDir, requestKinds(words), runs) });
  }
  return measured;
}

async function measureEdgeUnderDeno(siteDir: string, kinds: readonly RequestKind[], { runs, warmups }: Runs): Promise<EdgeFigure[]> {
  const denoDir = await mkdtemp(path.join(tmpdir(), "edge-cpu-"));
  try {
    const script = path.join(PROJECT_DIR, "bench/edge-cpu-deno.ts");
    const args = ["run", "--allow-read", ...DENO_FLAGS, script, siteDir, JSON.stringify(kinds), String(runs), String(warmups)];
    const { stdout } = await promisify(execFile)(denoBinary(), args, {
      cwd: PROJECT_DIR,
      env: { ...process.env, ...denoEnv(denoDir) },
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout) as EdgeFigure[];
  } finally {
    await rm(denoDir, { recursive: true, force: true });
  }
}

/** One request: the function's CPU milliseconds less next's, and its answer's status and bytes (read chunk by chunk, not joined). */
async function timeRequest(site: SiteFiles, pathAndQuery: string): Promise<{ ms: number; status: number; bytes: number }> {
  site.nextMs = 0;
  const started = cpuMs();
  const response = await edgeFunction(new Request(new URL(pathAndQuery, ORIGIN)), { next: site.next });
  let bytes = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) bytes += read.value.byteLength;
  return { ms: cpuMs() - started - site.nextMs, status: response.status, bytes };
}

/** Per kind: the answer's status and bytes, the runs made, and CPU milliseconds per request over them. */
export async function measureEdge(site: SiteFiles, kinds: readonly RequestKind[], { runs, warmups }: Runs) {
  const figures = [];
  for (const kind of kinds) {
    const started = performance.now();
    for (let i = 0; i < warmups; i++) await timeRequest(site, kind.path);
    const times: number[] = [];
    let last = { status: 0, bytes: 0 };
    while (times.length < runs && (times.length < MIN_RUNS || performance.now() - started < CAP_MS)) {
      const { ms, ...answer } = await timeRequest(site, kind.path);
      times.push(ms);
      last = answer;
    }
    if (last.status !== 200) throw new Error(`The edge function answered ${kind.path} with ${last.status}.`);
    const ms = { median: median(times), p95: quantile(times, 0.95), max: Math.max(...times) };
    figures.push({ ...kind, ...last, runs: times.length, ms });
  }
  return figures;
}

type EdgeFigure = Awaited<ReturnType<typeof measureEdge>>[number];

const ms = (value: number) => value.toFixed(value < 100 ? 1 : 0);

/** A table per list, a pair of columns per catalogue size. */
export function edgeTables(sizes: readonly { resources: number; edge: Awaited<ReturnType<typeof measureEdgeLists>> }[]): string[] {
  return sizes[0].edge.map(({ words: { collection } }, i) => {
    const lists = sizes.map(({ edge }) => edge[i]);
    const cells = ({ ms: { median, p95, max }, bytes }: EdgeFigure) => [
      `${ms(median)} / ${ms(p95)} / ${ms(max)}${p95 > EDGE_BUDGET_MS ? " *" : ""}`,
      formatBytes(bytes),
    ];
    const rows = lists[0].requests.map(({ kind }, k) => [kind, ...lists.flatMap((list) => cells(list.requests[k]))]);
    const header = ["request", ...sizes.flatMap(({ resources }) => [`${count(resources)}: CPU ms`, "answer"])];
    const words = lists.map(({ words }, s) => `${count(sizes[s].resources)}: ${wordsFound(words)}`);
    const caption = [
      `Edge CPU per request on the ${collection} list, median / p95 / max ms over the runs, less the time in context.next`,
      `(Netlify's limit: ${EDGE_BUDGET_MS} ms a request; * = p95 over it). Words (records found): ${words.join("; ")}.`,
    ];
    return markdownTable(caption.join("\n"), [header, ...rows]);
  });
}
