/**
 * What searches and choices of fields cost on a built site: the edge
 * function's CPU per request kind on the videos and units lists
 * (edge-cpu.ts), what the browser shim downloads for whole answers
 * (shim-bytes.ts), and search in Chromium on the first list's HTML view
 * (browser-search.ts), with words of known reach (query-words.ts).
 */
import { LINK, measureBrowserSearch, type BrowserSearch } from "./browser-search.ts";
import { measureEdgeUnderDeno, requestKinds, type EdgeFigure, type EdgeRuns } from "./edge-cpu.ts";
import { pickWords, type ListWords } from "./query-words.ts";
import { measureShimBytes, type ShimBytes } from "./shim-bytes.ts";
import { serveSite } from "../../../test/helpers/static-host.ts";

export interface QueryFigures {
  readonly edge: readonly { readonly words: ListWords; readonly requests: readonly EdgeFigure[] }[];
  /** Whole answers in a data format through the browser shim, on the first list. */
  readonly shim: readonly ShimBytes[];
  /** On the first list; absent when the browser was not asked for. */
  readonly browser?: readonly BrowserSearch[];
}

export interface QueryOptions extends EdgeRuns {
  /** The lists asked of the edge; the shim and the browser search the first. */
  readonly lists: readonly string[];
  readonly browser: boolean;
  readonly log: (line: string) => void;
}

const DEFAULTS: QueryOptions = { runs: 15, warmups: 2, lists: ["videos", "units"], browser: true, log: () => {} };

export async function measureQueries(siteDir: string, options: Partial<QueryOptions> = {}): Promise<QueryFigures> {
  const { runs, warmups, lists, browser, log } = { ...DEFAULTS, ...options };
  const edge: QueryFigures["edge"][number][] = [];
  for (const collection of lists) {
    const words = await pickWords(siteDir, collection);
    const { common, moderate, rare } = words;
    log(
      `  ${collection}: common "${common.word}" (${common.matches}), moderate "${moderate.word}" (${moderate.matches}), rare "${rare.word}" (${rare.matches}) of ${words.records}; edge CPU …`,
    );
    edge.push({ words, requests: await measureEdgeUnderDeno(siteDir, requestKinds(words), { runs, warmups }) });
  }
  const { collection, common, moderate, rare } = edge[0].words;
  log(`  ${collection}: what the shim downloads for whole answers …`);
  const figures = { edge, shim: await measureShimBytes(siteDir, requestKinds(edge[0].words)) };
  if (!browser) return figures;
  log(`  ${collection}: search in Chromium over ${LINK.mbps} Mbps / ${LINK.latencyMs} ms …`);
  const server = await serveSite(siteDir);
  try {
    const words = [
      { reach: "common", ...common },
      { reach: "moderate", ...moderate },
      { reach: "rare", ...rare },
    ];
    return { ...figures, browser: await measureBrowserSearch(server.url, collection, words) };
  } finally {
    await server.close();
  }
}
