/**
 * The two browser engines the HTML view and the mirror are tested in, behind
 * one small page interface: Debian's Chromium through playwright-core, and
 * Debian's Firefox ESR through puppeteer-core over WebDriver BiDi (Playwright
 * drives only its own patched Firefox). Each page records every request it
 * makes and every console error or uncaught exception it meets.
 */
import { expect } from "vitest";
import { launchChromium, responseInPage } from "../../harness/chromium.ts";

export interface TestPage {
  /** Every URL the page asked for, documents and subresources. */
  readonly asked: string[];
  /** Console errors and uncaught exceptions. */
  readonly errors: string[];
  goto(url: string): Promise<void>;
  /** Where the page is, as it says itself (Puppeteer's url() misses Firefox's return to a cached page). */
  address(): Promise<string>;
  click(selector: string): Promise<void>;
  /** Types into the field, as keys. */
  type(selector: string, text: string): Promise<void>;
  press(key: string): Promise<void>;
  /** The back button: returns once the step back is asked (poll for where it lands). */
  goBack(): Promise<void>;
  evaluate<T, A = undefined>(fn: (arg: A) => T, arg?: A): Promise<T>;
  close(): Promise<void>;
}

export interface TestBrowser {
  newPage(): Promise<TestPage>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: string;
  /** Whether the page's requests for file:// URLs are seen (Firefox's WebDriver BiDi reports none). */
  readonly seesFileRequests: boolean;
  launch(): Promise<TestBrowser>;
}

/** The parts both Playwright's and Puppeteer's pages have alike. */
interface DriverPage {
  on(event: "request", listener: (request: { url(): string }) => void): unknown;
  on(event: "console", listener: (message: { type(): string; text(): string }) => void): unknown;
  on(event: "pageerror", listener: (error: Error) => void): unknown;
  goto(url: string): Promise<unknown>;
  click(selector: string): Promise<void>;
  type(selector: string, text: string): Promise<void>;
  keyboard: { press(key: string): Promise<void> };
  evaluate<T, A>(fn: (arg: A) => T, arg?: A): Promise<T>;
  close(): Promise<void>;
}

function testPage(page: DriverPage): TestPage {
  const asked: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => asked.push(request.url()));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return {
    asked,
    errors,
    goto: async (url) => void (await page.goto(url)),
    address: () => page.evaluate(() => location.href),
    click: (selector) => page.click(selector),
    type: (selector, text) => page.type(selector, text),
    press: (key) => page.keyboard.press(key),
    // Puppeteer's goBack waits for a load event that Firefox does not send for a file page restored from its cache.
    // Going back after the script returns: a navigation that ends the page while it runs fails the evaluation.
    goBack: () => page.evaluate(() => void setTimeout(() => history.back())),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    close: () => page.close(),
  };
}

const chromiumEngine: Engine = {
  name: "Chromium",
  seesFileRequests: true,
  async launch() {
    const browser = await launchChromium();
    return { newPage: async () => testPage((await browser.newPage()) as unknown as DriverPage), close: () => browser.close() };
  },
};

const firefoxEngine: Engine = {
  name: "Firefox",
  seesFileRequests: false,
  async launch() {
    const { default: puppeteer } = await import("puppeteer-core");
    const browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: "/usr/bin/firefox-esr",
      headless: true,
      // JSON as the text it is, as Chromium shows it, not Firefox's JSON viewer.
      extraPrefsFirefox: { "devtools.jsonview.enabled": false },
    });
    return { newPage: async () => testPage((await browser.newPage()) as unknown as DriverPage), close: () => browser.close() };
  },
};

export const ENGINES: readonly Engine[] = [chromiumEngine, firefoxEngine];

/** The JSON body an HTML view page shows, without its status and header lines. */
export const answerShown = (page: TestPage): Promise<unknown> => page.evaluate(responseInPage);

/** The page's address and its search form's state (searching, done, error; none before the view starts). */
export const addressAndState = (page: TestPage): Promise<[string, string]> =>
  page.evaluate(() => [location.href, document.querySelector<HTMLElement>("form.search-form")?.dataset.state ?? "none"]);

/** Waits until the page is at `url` with its view's answer shown. */
export async function shownAt(page: TestPage, url: string): Promise<void> {
  await expect.poll(() => addressAndState(page).catch(() => undefined), { timeout: 15_000 }).toEqual([url, "done"]);
}

/** Types a word in the view's search box, once the view shows it, and presses Enter. */
export async function searchFor(page: TestPage, word: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.querySelector<HTMLElement>("form.search-form")?.hidden)).toBe(false);
  await page.type("input[name=search]", word);
  await page.press("Enter");
}

/** Clicks, as a person does, the first visible element matching `selector` whose text is `text`. */
export async function clickText(page: TestPage, selector: string, text: string): Promise<void> {
  const found = await page.evaluate(
    ([selector, text]) => {
      for (const marked of document.querySelectorAll("[data-test-click]")) marked.removeAttribute("data-test-click");
      const element = [...document.querySelectorAll<HTMLElement>(selector)].find(
        (e) => e.textContent?.trim() === text && e.getClientRects().length > 0,
      );
      element?.setAttribute("data-test-click", "");
      return element !== undefined;
    },
    [selector, text],
  );
  expect(found, `a visible ${selector} reading "${text}"`).toBe(true);
  await page.click("[data-test-click]");
}
