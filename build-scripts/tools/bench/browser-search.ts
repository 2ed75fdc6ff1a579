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
import type { Browser, CDPSession, Page } from "playwright-core";
import type { PickedWord } from "./query-words.ts";
import { launchChromium } from "../../../test/helpers/chromium.ts";

/** The link: DevTools' emulation, per request latency and shared throughput. */
export const LINK = { latencyMs: 60, mbps: 9 };
/** How long the browser may take to show a search's results. */
const TIMEOUT_MS = 60_000;

export interface BrowserStep {
  readonly query: string;
  /** Milliseconds until the results are on screen; null when they were not within the time limit. */
  readonly ms: number | null;
  /** Bytes received over the link (encoded, headers included) until then. */
  readonly bytes: number;
  /** What the page said when it could not search, with the requests that failed on the link. */
  readonly error?: string;
}

export interface BrowserSearch {
  readonly reach: string;
  readonly word: string;
  readonly matches: number;
  /** A new context opens `<list>/index.html?search=<word>`: from navigation start. */
  readonly cold: BrowserStep;
  /** Then, on the same page, `<word> <another word>` typed and submitted. */
  readonly refined: BrowserStep;
  /** Then `<word>` again. */
  readonly repeated: BrowserStep;
}

/** The page clock when the armed search was shown (-1 until then), or what the page said when it failed. */
interface Watch {
  armed: boolean;
  shownAt: number;
  error: string;
}
type WatchedWindow = typeof globalThis & { __benchWatch: Watch };

/** Runs in the page before its scripts: notes the first moment a search is done (or failed) once armed. */
function watchResults(): void {
  const watch: Watch = { armed: true, shownAt: -1, error: "" };
  (globalThis as WatchedWindow).__benchWatch = watch;
  new MutationObserver(() => {
    const form = document.querySelector("form.search-form");
    const state = form?.getAttribute("data-state");
    if (!watch.armed || (state !== "done" && state !== "error")) return;
    watch.armed = false;
    watch.shownAt = performance.now();
    if (state === "error") watch.error = form?.querySelector(".search-status")?.textContent?.trim() || `data-state="error"`;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** Bytes and requests in flight on one page, from DevTools' network events. */
class NetworkCount {
  bytes = 0;
  /** Why requests failed, e.g. "net::ERR_INSUFFICIENT_RESOURCES". */
  readonly failures: string[] = [];
  private inFlight = new Set<string>();
  private lastEvent = Date.now();

  constructor(session: CDPSession) {
    session.on("Network.requestWillBeSent", ({ requestId }) => this.event(requestId, true));
    session.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
      this.bytes += encodedDataLength;
      this.event(requestId, false);
    });
    session.on("Network.loadingFailed", ({ requestId, errorText }) => {
      this.failures.push(errorText);
      this.event(requestId, false);
    });
  }

  private event(requestId: string, sent: boolean): void {
    if (sent) this.inFlight.add(requestId);
    else this.inFlight.delete(requestId);
    this.lastEvent = Date.now();
  }

  /** Until nothing has been in flight for a moment, so one step's downloads do not count in the next. */
  async quiet(limitMs = 15_000): Promise<void> {
    const until = Date.now() + limitMs;
    while (Date.now() < until && (this.inFlight.size > 0 || Date.now() - this.lastEvent < 300)) await new Promise((r) => setTimeout(r, 50));
  }
}

async function openThrottled(browser: Browser): Promise<{ page: Page; network: NetworkCount }> {
  const context = await browser.newContext();
  await context.addInitScript(watchResults);
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  const network = new NetworkCount(session);
  await session.send("Network.enable");
  await session.send("Network.setCacheDisabled", { cacheDisabled: false });
  const throughput = (LINK.mbps * 1e6) / 8;
  await session.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: LINK.latencyMs,
    downloadThroughput: throughput,
    uploadThroughput: throughput,
  });
  return { page, network };
}

/** Waits for the armed watch: the page clock when the results were shown; null past the limit or when the page could not search. */
async function shownAt(page: Page, network: NetworkCount): Promise<{ at: number | null; error?: string }> {
  try {
    await page.waitForFunction(() => (globalThis as WatchedWindow).__benchWatch.shownAt >= 0, undefined, { timeout: TIMEOUT_MS });
  } catch (error) {
    if ((error as Error).name === "TimeoutError") return { at: null };
    throw error;
  }
  const watch = await page.evaluate(() => (globalThis as WatchedWindow).__benchWatch);
  if (!watch.error) return { at: watch.shownAt };
  const failed = network.failures.length
    ? ` (${network.failures.length} requests failed: ${[...new Set(network.failures)].join(", ")})`
    : "";
  return { at: null, error: `${watch.error}${failed}` };
}

/** Types `query` into the page's search box and submits it, as Enter does; the page clock at submission. */
const submit = (page: Page, query: string): Promise<number> =>
  page.evaluate((text) => {
    Object.assign((globalThis as WatchedWindow).__benchWatch, { armed: true, shownAt: -1, error: "" });
    const form = document.querySelector<HTMLFormElement>("form.search-form")!;
    form.querySelector<HTMLInputElement>("input[type=search], input[name=search]")!.value = text;
    const started = performance.now();
    form.requestSubmit();
    return started;
  }, query);

/** `word` cold, then refined by `refinedBy`, then repeated, on one page. */
async function searchWord(browser: Browser, listUrl: string, word: string, refinedBy: string): Promise<BrowserStep[]> {
  const { page, network } = await openThrottled(browser);
  try {
    await page.goto(`${listUrl}?search=${encodeURIComponent(word)}`, { waitUntil: "commit" });
    const first = await shownAt(page, network);
    const steps: BrowserStep[] = [{ query: word, ms: first.at, bytes: network.bytes, error: first.error }];
    for (const query of [`${word} ${refinedBy}`, word]) {
      if (first.at === null) {
        steps.push({ query, ms: null, bytes: 0 });
        continue;
      }
      await network.quiet();
      const before = network.bytes;
      network.failures.length = 0;
      const started = await submit(page, query);
      const shown = await shownAt(page, network);
      steps.push({ query, ms: shown.at === null ? null : shown.at - started, bytes: network.bytes - before, error: shown.error });
    }
    return steps;
  } finally {
    await page.context().close();
  }
}

/**
 * Each word cold, refined and repeated, on `<siteUrl>api/<collection>/index.html`;
 * a word is refined by the next one of `words` (the last by the first).
 */
export async function measureBrowserSearch(
  siteUrl: string,
  collection: string,
  words: readonly (PickedWord & { reach: string })[],
): Promise<BrowserSearch[]> {
  // Playwright gives every launch a new, empty profile (its own --user-data-dir).
  const browser = await launchChromium();
  try {
    const results: BrowserSearch[] = [];
    for (const [i, { reach, word, matches }] of words.entries()) {
      const refinedBy = words[(i + 1) % words.length].word;
      const [cold, refined, repeated] = await searchWord(browser, `${siteUrl}api/${collection}/index.html`, word, refinedBy);
      results.push({ reach, word, matches, cold, refined, repeated });
    }
    return results;
  } finally {
    await browser.close();
  }
}
