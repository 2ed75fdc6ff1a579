/**
 * The HTML view in real Chromium, on a copy of the site served by http-server
 * (which ignores query strings): the search box and fields picker answer in
 * the page what the JSON would, the URL follows, format links carry the
 * answer, and without JavaScript the page is the plain list.
 * Screenshots go to test-results/browser/.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../build-scripts/core/catalogue/resource.ts";
import { SHIM_FILE } from "../build-scripts/core/routes/output-tree.ts";
import type { request as Request } from "../build-scripts/runtime/browser/shim.ts";
import { PROJECT_DIR, readJson, type BuildResult } from "./helpers/build-site.ts";
import { sharedBuild } from "./helpers/shared-build.ts";
import { launchChromium, shownJson } from "../harness/chromium.ts";
import { drfMatches } from "./helpers/drf-search-filter.ts";
import { indexedLists, type IndexedList } from "./helpers/memory-index.ts";
import { buildPagedSite, MANY_MATCHES } from "./helpers/paged-site.ts";
import { serveStatic, type StaticServer } from "../harness/static-server.ts";
import { HTML_PAGE_SIZE as PAGE } from "../build-scripts/core/formats/pagination.ts";

const SHOTS = path.join(PROJECT_DIR, "test-results/browser");

let build: BuildResult;
let server: StaticServer;
let browser: Browser;
let videos: IndexedList;

beforeAll(async () => {
  build = await sharedBuild();
  expect(build.code, build.stderr).toBe(0);
  server = await serveStatic(build.outDir);
  browser = await launchChromium();
  videos = (await indexedLists()).find((l) => l.collection.name === "videos")!;
  await mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The JSON body the page shows (the response box without its status lines). */
async function newPage(javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw error;
  });
  return page;
}

describe("the list's HTML view in Chromium", () => {
  it("asks at once for the script's chunks, and, with a search in its address, for the search code and the manifest, which the shim then uses", async () => {
    const page = await newPage();
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname.slice(1)));
    await page.goto(`${server.url}api/videos/index.html?search=ocean`);
    await expect.poll(() => page.locator("form.search-form").getAttribute("data-state")).toBe("done");
    const preloaded = await page.locator("link[rel=modulepreload]").evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    const chunks = asked.filter((file) => file.startsWith("assets/catalogue-chunks/"));
    // Every chunk the page loaded was named up front: the script's own and the search code.
    expect(chunks.length).toBeGreaterThan(1);
    expect(new Set(preloaded.map((href) => new URL(href).pathname.slice(1)))).toEqual(new Set(chunks));
    // The manifest was fetched once, by the page's preload, and the shim took that answer.
    expect(asked.filter((file) => file === "search/videos/index.json")).toHaveLength(1);
    const manifest = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .flatMap((e) => (e.name.endsWith("/search/videos/index.json") ? [(e as PerformanceResourceTiming).initiatorType] : [])),
    );
    expect(manifest).toEqual(["link"]);
    await page.context().close();

    // The plain list asks for neither.
    const plain = await newPage();
    const plainAsked: string[] = [];
    plain.on("request", (request) => plainAsked.push(new URL(request.url()).pathname));
    await plain.goto(`${server.url}api/videos/index.html`);
    await plain.waitForLoadState("networkidle");
    expect(plainAsked.filter((file) => file.includes("/search/") || file.includes("find-records"))).toEqual([]);
    await plain.context().close();
  });

  it("reads the typed words' index files ahead, so that Enter waits for the records only", async () => {
    const page = await newPage();
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname.slice(1)));
    await page.goto(`${server.url}api/videos/index.html`);
    await page.waitForLoadState("networkidle");
    const termFiles = () => asked.filter((file) => /^search\/videos\/files\/terms-/.test(file));
    expect(termFiles()).toEqual([]);
    await page.getByRole("searchbox").pressSequentially("ocean currents", { delay: 20 });
    await expect.poll(() => termFiles().length).toBeGreaterThan(0);
    await page.waitForLoadState("networkidle");
    const ahead = termFiles();
    await page.getByRole("searchbox").press("Enter");
    await expect.poll(() => page.locator(".search-status").textContent()).toBe("1 resource");
    expect(termFiles()).toEqual(ahead);
    await page.context().close();
  });

  it("searches as you type a query and press Enter, showing what the JSON holds, and puts it in the URL", async () => {
    const page = await newPage();
    await page.goto(`${server.url}api/videos/index.html`);
    await page.screenshot({ path: path.join(SHOTS, "videos-list.png") });
    await page.getByRole("searchbox").fill("ocean currents");
    await page.getByRole("searchbox").press("Enter");
    await expect.poll(() => page.locator(".search-status").textContent()).toBe("1 resource");
    expect(new URL(page.url()).searchParams.get("search")).toBe("ocean currents");
    const uuids = new Set((await videos.search("ocean currents")).map((r) => r.uuid));
    const expected = (await readJson<JsonObject[]>(build, "api/videos/index.json")).filter((r) => uuids.has(r.uuid));
    expect(await shownJson(page)).toEqual(expected);
    expect(await page.locator("pre.request").textContent()).toBe("GET /api/videos?search=ocean+currents");
    await page.context().close();
  });

  it("finds a word inside a word as DRF's icontains does: ?search=olcan shows the volcano videos", async () => {
    const page = await newPage();
    await page.goto(`${server.url}api/videos/index.html?search=olcan&fields=uuid`);
    const expected = videos.resources.filter((_, i) => drfMatches(videos.texts[i], "olcan")).map((r) => ({ uuid: r.uuid }));
    expect(expected.length).toBeGreaterThan(1);
    await expect.poll(() => shownJson(page)).toEqual(expected);
    await page.context().close();
  });

  it("picks fields, in the resource's order, and keeps them with the search in the URL", async () => {
    const page = await newPage();
    await page.goto(`${server.url}api/videos/index.html?search=volcano`);
    await expect.poll(() => page.locator(".search-status").textContent()).toMatch(/^\d+ resources$/);
    await page.getByText("Fields").click();
    await page.getByLabel("title", { exact: true }).check();
    await page.getByLabel("uuid", { exact: true }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get("fields")).toBe("uuid,title");
    const expected = (await videos.search("volcano")).map((r) => ({ uuid: r.uuid, title: r.title }));
    await expect.poll(() => shownJson(page)).toEqual(expected);
    await page.screenshot({ path: path.join(SHOTS, "videos-search-fields.png"), fullPage: true });
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get("fields")).toBe("title");
    await expect.poll(() => shownJson(page)).toEqual(expected.map(({ title }) => ({ title })));
    await page.context().close();
  });

  it("honours ?search= and ?fields= in its own URL, and a format link opens the same answer in that format", async () => {
    const page = await newPage();
    await page.goto(`${server.url}api/videos/index.html?search=cafe&fields=title`);
    const expected = [{ title: "Café Culture in Vienna" }, { title: "From Farm to Cafe: Following a Coffee Bean" }];
    await expect.poll(() => shownJson(page)).toEqual(expected);
    await page.locator("a.format", { hasText: "json" }).click();
    await page.waitForURL(/^blob:/);
    expect(JSON.parse((await page.locator("body").textContent())!)).toEqual(expected);
    await page.context().close();
  });

  it("shows the plain list's first page, and no search box, without JavaScript", async () => {
    const page = await newPage(false);
    await page.goto(`${server.url}api/videos/index.html?search=cafe&fields=title`);
    expect(await page.locator("form.search-form").isVisible()).toBe(false);
    expect(await shownJson(page)).toEqual((await readJson<JsonObject[]>(build, "api/videos/index.json")).slice(0, PAGE));
    await page.context().close();
  });

  it("keeps content as text: markup in a description is shown, not run", async () => {
    const page = await newPage();
    await page.goto(`${server.url}api/videos/index.html?search=mercator`);
    await expect.poll(() => page.locator(".search-status").textContent()).toBe("1 resource");
    expect(await page.locator("pre.response strong").count()).toBe(0);
    expect(await page.locator("pre.response").textContent()).toContain("<strong>scale</strong>");
    await page.context().close();
  });

  it("renders a resource page (screenshot)", async () => {
    const page = await newPage();
    const [first] = await readJson<JsonObject[]>(build, "api/videos/index.json");
    await page.goto(`${server.url}api/videos/${String(first.uuid)}/index.html`);
    expect(await page.locator("h1").textContent()).toBe("Video Instance");
    await page.screenshot({ path: path.join(SHOTS, "video-instance.png"), fullPage: true });
    await page.context().close();
  });
});

describe("a search of more than one page of resources in Chromium, one page at a time", () => {
  let paged: BuildResult;
  let pagedServer: StaticServer;
  /** The whole answer to the search, as the JSON carries it. */
  let matches: JsonObject[];

  beforeAll(async () => {
    paged = await buildPagedSite();
    expect(paged.code, paged.stderr).toBe(0);
    pagedServer = await serveStatic(paged.outDir);
    // The whole answer, through the site's own shim, without a page.
    const { request } = (await import(pathToFileURL(path.join(paged.outDir, SHIM_FILE)).href)) as { request: typeof Request };
    matches = (await request(pagedServer.url, "/api/videos", { search: MANY_MATCHES })).data as JsonObject[];
  });

  afterAll(async () => {
    await pagedServer?.close();
  });

  const state = (page: Page) => page.locator("form.search-form").evaluate((form: HTMLFormElement) => form.dataset.state);
  const queryPager = (page: Page) => page.getByRole("navigation", { name: "pages of the answer" });
  const listPagers = (page: Page) => page.locator('nav.pagination[aria-label="pages"], nav.pagination[aria-label="pages, below the list"]');
  const params = (page: Page) => new URL(page.url()).searchParams;

  it("shows a page of matches with the total and a pager, pages on with Next and Back, and restores the plain list when cleared", async () => {
    const pages = Math.ceil(matches.length / PAGE);
    expect(matches.length).toBeGreaterThan(PAGE);
    const page = await newPage();
    await page.goto(`${pagedServer.url}api/videos/index.html`);
    expect(await listPagers(page).first().isVisible()).toBe(true);
    await page.getByRole("searchbox").fill(MANY_MATCHES);
    await page.getByRole("searchbox").press("Enter");
    await expect.poll(() => page.locator(".search-status").textContent()).toBe(`${matches.length} resources`);
    expect(await state(page)).toBe("done");
    expect(await shownJson(page)).toEqual(matches.slice(0, PAGE));
    expect(await queryPager(page).isVisible()).toBe(true);
    expect(await queryPager(page).textContent()).toContain(`Page 1 of ${pages}`);
    for (const pager of await listPagers(page).all()) expect(await pager.isVisible()).toBe(false);
    await page.screenshot({ path: path.join(SHOTS, "videos-search-page-1.png") });

    await queryPager(page).getByRole("link", { name: "Next »" }).click();
    await expect.poll(() => params(page).get("page")).toBe("2");
    await expect.poll(() => shownJson(page)).toEqual(matches.slice(PAGE, 2 * PAGE));
    expect(await state(page)).toBe("done");
    expect(new URL(page.url()).pathname).toBe("/api/videos/index.html");
    expect(params(page).get("search")).toBe(MANY_MATCHES);
    expect(await queryPager(page).textContent()).toContain(`Page 2 of ${pages}`);
    expect(await page.locator(".search-status").textContent()).toBe(`${matches.length} resources`);

    await page.goBack();
    await expect.poll(() => params(page).get("page")).toBeNull();
    await expect.poll(() => shownJson(page)).toEqual(matches.slice(0, PAGE));
    expect(await state(page)).toBe("done");
    expect(await queryPager(page).textContent()).toContain(`Page 1 of ${pages}`);

    await page.getByRole("searchbox").fill("");
    await page.getByRole("searchbox").press("Enter");
    await expect.poll(() => queryPager(page).isVisible()).toBe(false);
    expect(await state(page)).toBe("done");
    expect(new URL(page.url()).search).toBe("");
    expect(await listPagers(page).first().isVisible()).toBe(true);
    expect(await page.locator(".search-status").textContent()).toBe("");
    expect(await shownJson(page)).toEqual((await readJson<JsonObject[]>(paged, "api/videos/index.json")).slice(0, PAGE));
    await page.context().close();
  });

  it("restores the plain list when the search box's × clears it, as Enter on the empty box does", async () => {
    const page = await newPage();
    await page.goto(`${pagedServer.url}api/videos/index.html`);
    const box = page.getByRole("searchbox");
    await box.fill(MANY_MATCHES);
    await box.press("Enter");
    await expect.poll(() => page.locator(".search-status").textContent()).toBe(`${matches.length} resources`);
    const pushed = await page.evaluate(() => history.length);
    // What Chromium does when the × is clicked: it empties the box and fires `search` (no `submit`).
    await box.evaluate((input: HTMLInputElement) => {
      input.value = "";
      input.dispatchEvent(new Event("search"));
    });
    await expect.poll(() => queryPager(page).isVisible()).toBe(false);
    expect(await state(page)).toBe("done");
    expect(new URL(page.url()).search).toBe("");
    expect(await page.locator(".search-status").textContent()).toBe("");
    expect(await listPagers(page).first().isVisible()).toBe(true);
    expect(await shownJson(page)).toEqual((await readJson<JsonObject[]>(paged, "api/videos/index.json")).slice(0, PAGE));
    // Enter on the emptied box then asks what is shown: one history entry for the two.
    await box.press("Enter");
    expect(await page.evaluate(() => history.length)).toBe(pushed + 1);
    await page.context().close();
  });

  it("keeps the fields in the URL and the answer from page to page", async () => {
    const page = await newPage();
    await page.goto(`${pagedServer.url}api/videos/index.html?search=${MANY_MATCHES}&fields=uuid,title`);
    const cut = matches.map((r) => ({ uuid: r.uuid, title: r.title }));
    await expect.poll(() => shownJson(page)).toEqual(cut.slice(0, PAGE));
    expect(await state(page)).toBe("done");
    await queryPager(page).getByRole("link", { name: "Next »" }).click();
    await expect.poll(() => params(page).get("page")).toBe("2");
    expect(new URL(page.url()).pathname).toBe("/api/videos/index.html");
    expect(params(page).get("fields")).toBe("uuid,title");
    expect(params(page).get("search")).toBe(MANY_MATCHES);
    await expect.poll(() => shownJson(page)).toEqual(cut.slice(PAGE, 2 * PAGE));
    expect(await state(page)).toBe("done");
    await queryPager(page).getByRole("link", { name: "« Previous" }).click();
    await expect.poll(() => params(page).get("page")).toBe("1");
    expect(params(page).get("fields")).toBe("uuid,title");
    await expect.poll(() => shownJson(page)).toEqual(cut.slice(0, PAGE));
    expect(await state(page)).toBe("done");
    await page.context().close();
  });
});

/** WCAG's contrast ratio of two CSS colours ("rgb(r, g, b)"). */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = css
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe("the list's search form, to see and to use", () => {
  it("draws every control's boundary at 3:1 or more against the page (WCAG 1.4.11)", async () => {
    const page = await newPage();
    await page.goto(`${server.url}api/videos/index.html`);
    await page.locator(".fields-picker summary").click();
    const background = await page.locator("body").evaluate((e) => getComputedStyle(e).backgroundColor);
    for (const control of [page.getByRole("searchbox"), page.getByRole("button", { name: "Search" }), page.locator("a.format").first()]) {
      const border = await control.evaluate((e) => getComputedStyle(e).borderTopColor);
      expect(contrast(border, background), await control.evaluate((e) => e.outerHTML)).toBeGreaterThanOrEqual(3);
    }
    await page.context().close();
  });

  it("shows its label, and the Search button is as tall as the box", async () => {
    const page = await newPage();
    await page.goto(`${server.url}api/videos/index.html`);
    const label = page.getByText("Search video list");
    expect(await label.isVisible()).toBe(true);
    expect(await page.getByLabel("Search video list").getAttribute("type")).toBe("search");
    const box = (await page.getByRole("searchbox").boundingBox())!;
    const button = (await page.getByRole("button", { name: "Search" }).boundingBox())!;
    expect(button.height).toBeCloseTo(box.height, 0);
    expect(button.y).toBeCloseTo(box.y, 0);
    await page.screenshot({ path: path.join(SHOTS, "videos-search-form.png"), clip: { x: 0, y: box.y - 40, width: 1100, height: 120 } });
    await page.context().close();
  });

  it("names the chosen fields in the folded picker's summary, in step with the URL", async () => {
    const summary = (page: Page) => page.locator(".fields-picker summary").textContent();
    const page = await newPage();
    await page.goto(`${server.url}api/videos/index.html?fields=title`);
    await expect.poll(() => summary(page)).toBe("Fields: title");
    await page.locator(".fields-picker summary").click();
    await page.getByLabel("uuid", { exact: true }).check();
    await expect.poll(() => summary(page)).toBe("Fields: uuid, title");
    await page.getByLabel("uuid", { exact: true }).uncheck();
    await page.getByLabel("title", { exact: true }).uncheck();
    await expect.poll(() => summary(page)).toBe("Fields: all");
    await page.goBack();
    await expect.poll(() => summary(page)).toBe("Fields: title");
    await page.context().close();
  });

  it("opened from a file, says that search needs a web server where the form would be", async () => {
    const page = await newPage();
    await page.goto(`file://${build.outDir}/api/videos/index.html`);
    const notice = page.locator(".search-needs-server");
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain("npx http-server");
    expect(await page.locator("form.search-form").isVisible()).toBe(false);
    await page.screenshot({ path: path.join(SHOTS, "videos-list-from-file.png") });
    await page.context().close();
  });

  it("served, says nothing of the kind", async () => {
    const page = await newPage();
    await page.goto(`${server.url}api/videos/index.html`);
    await expect.poll(() => page.locator("form.search-form").isVisible()).toBe(true);
    expect(await page.locator(".search-needs-server").isVisible()).toBe(false);
    await page.context().close();
  });
});
