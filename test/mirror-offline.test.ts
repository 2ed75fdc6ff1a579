/**
 * The offline mirror opened from its files (file://), as a reader who
 * unzips it and double-clicks index.html: in Chromium and in Firefox, search
 * and fields answer from any page of a list as they do over HTTP, reading the same search files (through their
 * script-wrapped copies), pages follow, resources and their JSON open, no
 * request leaves file:// and the console stays clean. The videos are split
 * into bucket folders (docs/serving.md#the-folder-limit), whose pages link
 * from deeper down.
 */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTML_PAGE_SIZE } from "../build-scripts/core/formats/pagination.ts";
import { instanceFile, LAYOUT_FILE, listPageFile, MIRROR_ARCHIVE } from "../build-scripts/core/routes/output-tree.ts";
import { offlineFiles } from "../build-scripts/pipeline/mirror/offline-files.ts";
import type { InMemoryFile } from "../build-scripts/pipeline/mirror/write-archive.ts";
import { scriptWrapped } from "../build-scripts/core/query/script-copies.ts";
import { SPLIT_VIDEOS, TEST_ENV } from "./helpers/build-site.ts";
import { answerShown, clickText, ENGINES, searchFor, shownAt, type TestBrowser, type TestPage } from "./helpers/browsers.ts";
import { runCli } from "./helpers/run-cli.ts";
import { serveStatic, type StaticServer } from "../harness/static-server.ts";

/** A word of the sample catalogue's videos, and how many it finds (checked against the served mirror). */
const WORD = "ocean";

let dir: string;
let mirrorDir: string;
let mirrorUrl: string;
let offline: InMemoryFile[];
let server: StaticServer;
let origin: string;
/** The videos' second page of the HTML view, and a video's file in a format. */
let pageTwo: string;
let videoFile: (uuid: string, extension: string) => string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "catalogue-offline-"));
  const outDir = path.join(dir, "_site");
  const made = await runCli("mirror.ts", [], { ...TEST_ENV, ...SPLIT_VIDEOS, OUTPUT_DIR: outDir });
  expect(made.code, made.stderr).toBe(0);
  const unpacked = path.join(dir, "a folder with spaces");
  await mkdir(unpacked);
  execFileSync("unzip", ["-q", path.join(outDir, MIRROR_ARCHIVE), "-d", unpacked]);
  mirrorDir = path.join(unpacked, "catalogue-mirror");
  mirrorUrl = pathToFileURL(mirrorDir).href;
  const { levels } = JSON.parse(await readFile(path.join(mirrorDir, LAYOUT_FILE), "utf8")) as { levels: { videos: number } };
  expect(levels.videos).toBe(1);
  pageTwo = listPageFile("videos", 2, "html", levels.videos);
  videoFile = (uuid, extension) => instanceFile("videos", uuid, extension, levels.videos);
  offline = [];
  for await (const file of offlineFiles(mirrorDir)) offline.push(file);
  // The archive carries every script-wrapped copy, byte for byte as offlineFiles makes it.
  for (const { name, data } of offline) expect(await readFile(path.join(mirrorDir, name))).toEqual(Buffer.from(data));
  server = await serveStatic(mirrorDir);
  origin = server.url.slice(0, -1);
});

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The search files a page read, below the site root, whether fetched or loaded as their script copies. */
const searchFilesRead = (asked: readonly string[], root: string) =>
  asked.flatMap((url) => (url.startsWith(`${root}/search/`) ? [url.slice(root.length + 1).replace(/\.js$/, "")] : [])).sort();

/** Nothing but the mirror's own files (and what the page makes itself) was asked for. */
const onlyFiles = (page: TestPage) => expect(page.asked.filter((url) => !/^(file|blob|data):/.test(url))).toEqual([]);

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
    expect(offline.map((f) => f.name)).toEqual(expect.arrayContaining(["search/videos/index.json.js", "search/layout.json.js"]));
    expect(
      offline.some((f) => f.name.endsWith(".bin.js")),
      "the entry offsets are the edge's alone",
    ).toBe(false);
  });

  it("escape a backslash, a backquote, `${` and a carriage return, and keep other UTF-8 bytes as they are", () => {
    const text = "a\\b`c${d}$e {f}\r\n é 日本 🦕 $";
    const holder: { currentScript: Record<string, unknown> } = { currentScript: {} };
    new Function("document", new TextDecoder().decode(scriptWrapped(new TextEncoder().encode(text))))(holder);
    expect(holder.currentScript.catalogueFile).toBe(text);
  });
});

describe.each(ENGINES)("the offline mirror opened from its files, in $name", (engine) => {
  let browser: TestBrowser;
  beforeAll(async () => {
    browser = await engine.launch();
  });
  afterAll(() => browser?.close());

  async function openPage(url: string): Promise<TestPage> {
    const page = await browser.newPage();
    await page.goto(url);
    return page;
  }

  it("searches a word: the first page of results, as over HTTP, reading the same files and nothing beyond file://", async () => {
    const served = await openPage(`${origin}/api/videos/index.html`);
    const fromFile = await openPage(`${mirrorUrl}/api/videos/index.html`);
    await searchFor(served, WORD);
    await searchFor(fromFile, WORD);
    await shownAt(served, `${origin}/api/videos/index.html?search=${WORD}`);
    await shownAt(fromFile, `${mirrorUrl}/api/videos/index.html?search=${WORD}`);
    const expected = (await answerShown(served)) as object[];
    expect(expected.length).toBeGreaterThan(0);
    expect(await answerShown(fromFile)).toEqual(expected);
    const status = () => document.querySelector(".search-status")?.textContent;
    expect(await fromFile.evaluate(status)).toBe(await served.evaluate(status));
    expect(await fromFile.evaluate(() => document.querySelector<HTMLElement>(".search-needs-server")?.hidden)).toBe(true);
    expect(searchFilesRead(served.asked, origin)).toContain("search/videos/index.json");
    if (engine.seesFileRequests) expect(searchFilesRead(fromFile.asked, mirrorUrl)).toEqual(searchFilesRead(served.asked, origin));
    onlyFiles(fromFile);
    expect(fromFile.errors).toEqual([]);
    await served.close();
    await fromFile.close();
  });

  it("searches and picks fields from page 2: the answer is shown, and Back returns to page 2", async () => {
    const page = await openPage(`${mirrorUrl}/${pageTwo}`);
    await searchFor(page, WORD);
    await shownAt(page, `${mirrorUrl}/api/videos/index.html?search=${WORD}`);
    expect(((await answerShown(page)) as object[]).length).toBeGreaterThan(0);
    await page.goBack();
    await expect.poll(() => page.address().catch(() => "")).toBe(`${mirrorUrl}/${pageTwo}`);

    await page.click(".fields-picker summary");
    await page.click('input[name=fields][value="title"]');
    await shownAt(page, `${mirrorUrl}/api/videos/index.html?fields=title`);
    const list = JSON.parse(await readFile(path.join(mirrorDir, "api/videos/index.json"), "utf8")) as Record<string, unknown>[];
    expect(await answerShown(page)).toEqual(list.slice(0, HTML_PAGE_SIZE).map((r) => ({ title: r.title })));
    onlyFiles(page);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it("chooses fields and follows the answer's pages, then the plain list's", async () => {
    const page = await openPage(`${mirrorUrl}/api/videos/index.html`);
    const list = JSON.parse(await readFile(path.join(mirrorDir, "api/videos/index.json"), "utf8")) as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(HTML_PAGE_SIZE);
    await page.click(".fields-picker summary");
    await page.click('input[name=fields][value="title"]');
    await page.click('input[name=fields][value="uuid"]');
    await shownAt(page, `${mirrorUrl}/api/videos/index.html?fields=uuid,title`);
    const cut = list.map((r) => ({ uuid: r.uuid, title: r.title }));
    expect(await answerShown(page)).toEqual(cut.slice(0, HTML_PAGE_SIZE));
    await clickText(page, "nav.pagination a", "Next »");
    await shownAt(page, `${mirrorUrl}/api/videos/index.html?fields=uuid,title&page=2`);
    expect(await answerShown(page)).toEqual(cut.slice(HTML_PAGE_SIZE, 2 * HTML_PAGE_SIZE));

    await page.goto(`${mirrorUrl}/api/videos/index.html`);
    await clickText(page, "nav.pagination a", "Next »");
    await expect.poll(() => page.address().catch(() => "")).toBe(`${mirrorUrl}/${pageTwo}`);
    await expect.poll(() => answerShown(page).catch(() => undefined)).toEqual(list.slice(HTML_PAGE_SIZE, 2 * HTML_PAGE_SIZE));
    onlyFiles(page);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it("opens a searched list narrowed by fields in another format, made in the page from the copies of the XML columns", async () => {
    const page = await openPage(`${mirrorUrl}/api/videos/index.html?search=${WORD}&fields=title`);
    await shownAt(page, `${mirrorUrl}/api/videos/index.html?search=${WORD}&fields=title`);
    const titles = ((await answerShown(page)) as { title: string }[]).map((r) => r.title);
    expect(titles.length).toBeGreaterThan(0);
    await clickText(page, "a.format", "xml");
    await expect.poll(() => page.address().catch(() => "")).toMatch(/^blob:/);
    await expect.poll(() => page.evaluate(() => document.documentElement.textContent).catch(() => "")).toContain(titles[0]);
    const xml = await page.evaluate(() => document.documentElement.textContent ?? "");
    for (const title of titles) expect(xml).toContain(title);
    const xmlColumn = /search\/videos\/files\/column-xml-title\.[0-9a-f]+\.txt\.js$/;
    if (engine.seesFileRequests) expect(page.asked.some((url) => xmlColumn.test(url))).toBe(true);
    onlyFiles(page);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it("opens from index.html a list, a resource and the resource's JSON", async () => {
    const page = await openPage(`${mirrorUrl}/index.html`);
    await clickText(page, "a", "videos");
    await expect.poll(() => page.address().catch(() => "")).toBe(`${mirrorUrl}/api/videos/index.html`);
    await expect.poll(() => answerShown(page).catch(() => undefined)).toBeTruthy();
    const [first] = (await answerShown(page)) as { uuid: string; url: string }[];
    await clickText(page, "pre.response a", first.url);
    await expect.poll(() => page.address().catch(() => "")).toBe(`${mirrorUrl}/${videoFile(first.uuid, "html")}`);
    await expect.poll(() => page.evaluate(() => document.querySelector("h1")?.textContent).catch(() => undefined)).toBe("Video Instance");
    await clickText(page, "a.format", "json");
    await expect.poll(() => page.address().catch(() => "")).toBe(`${mirrorUrl}/${videoFile(first.uuid, "json")}`);
    const shown = await page.evaluate(() => document.body.textContent ?? "");
    expect(JSON.parse(shown)).toEqual(JSON.parse(await readFile(path.join(mirrorDir, videoFile(first.uuid, "json")), "utf8")));
    onlyFiles(page);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
