/**
 * What searches and choices of fields cost on a built site: the edge
 * function's CPU per request kind on the videos and units lists
 * (edge-cpu.ts), and search in Chromium on the videos list's HTML view
 * (browser-search.ts), with words of known reach (query-words.ts).
 */
import { measureBrowserSearch, LINK, type BrowserSearch } from "./browser-search.ts";
import { EDGE_BUDGET_MS, measureEdgeUnderDeno, requestKinds, type EdgeFigure } from "./edge-cpu.ts";

import { pickWords, type ListWords } from "./query-words.ts";
import { measureShimBytes, type ShimBytes } from "./shim-bytes.ts";
import { serveSite } from "../../../test/helpers/static-host.ts";

export interface QueryFigures {
  readonly edge: {
    /** Netlify's limit of CPU per request. */
    readonly budgetMs: number;
    readonly lists: readonly { readonly words: ListWords; readonly requests: readonly EdgeFigure[] }[];
  };
  /** Whole answers in a data format through the browser shim: bytes read against the answer's, on the first list. */
  readonly shim: readonly ShimBytes[];
  /** Absent when the browser was not asked for. */
  readonly browser?: {
    readonly link: typeof LINK;
    readonly collection: string;
    readonly searches: readonly BrowserSearch[];
  };
}

export interface QueryOptions {
  /** Timed edge requests per kind, after `warmups` untimed ones. */
  readonly runs: number;
  readonly warmups: number;
  /** Wall time after which a slow kind gets fewer runs. */
  readonly capMs: number;
  /** The lists asked of the edge; the browser searches the first. */
  readonly lists: readonly string[];
  readonly browser: boolean;
  /** How long the browser may take to show a search's results. */
  readonly timeoutMs: number;
  readonly log: (line: string) => void;
}

export const QUERY_DEFAULTS: QueryOptions = {
  runs: 15,
  warmups: 2,
  capMs: 10_000,
  lists: ["videos", "units"],
  browser: true,
  timeoutMs: 60_000,
  log: () => {},
};

export async function measureQueries(siteDir: string, options: Partial<QueryOptions> = {}): Promise<QueryFigures> {
  const { runs, warmups, capMs, lists, browser, timeoutMs, log } = { ...QUERY_DEFAULTS, ...options };
  const edgeLists: { words: ListWords; requests: EdgeFigure[] }[] = [];
  for (const collection of lists) {
    const words = await pickWords(siteDir, collection);
    log(
      `  ${collection}: common "${words.common.word}" (${words.common.matches}), moderate "${words.moderate.word}" (${words.moderate.matches}), rare "${words.rare.word}" (${words.rare.matches}) of ${words.records}; edge CPU …`,
    );
    edgeLists.push({ words, requests: await measureEdgeUnderDeno(siteDir, requestKinds(words), { runs, warmups, capMs }) });
  }
  log(`  ${edgeLists[0].words.collection}: what the shim downloads for whole answers …`);
  const shim = await measureShimBytes(siteDir, requestKinds(edgeLists[0].words));
  const figures: QueryFigures = { edge: { budgetMs: EDGE_BUDGET_MS, lists: edgeLists }, shim };
  if (!browser) return figures;
  const { collection, common, moderate, rare } = edgeLists[0].words;
  log(`  ${collection}: search in Chromium over ${LINK.mbps} Mbps / ${LINK.latencyMs} ms …`);
  const server = await serveSite(siteDir);
  try {
    const words = [
      { reach: "common", ...common },
      { reach: "moderate", ...moderate },
      { reach: "rare", ...rare },
    ];
    return {
      ...figures,
      browser: { link: LINK, collection, searches: await measureBrowserSearch(server.url, collection, words, { timeoutMs }) },
    };
  } finally {
    await server.close();
  }
}
