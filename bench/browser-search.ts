/**
 * Search in a real browser, as a visitor sees it: Chromium over an emulated
 * 9 Mbps / 60 ms link opens a list's HTML view with `?search=<word>` (cold:
 * a new browser context, nothing cached), then on the same page asks a
 * refined query and the first query again (warm). For each: the time until
 * the results are on screen and the bytes transferred until then.
 *
 * "On screen" is the search form's `data-state` turning "done" (the list
 * view sets it once it shows the results); the moment is taken in the page itself.
 */
import type { Browser, Page } from "playwright-core";
import { count, markdownTable } from "./markdown-table.ts";
import { formatBytes } from "../build-scripts/pipeline/write/write-stats.ts";
import type { ListWords } from "./query-words.ts";
import { launchChromium } from "../harness/chromium.ts";

/** The link: DevTools' emulation, per request latency and shared throughput. */
export const LINK = { latencyMs: 60, mbps: 9 };
/** How long the browser may take to show a search's results. */
const TIMEOUT_MS = 60_000;

/** The page clock when the search was shown (-1 until then), and what the page said if it could not search. */
type Watch = { shownAt: number; error: string };
type WatchedWindow = typeof globalThis & { __benchWatch: Watch };

/** Runs in the page before its scripts: notes the first moment a search is done (or failed) since the watch was reset. */
function watchResults(): void {
  const watch: Watch = { shownAt: -1, error: "" };
  (globalThis as WatchedWindow).__benchWatch = watch;
  new MutationObserver(() => {
    const form = document.querySelector("form.search-form");
    const state = form?.getAttribute("data-state");
    if (watch.shownAt >= 0 || (state !== "done" && state !== "error")) return;
    watch.shownAt = performance.now();
    if (state === "error") watch.error = form?.querySelector(".search-status")?.textContent?.trim() || `data-state="error"`;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/**
 * A new context's page on the throttled link, and what went over it, from DevTools' network events: the bytes
 * received, why requests failed (e.g. "net::ERR_INSUFFICIENT_RESOURCES"), and `quiet()`, which waits until nothing
 * has been in flight for a moment, so that one step's downloads do not count in the next.
 */
async function openThrottled(browser: Browser) {
  const context = await browser.newContext();
  await context.addInitScript(watchResults);
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  const inFlight = new Set<string>();
  let lastEvent = Date.now();
  const quiet = async () => {
    const until = Date.now() + 15_000;
    while (Date.now() < until && (inFlight.size > 0 || Date.now() - lastEvent < 300)) await new Promise((r) => setTimeout(r, 50));
  };
  const network = { bytes: 0, failures: [] as string[], quiet };
  const seen = (requestId: string, sent: boolean) => {
    if (sent) inFlight.add(requestId);
    else inFlight.delete(requestId);
    lastEvent = Date.now();
  };
  session.on("Network.requestWillBeSent", ({ requestId }) => seen(requestId, true));
  session.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    network.bytes += encodedDataLength;
    seen(requestId, false);
  });
  session.on("Network.loadingFailed", ({ requestId, errorText }) => {
    network.failures.push(errorText);
    seen(requestId, false);
  });
  await session.send("Network.enable");
  await session.send("Network.setCacheDisabled", { cacheDisabled: false });
  const throughput = (LINK.mbps * 1e6) / 8;
  const conditions = { offline: false, latency: LINK.latencyMs, downloadThroughput: throughput, uploadThroughput: throughput };
  await session.send("Network.emulateNetworkConditions", conditions);
  return { page, network };
}

/**
 * One step: `start` (navigating or submitting) gives the page clock it started at; then `query`, the milliseconds
 * until its results were on screen (null when they were not within the time limit), the bytes received over the
 * link meanwhile (encoded, headers included), and what the page said if it could not search, with the requests
 * that failed on the link.
 */
async function step({ page, network }: Awaited<ReturnType<typeof openThrottled>>, query: string, start: () => Promise<number>) {
  const bytesBefore = network.bytes;
  network.failures.length = 0;
  const started = await start();
  const shown = await page
    .waitForFunction(() => (globalThis as WatchedWindow).__benchWatch.shownAt >= 0, undefined, { timeout: TIMEOUT_MS })
    .then(() => page.evaluate(() => (globalThis as WatchedWindow).__benchWatch))
    .catch((error: Error) => {
      if (error.name === "TimeoutError") return undefined;
      throw error;
    });
  const failed = network.failures.length
    ? ` (${network.failures.length} requests failed: ${[...new Set(network.failures)].join(", ")})`
    : "";
  const ms = shown && !shown.error ? shown.shownAt - started : null;
  return { query, ms, bytes: network.bytes - bytesBefore, error: shown?.error ? `${shown.error}${failed}` : undefined };
}

/** Resets the watch, types `query` into the page's search box and submits it, as Enter does; the page clock at submission. */
const submit = (page: Page, query: string): Promise<number> =>
  page.evaluate((text) => {
    Object.assign((globalThis as WatchedWindow).__benchWatch, { shownAt: -1, error: "" });
    const form = document.querySelector<HTMLFormElement>("form.search-form")!;
    form.querySelector<HTMLInputElement>("input[type=search], input[name=search]")!.value = text;
    const started = performance.now();
    form.requestSubmit();
    return started;
  }, query);

/** `word` cold (from navigation start: page clock 0), then refined by `refinedBy`, then repeated, on one page. */
async function searchWord(browser: Browser, listUrl: string, word: string, refinedBy: string) {
  const opened = await openThrottled(browser);
  const { page, network } = opened;
  try {
    const cold = await step(opened, word, () =>
      page.goto(`${listUrl}?search=${encodeURIComponent(word)}`, { waitUntil: "commit" }).then(() => 0),
    );
    const warm = async (query: string) => {
      if (cold.ms === null) return { query, ms: null, bytes: 0, error: undefined };
      await network.quiet();
      return step(opened, query, () => submit(page, query));
    };
    return { cold, refined: await warm(`${word} ${refinedBy}`), repeated: await warm(word) };
  } finally {
    await page.context().close();
  }
}

/** The common, moderate and rare word each cold, refined by the next word (the rare by the common) and repeated, on the list's HTML view. */
export async function measureBrowserSearch(siteUrl: string, words: ListWords) {
  // Playwright gives every launch a new, empty profile (its own --user-data-dir).
  const browser = await launchChromium();
  try {
    const listUrl = `${siteUrl}api/${words.collection}/index.html`;
    const reaches = ["common", "moderate", "rare"] as const;
    const searches = [];
    for (const [i, reach] of reaches.entries()) {
      const { word, matches } = words[reach];
      const steps = await searchWord(browser, listUrl, word, words[reaches[(i + 1) % reaches.length]].word);
      searches.push({ reach, word, matches, ...steps });
    }
    return searches;
  } finally {
    await browser.close();
  }
}

type BrowserStep = Awaited<ReturnType<typeof step>>;

function stepCell(step: BrowserStep): string {
  if (step.error) return `failed after ${formatBytes(step.bytes)}: ${step.error}`;
  if (step.ms === null) return step.bytes > 0 ? `not shown, ${formatBytes(step.bytes)}` : "–";
  const time = step.ms < 1000 ? `${step.ms.toFixed(0)} ms` : `${(step.ms / 1000).toFixed(1)} s`;
  return `${time}, ${formatBytes(step.bytes)}`;
}

/** Absent when no size searched in the browser. */
export function browserTable(
  collection: string,
  sizes: readonly { resources: number; browser?: Awaited<ReturnType<typeof measureBrowserSearch>> }[],
): string[] {
  const rows = sizes.flatMap(({ resources, browser }) =>
    (browser ?? []).map((r) => [
      count(resources),
      `${r.reach} "${r.word}"`,
      count(r.matches),
      stepCell(r.cold),
      `"${r.refined.query}": ${stepCell(r.refined)}`,
      stepCell(r.repeated),
    ]),
  );
  if (rows.length === 0) return [];
  const caption = `Search in Chromium on the ${collection} list's HTML view over ${LINK.mbps} Mbps / ${LINK.latencyMs} ms: time until the results are
on screen, bytes transferred until then (cold: a new context opens ?search=<word>; then on the same page a refined query
and the word again). Goals: a common word cold ≤ 1.0 s and ≤ 200 kB; refined or repeated ≤ 100 ms. Pagefind 1.6
(9,000 videos, the same link): its first 10 results after 0.8 s and 170 kB.`;
  return [markdownTable(caption, [["site", "word", "found", "cold", "refined", "repeated"], ...rows])];
}
