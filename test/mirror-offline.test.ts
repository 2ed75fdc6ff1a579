/**
 * The offline mirror opened from its files (file://), as a reader who
 * unzips it and double-clicks index.html: in Chromium, search and fields
 * answer as they do over HTTP, reading the same search files (through their
 * script-wrapped copies), pages follow, resources and their JSON open, no
 * request leaves file:// and the console stays clean.
 */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTML_PAGE_SIZE } from "../build-scripts/core/formats/pagination.ts";
import { MIRROR_ARCHIVE } from "../build-scripts/core/routes/output-tree.ts";
import { offlineFiles, type OfflineFile } from "../build-scripts/pipeline/mirror/offline-files.ts";
import { TEST_ENV } from "./helpers/build-site.ts";
import { launchChromium, shownJson } from "./helpers/chromium.ts";
import { runCli } from "./helpers/run-cli.ts";
import { serveStatic, type StaticServer } from "./helpers/static-server.ts";

/** A word of the sample catalogue's videos, and how many it finds (checked against the served mirror). */
const WORD = "ocean";

let dir: string;
let mirrorDir: string;
let mirrorUrl: string;
let offline: OfflineFile[];
let server: StaticServer;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "catalogue-offline-"));
  const outDir = path.join(dir, "_site");
  const made = await runCli("mirror.ts", [], { ...TEST_ENV, OUTPUT_DIR: outDir });
  expect(made.code, made.stderr).toBe(0);
  const unpacked = path.join(dir, "a folder with spaces");
  await mkdir(unpacked);
  execFileSync("unzip", ["-q", path.join(outDir, MIRROR_ARCHIVE), "-d", unpacked]);
  mirrorDir = path.join(unpacked, "catalogue-mirror");
  mirrorUrl = pathToFileURL(mirrorDir).href;
  offline = [];
  for await (const file of offlineFiles(mirrorDir)) offline.push(file);
  // The archive carries every script-wrapped copy, byte for byte as offlineFiles makes it.
  for (const { name, data } of offline) expect(await readFile(path.join(mirrorDir, name))).toEqual(Buffer.from(data));
  server = await serveStatic(mirrorDir);
  origin = server.url.slice(0, -1);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A page, with every request it makes and every console error it meets. */
async function openPage(url: string): Promise<{ page: Page; asked: string[]; errors: string[] }> {
  const page = await browser.newPage();
  const asked: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => asked.push(request.url()));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(url);
  return { page, asked, errors };
}

const state = (page: Page) => page.locator("form.search-form").getAttribute("data-state");

/** The search files a page read, below the site root, whether fetched or loaded as their script copies. */
const searchFilesRead = (asked: readonly string[], root: string) =>
  asked.flatMap((url) => (url.startsWith(`${root}/search/`) ? [url.slice(root.length + 1).replace(/\.js$/, "")] : [])).sort();

describe("the offline mirror's MIRROR-README", () => {
  it("leads with opening index.html from the files, and keeps serving over HTTP as the alternative", async () => {
    const readme = await readFile(path.join(mirrorDir, "MIRROR-README"), "utf8");
    const opened = readme.indexOf("Open catalogue-mirror/index.html");
    expect(opened).toBeGreaterThan(0);
    expect(readme.indexOf("npx http-server catalogue-mirror")).toBeGreaterThan(opened);
    expect(readme).toContain("python3 -m http.server --directory catalogue-mirror");
  });
});

describe("the offline mirror's script copies", () => {
  it("hold, for every search file the view reads, its exact text", async () => {
    expect(offline.length).toBeGreaterThan(0);
    for (const { name, data } of offline) {
      const holder: { currentScript: Record<string, unknown> } = { currentScript: {} };
      new Function("document", new TextDecoder().decode(data))(holder);
      const original = await readFile(path.join(mirrorDir, name.replace(/\.js$/, "")), "utf8");
      expect(holder.currentScript.catalogueFile, name).toBe(original);
    }
    expect(offline.map((f) => f.name)).toContain("search/videos/index.json.js");
    expect(
      offline.some((f) => f.name.endsWith(".bin.js")),
      "the entry offsets are the edge's alone",
    ).toBe(false);
  });
});

describe("the offline mirror opened from its files, in Chromium", () => {
  it("searches a word: the first page of results, as over HTTP, reading the same files and nothing beyond file://", async () => {
    const served = await openPage(`${origin}/api/videos/index.html`);
    const fromFile = await openPage(`${mirrorUrl}/api/videos/index.html`);
    for (const { page } of [served, fromFile]) {
      await expect.poll(() => page.getByRole("searchbox").isVisible()).toBe(true);
      await page.getByRole("searchbox").fill(WORD);
      await page.getByRole("searchbox").press("Enter");
      await expect.poll(() => state(page)).toBe("done");
    }
    const expected = (await shownJson(served.page)) as object[];
    expect(expected.length).toBeGreaterThan(0);
    expect(await shownJson(fromFile.page)).toEqual(expected);
    expect(await fromFile.page.locator(".search-status").textContent()).toBe(await served.page.locator(".search-status").textContent());
    expect(await fromFile.page.locator(".search-needs-server").isVisible()).toBe(false);
    expect(searchFilesRead(served.asked, origin)).toContain("search/videos/index.json");
    expect(searchFilesRead(fromFile.asked, mirrorUrl)).toEqual(searchFilesRead(served.asked, origin));
    expect(fromFile.asked.filter((url) => !url.startsWith("file:"))).toEqual([]);
    expect(fromFile.errors).toEqual([]);
    await served.page.close();
    await fromFile.page.close();
  });

  it("chooses fields and follows the answer's pages, then the plain list's", async () => {
    const { page, asked, errors } = await openPage(`${mirrorUrl}/api/videos/index.html`);
    const list = JSON.parse(await readFile(path.join(mirrorDir, "api/videos/index.json"), "utf8")) as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(HTML_PAGE_SIZE);
    await page.locator(".fields-picker summary").click();
    await page.getByLabel("title", { exact: true }).check();
    await page.getByLabel("uuid", { exact: true }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get("fields")).toBe("uuid,title");
    await expect.poll(() => state(page)).toBe("done");
    const cut = list.map((r) => ({ uuid: r.uuid, title: r.title }));
    expect(await shownJson(page)).toEqual(cut.slice(0, HTML_PAGE_SIZE));
    await page.locator("nav.pagination:visible").getByRole("link", { name: "Next »" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
    await expect.poll(() => shownJson(page)).toEqual(cut.slice(HTML_PAGE_SIZE, 2 * HTML_PAGE_SIZE));

    await page.goto(`${mirrorUrl}/api/videos/index.html`);
    await page.locator("nav.pagination").first().getByRole("link", { name: "Next »" }).click();
    await page.waitForURL(`${mirrorUrl}/api/videos/page-2.html`);
    expect(await shownJson(page)).toEqual(list.slice(HTML_PAGE_SIZE, 2 * HTML_PAGE_SIZE));
    expect(asked.filter((url) => !url.startsWith("file:"))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("opens a searched list narrowed by fields in another format, made in the page from the copies of the XML columns", async () => {
    const { page, asked, errors } = await openPage(`${mirrorUrl}/api/videos/index.html?search=${WORD}&fields=title`);
    await expect.poll(() => state(page)).toBe("done");
    const titles = ((await shownJson(page)) as { title: string }[]).map((r) => r.title);
    expect(titles.length).toBeGreaterThan(0);
    await page.locator("a.format", { hasText: "xml" }).click();
    await page.waitForURL(/^blob:/);
    const xml = (await page.locator("body").textContent()) ?? "";
    for (const title of titles) expect(xml).toContain(title);
    expect(asked.some((url) => /search\/videos\/files\/column-xml-title\.[0-9a-f]+\.txt\.js$/.test(url))).toBe(true);
    expect(asked.filter((url) => !/^(file|blob):/.test(url))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("opens from index.html a list, a resource and the resource's JSON", async () => {
    const { page, asked, errors } = await openPage(`${mirrorUrl}/index.html`);
    await page.getByRole("link", { name: "videos" }).click();
    await page.waitForURL(`${mirrorUrl}/api/videos/index.html`);
    const first = ((await shownJson(page)) as { uuid: string; url: string }[])[0];
    await page.locator("pre.response a", { hasText: first.url }).first().click();
    await page.waitForURL(`${mirrorUrl}/api/videos/${first.uuid}/index.html`);
    expect(await page.locator("h1").textContent()).toBe("Video Instance");
    await page.locator("a.format", { hasText: "json" }).click();
    await page.waitForURL(`${mirrorUrl}/api/videos/${first.uuid}/index.json`);
    expect(JSON.parse((await page.locator("body").textContent())!)).toEqual(
      JSON.parse(await readFile(path.join(mirrorDir, `api/videos/${first.uuid}/index.json`), "utf8")),
    );
    expect(asked.filter((url) => !url.startsWith("file:"))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
