/**
 * Search in a real browser, as a visitor sees it: Chromium over an emulated
 * 9 Mbps / 60 ms link opens a list's HTML view with `?search=<word>` (cold:
 * a new browser context, nothing cached), then on the same page asks a
 * refined query and the first query again (warm). For each: the time until
 * the results are on screen and the bytes transferred until then.
 *
 * "On screen" is read from the page: the search form's `data-state="done"`
 * when the list view sets it, else its status line giving a count of
 * resources; the moment is taken in the page itself.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "playwright-core";
import type { PickedWord } from "./query-words.ts";

/** The link: DevTools' emulation, per request latency and shared throughput. */
export const LINK = { latencyMs: 60, mbps: 9 };

export interface BrowserStep {
  readonly query: string;
  /** Milliseconds until the results are on screen; null when they were not within the time limit. */
  readonly ms: number | null;
  /** Bytes received over the link (encoded, headers included) until then. */
  readonly bytes: number;
  /** The page's search status line at that moment, e.g. "2603 resources". */
  readonly status: string;
  /** What the page said when it could not search, with the first request that failed on the link. */
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

interface Watch {
  armed: boolean;
  shownAt: number;
  status: string;
  error: string;
}
type WatchedWindow = typeof globalThis & { __benchWatch: Watch };

/** Runs in the page before its scripts: notes the first moment a search's results are on screen once armed. */
function watchResults(): void {
  const watch: Watch = { armed: true, shownAt: -1, status: "", error: "" };
  (globalThis as WatchedWindow).__benchWatch = watch;
  new MutationObserver(() => {
    if (!watch.armed) return;
    const form = document.querySelector("form.search-form");
    const status = form?.querySelector(".search-status")?.textContent?.trim() ?? "";
    const state = form?.getAttribute("data-state");
    const failed = state === "error" || status.startsWith("Could not search");
    const shown = state === "done" || (state == null && /^\d[\d,]*\s+resources?\b/.test(status));
    if (!shown && !failed) return;
    watch.armed = false;
    watch.shownAt = performance.now();
    watch.status = status;
    if (failed) watch.error = status || `data-state="${state}"`;
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
    session.on("Network.requestWillBeSent", ({ requestId }) => this.event(() => this.inFlight.add(requestId)));
    session.on("Network.loadingFinished", ({ requestId, encodedDataLength }) =>
      this.event(() => {
        this.bytes += encodedDataLength;
        this.inFlight.delete(requestId);
      }),
    );
    session.on("Network.loadingFailed", ({ requestId, errorText }) =>
      this.event(() => {
        this.failures.push(errorText);
        this.inFlight.delete(requestId);
      }),
    );
  }

  private event(apply: () => void): void {
    apply();
    this.lastEvent = Date.now();
  }

  /** Until nothing has been in flight for a moment, so one step's downloads do not count in the next. */
  async quiet(limitMs = 15_000): Promise<void> {
    const until = Date.now() + limitMs;
    while (Date.now() < until && (this.inFlight.size > 0 || Date.now() - this.lastEvent < 300)) await new Promise((r) => setTimeout(r, 50));
  }
}

async function openThrottled(browser: Browser): Promise<{ context: BrowserContext; page: Page; network: NetworkCount }> {
  const context = await browser.newContext();
  await context.addInitScript(watchResults);
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  const network = new NetworkCount(session);
  await session.send("Network.enable");
  await session.send("Network.setCacheDisabled", { cacheDisabled: false });
  const bytesPerSecond = (LINK.mbps * 1e6) / 8;
  await session.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: LINK.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  return { context, page, network };
}

/**
 * Waits for the armed watch: the moment (page clock) the results were shown; null past the limit, or
 * when the page could not search (then with why, as the page and the link say).
 */
async function shownAt(
  page: Page,
  network: NetworkCount,
  timeoutMs: number,
): Promise<{ at: number | null; status: string; error?: string }> {
  try {
    await page.waitForFunction(() => (globalThis as WatchedWindow).__benchWatch.shownAt >= 0, undefined, { timeout: timeoutMs });
  } catch (error) {
    if ((error as Error).name === "TimeoutError") return { at: null, status: "" };
    throw error;
  }
  const watch = await page.evaluate(() => (globalThis as WatchedWindow).__benchWatch);
  if (!watch.error) return { at: watch.shownAt, status: watch.status };
  const failed =
    network.failures.length > 0 ? ` (${network.failures.length} requests failed: ${[...new Set(network.failures)].join(", ")})` : "";
  return { at: null, status: watch.status, error: `${watch.error}${failed}` };
}

/** Types `query` into the page's search box and submits it, as Enter does; the page clock at submission. */
const submit = (page: Page, query: string): Promise<number> =>
  page.evaluate((text) => {
    const watch = (globalThis as WatchedWindow).__benchWatch;
    Object.assign(watch, { armed: true, shownAt: -1, status: "", error: "" });
    const form = document.querySelector<HTMLFormElement>("form.search-form")!;
    form.querySelector<HTMLInputElement>("input[type=search], input[name=search]")!.value = text;
    const started = performance.now();
    form.requestSubmit();
    return started;
  }, query);

const NOT_MEASURED = (query: string): BrowserStep => ({ query, ms: null, bytes: 0, status: "" });

async function searchWord(
  browser: Browser,
  siteUrl: string,
  collection: string,
  word: string,
  refinedBy: string,
  timeoutMs: number,
): Promise<Omit<BrowserSearch, "reach" | "word" | "matches">> {
  const { context, page, network } = await openThrottled(browser);
  try {
    await page.goto(`${siteUrl}api/${collection}/index.html?search=${encodeURIComponent(word)}`, { waitUntil: "commit" });
    const first = await shownAt(page, network, timeoutMs);
    const cold: BrowserStep = { query: word, ms: first.at, bytes: network.bytes, status: first.status, error: first.error };
    const refinedQuery = `${word} ${refinedBy}`;
    if (first.at === null) return { cold, refined: NOT_MEASURED(refinedQuery), repeated: NOT_MEASURED(word) };
    const warm = async (query: string): Promise<BrowserStep> => {
      await network.quiet();
      const before = network.bytes;
      network.failures.length = 0;
      const started = await submit(page, query);
      const shown = await shownAt(page, network, timeoutMs);
      return {
        query,
        ms: shown.at === null ? null : shown.at - started,
        bytes: network.bytes - before,
        status: shown.status,
        error: shown.error,
      };
    };
    const refined = await warm(refinedQuery);
    const repeated = await warm(word);
    return { cold, refined, repeated };
  } finally {
    await context.close();
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
  { timeoutMs }: { timeoutMs: number },
): Promise<BrowserSearch[]> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    // Playwright gives every launch a new, empty profile (its own --user-data-dir).
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const results: BrowserSearch[] = [];
    for (const [i, { reach, word, matches }] of words.entries()) {
      const refinedBy = words[(i + 1) % words.length].word;
      results.push({ reach, word, matches, ...(await searchWord(browser, siteUrl, collection, word, refinedBy, timeoutMs)) });
    }
    return results;
  } finally {
    await browser.close();
  }
}
