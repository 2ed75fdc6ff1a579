/**
 * What searches and choices of fields cost on a built site: the edge
 * function's CPU per request kind on the videos and units lists
 * (edge-cpu.ts), what the browser shim downloads for whole answers
 * (shim-bytes.ts), and search in Chromium on the first list's HTML view
 * (browser-search.ts), with words of known reach (query-words.ts).
 */
import { browserTable, LINK, measureBrowserSearch } from "./browser-search.ts";
import { edgeTables, measureEdgeLists, requestKinds } from "./edge-cpu.ts";
import { measureShimBytes, shimTable } from "./shim-bytes.ts";
import { serveSite } from "../harness/static-host.ts";

const DEFAULTS = {
  runs: 15,
  warmups: 2,
  /** The lists asked of the edge; the shim and the browser search the first. */
  lists: ["videos", "units"] as readonly string[],
  browser: true,
  log: (_line: string) => {},
};

export async function measureQueries(siteDir: string, options: Partial<typeof DEFAULTS> = {}) {
  const { runs, warmups, lists, browser, log } = { ...DEFAULTS, ...options };
  const edge = await measureEdgeLists(siteDir, lists, { runs, warmups }, log);
  const { words } = edge[0];
  log(`  ${words.collection}: what the shim downloads for whole answers …`);
  const shim = await measureShimBytes(siteDir, requestKinds(words));
  if (!browser) return { edge, shim };
  log(`  ${words.collection}: search in Chromium over ${LINK.mbps} Mbps / ${LINK.latencyMs} ms …`);
  const server = await serveSite(siteDir);
  try {
    return { edge, shim, browser: await measureBrowserSearch(server.url, words) };
  } finally {
    await server.close();
  }
}

export function queryTables(sizes: readonly { resources: number; queries: Awaited<ReturnType<typeof measureQueries>> }[]): string[] {
  const figures = sizes.map(({ resources, queries }) => ({ resources, ...queries }));
  return [...edgeTables(figures), shimTable(figures), ...browserTable(sizes[0].queries.edge[0].words.collection, figures)];
}
