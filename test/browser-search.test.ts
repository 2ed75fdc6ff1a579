/**
 * The HTML view in real Chromium, on a copy of the site served by http-server
 * (which ignores query strings): the search box and fields picker answer in
 * the page what the JSON would, the URL follows, format links carry the
 * answer, and without JavaScript the page is the plain list.
 * Screenshots go to test-results/browser/.
 */
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../build-scripts/core/catalogue/resource.ts";
import { buildSite, PROJECT_DIR, readJson, type BuildResult } from "./helpers/build-site.ts";
import { launchChromium, shownJson } from "./helpers/chromium.ts";
import { indexedLists, type IndexedList } from "./helpers/memory-index.ts";
import { serveStatic, type StaticServer } from "./helpers/static-server.ts";

const SHOTS = path.join(PROJECT_DIR, "test-results/browser");

let build: BuildResult;
let server: StaticServer;
let browser: Browser;
let videos: IndexedList;

beforeAll(async () => {
  build = await buildSite();
  expect(build.code, build.stderr).toBe(0);
  server = await serveStatic(build.outDir);
  browser = await launchChromium();
  videos = (await indexedLists()).find((l) => l.collection.name === "videos")!;
  await mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (build) await rm(path.dirname(build.outDir), { recursive: true, force: true });
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

  it("shows the full paged list, and no search box, without JavaScript", async () => {
    const page = await newPage(false);
    await page.goto(`${server.url}api/videos/index.html?search=cafe&fields=title`);
    expect(await page.locator("form.search-form").isVisible()).toBe(false);
    expect(await shownJson(page)).toEqual(await readJson(build, "api/videos/index.json"));
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
