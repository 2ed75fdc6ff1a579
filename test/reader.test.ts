/**
 * The offline reader (downloads/catalogue-reader.zip) opened from its files,
 * as a teacher who unzips it and double-clicks index.html: every page of the
 * pre-rendered HTML view (the full mirror's, in every language's tree) is
 * shown at its reader address with the same markup, links turned into reader
 * addresses; every format link saves the bytes the CDN serves for its address;
 * addresses can be kept and the browser's history moves through views; no
 * request leaves file:// and the console stays clean. The sample's videos are
 * split into bucket folders (docs/serving.md#the-folder-limit), the synthetic
 * catalogue's collections flat.
 */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../build-scripts/core/catalogue/collections.ts";
import { FORMATS } from "../build-scripts/core/formats/formats.ts";
import { bodyBytes, ListBytesAnswers } from "../build-scripts/core/query/answer.ts";
import { resolveApiPath, routeFile } from "../build-scripts/core/routes/api-path.ts";
import { LAYOUT_FILE, MIRROR_ARCHIVE, READER_ARCHIVE } from "../build-scripts/core/routes/output-tree.ts";
import { parseLayout } from "../build-scripts/core/routes/tree-layout.ts";
import { siteTree } from "../build-scripts/core/translations/site-tree.ts";
import { writeSyntheticCatalogue } from "../bench/synthetic/write-catalogue.ts";
import { sizeMix } from "../bench/synthetic/synthetic-catalogue.ts";
import { SPLIT_VIDEOS, TEST_ENV } from "./helpers/build-site.ts";
import { clickText, ENGINES, type TestBrowser, type TestPage } from "./helpers/browsers.ts";
import { launchChromium } from "../harness/chromium.ts";
import { runCli } from "./helpers/run-cli.ts";
import { siteFiles } from "../harness/static-host.ts";
import { tempContent } from "./helpers/temp-content.ts";

interface Unpacked {
  /** The full mirror's folder: the pre-rendered pages and the published files. */
  readonly mirror: string;
  /** The reader's folder, and its page's address. */
  readonly reader: string;
  readonly page: string;
}

const dirs: string[] = [];

/** `npm run mirror` on a content folder; both archives unpacked with unzip. */
async function mirrorOf(content: string, env: Record<string, string> = {}): Promise<Unpacked> {
  const dir = await mkdtemp(path.join(tmpdir(), "catalogue-reader-"));
  dirs.push(dir);
  const outDir = path.join(dir, "_site");
  const made = await runCli("mirror.ts", [], { ...TEST_ENV, ...env, CONTENT_DIR: content, OUTPUT_DIR: outDir });
  expect(made.code, made.stderr).toBe(0);
  const unpacked = path.join(dir, "a folder with spaces");
  await mkdir(unpacked);
  for (const archive of [MIRROR_ARCHIVE, READER_ARCHIVE]) execFileSync("unzip", ["-q", path.join(outDir, archive), "-d", unpacked]);
  const reader = path.join(unpacked, "catalogue-reader");
  return { mirror: path.join(unpacked, "catalogue-mirror"), reader, page: pathToFileURL(path.join(reader, "index.html")).href };
}

/** The sample catalogue with a French translation of one unit's title: a second tree. */
async function sampleContent(): Promise<string> {
  const content = await tempContent("content");
  const cities = JSON.parse(await readFile(path.join(content, "units/cities-cafes-and-culture.json"), "utf8")) as {
    uuid: string;
    title: string;
  };
  const stored = { fields: { "/title": { source: cities.title, target: "Villes, cafés et parcs nationaux" } } };
  await mkdir(path.join(content, "translations/fr/units"), { recursive: true });
  await writeFile(path.join(content, `translations/fr/units/${cities.uuid}.json`), JSON.stringify(stored));
  return content;
}

async function syntheticContent(): Promise<string> {
  const content = await tempContent();
  await writeSyntheticCatalogue(sizeMix(300, 3), content);
  return content;
}

let sample: Unpacked;
let synthetic: Unpacked;

beforeAll(async () => {
  [sample, synthetic] = await Promise.all([mirrorOf(await sampleContent(), SPLIT_VIDEOS), mirrorOf(await syntheticContent())]);
}, 180_000);

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Every page of the HTML view in the mirror (below its root): the root, each list's pages, each resource, in each tree. */
async function htmlPages(mirror: string): Promise<string[]> {
  const files = (await readdir(mirror, { recursive: true })).map((f) => f.split(path.sep).join("/"));
  return files.filter((f) => /^([a-z]{2}\/)?api\/.*\.html$/.test(f)).sort();
}

/**
 * The reader address of a file of the output tree (with its link's query), as
 * docs/mirror.md gives them: a view's page is its API address after `#`
 * (page n of a list `?page=n`), a data format's file the same with `format`;
 * a split collection's bucket folders are no part of the address.
 */
function addressOf(file: string, query = ""): string | undefined {
  const unsplit = file.replace(/^((?:[a-z]{2}\/)?api\/[^/]+\/)(?:[0-9a-f]{2}\/)+/, "$1");
  const match = /^((?:[a-z]{2}\/)?api\/)(.*?)\/?(?:index\.(html|json|xml|xliff)|page-(\d+)\.html)$/.exec(unsplit);
  if (!match) return undefined;
  const [, tree, view, extension, page] = match;
  const params = [query, page && `page=${page}`, extension && extension !== "html" && `format=${extension}`].filter(Boolean).join("&");
  return `#/${tree}${view}${params ? `?${params}` : ""}`;
}

/**
 * In the page: a page's <body> (the document's, or parsed from `html`) as
 * markup with each link (href, form action) as a numbered mark, and the
 * links: a reader address as it is, any other resolved against the page's
 * file and <base>, as its path below the site `root` when it is one. The
 * search form is shown, as the view's script shows it.
 */
function bodyAndLinks({ html, file, root }: { html?: string; file: string; root: string }): { markup: string; links: string[] } {
  const page = html === undefined ? document : new DOMParser().parseFromString(html, "text/html");
  const copy = page.body.cloneNode(true) as HTMLElement;
  const base = new URL(page.querySelector("base")?.getAttribute("href") ?? "", file);
  const links: string[] = [];
  for (const element of copy.querySelectorAll("a[href], form[action]")) {
    const name = element.hasAttribute("href") ? "href" : "action";
    const value = element.getAttribute(name)!;
    const url = new URL(value, base);
    const below = decodeURIComponent(url.pathname.slice(new URL(root).pathname.length)) + url.search;
    links.push(value.startsWith("#") || !url.href.startsWith(root) ? value : below);
    element.setAttribute(name, `@${links.length - 1}@`);
  }
  copy.querySelector("form.search-form")?.removeAttribute("hidden");
  return { markup: `${page.documentElement.lang} ${page.title}\n${copy.innerHTML}`, links };
}

/** The markup with its links put back, each through `map`. */
const withLinks = ({ markup, links }: { markup: string; links: string[] }, map: (link: string) => string) =>
  markup.replace(/@(\d+)@/g, (_, n: string) => map(links[Number(n)]));

/** Goes to a reader address and waits until its view is shown: woken by the reader's data-shown, not by polling. */
async function showAddress(page: TestPage, address: string): Promise<void> {
  await page.evaluate(
    (a) =>
      new Promise<void>((resolve, reject) => {
        const root = document.documentElement;
        if (location.hash === a && root.dataset.shown === a) return resolve();
        const observer = new MutationObserver(() => {
          if (root.dataset.shown !== a) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(root, { attributes: true, attributeFilter: ["data-shown"] });
        setTimeout(() => reject(new Error(`${a} not shown within 10 s (shown: ${root.dataset.shown})`)), 10_000);
        location.hash = a;
      }),
    address,
  );
}

/** Nothing but the reader's own files (and what the page makes itself) was asked for. */
const onlyFiles = (page: TestPage) => expect(page.asked.filter((url) => !/^(file|blob|data):/.test(url))).toEqual([]);

describe.each(ENGINES)("the offline reader, in $name", (engine) => {
  let browser: TestBrowser;
  beforeAll(async () => {
    browser = await engine.launch();
  });
  afterAll(() => browser?.close());

  it.each([
    ["the sample catalogue, with a French tree", () => sample],
    ["a synthetic catalogue", () => synthetic],
  ])(
    "shows every page of the HTML view of %s with the pre-rendered page's markup",
    async (_, which) => {
      const { mirror, reader, page: readerPage } = which();
      const pages = await htmlPages(mirror);
      expect(pages).toContain("api/index.html");
      if (which() === sample) expect(pages).toEqual(expect.arrayContaining(["fr/api/units/index.html", "api/videos/02/page-2.html"]));
      const page = await browser.newPage();
      await page.goto(readerPage);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.shown)).toBe("#/api/");
      const root = `${pathToFileURL(mirror).href}/`;
      for (const file of pages) {
        const address = addressOf(file)!;
        await showAddress(page, address);
        const html = await readFile(path.join(mirror, file), "utf8");
        const expected = await page.evaluate(bodyAndLinks, { html, file: new URL(file, root).href, root });
        const shown = await page.evaluate(bodyAndLinks, { file: readerPage, root: `${pathToFileURL(reader).href}/` });
        expect(
          withLinks(shown, (link) => link),
          file,
        ).toBe(withLinks(expected, (link) => addressOf(...(link.split("?") as [string, string?])) ?? link));
      }
      onlyFiles(page);
      expect(page.errors).toEqual([]);
      await page.close();
    },
    300_000,
  );

  it("opens a kept address as the same view, moves through views with Back and Forward, and keeps links inside", async () => {
    const list = JSON.parse(await readFile(path.join(sample.mirror, "api/videos/index.json"), "utf8")) as { uuid: string; title: string }[];
    const [first] = list;
    const kept = `#/api/videos/${first.uuid}?fields=title`;
    const page = await browser.newPage();
    await page.goto(`${sample.page}${kept}`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.shown)).toBe(kept);
    const shownJson = () => {
      const copy = document.querySelector("pre.response")!.cloneNode(true) as HTMLElement;
      copy.querySelector(".meta")?.remove();
      return JSON.parse(copy.textContent!) as unknown;
    };
    expect(await page.evaluate(shownJson)).toEqual({ title: first.title });
    expect(await page.evaluate(() => document.querySelector("pre.request")?.textContent)).toBe(`GET /api/videos/${first.uuid}`);

    await page.click('nav[aria-label=breadcrumb] a[href="#/api/videos"]');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.shown)).toBe("#/api/videos");
    await page.click('nav.pagination a[rel="next"]');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.shown)).toBe("#/api/videos?page=2");
    expect(await page.address()).toBe(`${sample.page}#/api/videos?page=2`);
    await page.type("input[name=search]", "ocean");
    await page.press("Enter");
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.shown)).toBe("#/api/videos?search=ocean");
    expect(await page.evaluate(() => document.querySelector(".search-status")?.textContent)).toMatch(/^\d+ resources?$/);

    await page.goBack();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.shown)).toBe("#/api/videos?page=2");
    await page.goBack();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.shown)).toBe("#/api/videos");
    await page.goBack();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.shown)).toBe(kept);
    await page.evaluate(() => history.forward());
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.shown)).toBe("#/api/videos");
    // Every link of a view is a reader address, a file of the reader, or outside the site.
    const hrefs = await page.evaluate(() => [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href")!));
    for (const href of hrefs) expect(href).toMatch(/^(#\/|assets\/|openapi\.json$|https:\/\/)/);
    onlyFiles(page);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});

/** The edge's answers over the sample's published files: what the CDN serves. */
const edge = () =>
  new ListBytesAnswers(siteFiles(sample.mirror, { ranges: true }), siteTree({ baseUrl: TEST_ENV.BASE_URL, siteUrl: TEST_ENV.SITE_URL }));

/**
 * In the page: the reader's saves are kept rather than handed to the browser's
 * download manager (Chromium drops some of many downloads asked for in quick
 * succession, which a person never asks for; one real download is checked below).
 * `nextSave` waits for the next one and gives its name and bytes (base64: a
 * number array of a list's bytes is slow to pass out of the page).
 */
function keepSaves(): void {
  const saves: { name: string; href: string }[] = [];
  let wake = () => {};
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    saves.push({ name: this.download, href: this.href });
    wake();
  };
  async function nextSave(): Promise<{ name: string; base64: string }> {
    const deadline = setTimeout(() => wake(), 5_000);
    if (saves.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    clearTimeout(deadline);
    const save = saves.shift();
    if (!save) throw new Error("no save within 5 s of the click");
    const blob = await (await fetch(save.href)).blob();
    const url = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsDataURL(blob);
    });
    return { name: save.name, base64: url.slice(url.indexOf(",") + 1) };
  }
  Object.assign(window, { nextSave });
}

describe.each(ENGINES)("the offline reader's format links, in $name", (engine) => {
  const dataFormats = FORMATS.filter((f) => f.renderer.parts);
  let browser: TestBrowser;
  beforeAll(async () => {
    browser = await engine.launch();
  });
  afterAll(() => browser?.close());

  /** The file a format link of the view at `address` saves: its name and bytes. */
  async function saved(page: TestPage, format: string): Promise<{ name: string; bytes: Buffer }> {
    await clickText(page, "a.format", format);
    const { name, base64 } = await page.evaluate(() =>
      (window as unknown as { nextSave(): Promise<{ name: string; base64: string }> }).nextSave(),
    );
    return { name, bytes: Buffer.from(base64, "base64") };
  }

  it("save, for every collection of the sample, with and without fields and search, the bytes the CDN serves, named as it names them", async () => {
    const page = await browser.newPage();
    await page.goto(sample.page);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.shown)).toBe("#/api/");
    await page.evaluate(keepSaves);
    const answers = edge();
    let compared = 0;
    for (const { name: collection } of COLLECTIONS) {
      const list = JSON.parse(await readFile(path.join(sample.mirror, `api/${collection}/index.json`), "utf8")) as {
        title: string;
        uuid: string;
      }[];
      const word = list[0]?.title.split(/\W+/).find((w) => w.length >= 3) ?? "ocean";
      const lists = ["", "fields=title,uuid", `search=${word}`, `search=${word}&fields=title,uuid`].map((query) => ({
        path: `/api/${collection}`,
        query,
      }));
      const resources = list[0] ? ["", "fields=title"].map((query) => ({ path: `/api/${collection}/${list[0].uuid}`, query })) : [];
      for (const { path: apiPath, query } of [...lists, ...resources]) {
        const address = `#${apiPath}${query ? `?${query}` : ""}`;
        await showAddress(page, address);
        for (const format of dataFormats) {
          const { name, bytes } = await saved(page, format.name);
          const params = new URLSearchParams(query);
          const cdn = await answers.get({
            path: apiPath,
            format: format.name,
            search: params.get("search"),
            fields: params.get("fields"),
          });
          expect(Buffer.from(await bodyBytes(cdn.body)).equals(bytes), `${address} ${format.name}`).toBe(true);
          expect(name).toBe(`${apiPath.split("/").slice(2).join("-")}.${format.extension}`);
          if (query === "") {
            const layout = parseLayout(JSON.parse(await readFile(path.join(sample.mirror, LAYOUT_FILE), "utf8")));
            const published = await readFile(path.join(sample.mirror, routeFile(resolveApiPath(apiPath)!.route, format.extension, layout)));
            expect(published.equals(bytes), `${address} ${format.name}, the published file`).toBe(true);
          }
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(31 * 4 * 3);
    await showAddress(page, "#/api/");
    const root = await saved(page, "json");
    expect(root.bytes.equals(await readFile(path.join(sample.mirror, "api/index.json")))).toBe(true);
    onlyFiles(page);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 300_000);
});

describe("the offline reader's download, in Chromium", () => {
  it("is the browser's own download, under the view's name", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${sample.page}#/api/videos?search=ocean`);
      await page.waitForFunction(() => document.documentElement.dataset.shown === "#/api/videos?search=ocean");
      const [download] = await Promise.all([page.waitForEvent("download"), page.click('a.format:text-is("xml")')]);
      expect(download.suggestedFilename()).toBe("videos.xml");
      const cdn = await edge().get({ path: "/api/videos", format: "xml", search: "ocean" });
      expect((await readFile((await download.path())!)).equals(Buffer.from(await bodyBytes(cdn.body)))).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
