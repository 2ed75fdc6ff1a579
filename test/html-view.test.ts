/**
 * The HTML view: content escaped, every in-site link relative and landing on a
 * file that exists, format links to the data files (XLIFF named after its
 * resource), the icon on every page, big lists paged; the 404 page, from the
 * edge and as the static 404.html, in Chromium; search, fields, paging and a
 * resource over HTTP in Chromium and Firefox.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTML_PAGE_SIZE } from "../build-scripts/core/formats/pagination.ts";
import { type BuildResult, buildSite, GOLDEN_CONTENT, readOut } from "./helpers/build-site.ts";
import { sharedBuild } from "./helpers/shared-build.ts";
import { launchChromium, shownJson } from "../harness/chromium.ts";
import { answerShown, clickText, ENGINES, searchFor, shownAt, type TestBrowser } from "./helpers/browsers.ts";
import { rawRequest, startLocalServer, type LocalServer } from "./helpers/local-server.ts";
import { serveStatic, type StaticServer } from "../harness/static-server.ts";
import { tempContent, writeRecord } from "./helpers/temp-content.ts";

const VIDEO_UUID = "7b0c8a52-3f4e-4d71-9a6b-1c2d3e4f5a6b";
const VIDEO = `api/videos/${VIDEO_UUID}/index.html`;
const UNKNOWN_UUID = "00000000-0000-4000-8000-00000000dead";
const BIG_LIST = 2 * HTML_PAGE_SIZE + 17;

let golden: BuildResult;
let big: BuildResult;
beforeAll(async () => {
  const content = await tempContent(GOLDEN_CONTENT);
  const video = JSON.parse(await readFile(path.join(content, "videos/edge-cases-video.json"), "utf8"));
  for (let i = 2; i <= BIG_LIST; i++) {
    const uuid = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
    await writeRecord(content, `videos/v${i}.json`, { ...video, uuid, position: i, title: `Video ${i}` });
  }
  [golden, big] = await Promise.all([sharedBuild({ CONTENT_DIR: GOLDEN_CONTENT }), buildSite({ CONTENT_DIR: content })]);
  expect(golden.code, golden.stderr).toBe(0);
  expect(big.code, big.stderr).toBe(0);
});

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((e) => e.endsWith(".html")).map((e) => path.join(dir, e));
}

const hrefs = (html: string) => [...html.matchAll(/<(?:a|link)\b[^>]*\bhref="([^"]*)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));

describe("the HTML view of a resource", () => {
  it("shows the request line, the status and the response headers", async () => {
    const html = await readOut(golden, VIDEO);
    expect(html).toContain("<b>GET</b> /api/videos/7b0c8a52-3f4e-4d71-9a6b-1c2d3e4f5a6b");
    expect(html).toMatch(
      /<b>HTTP 200 OK<\/b>\n<b>Allow:<\/b> GET, HEAD, OPTIONS\n<b>Content-Type:<\/b> application\/json\n<b>Vary:<\/b> Accept/,
    );
  });

  it("escapes everything that came from content", async () => {
    const html = await readOut(golden, VIDEO);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("Kīlauea &lt;Live&gt; &amp; “Lava” 🌋");
    expect(html).toContain("Lee &lt;Crew&gt; &amp; Co");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<Live>");
  });

  it("links URLs: in-site ones relative to the site root (<base>), others absolute", async () => {
    const html = await readOut(golden, VIDEO);
    expect(html).toContain('<base href="../../../">');
    expect(html).toContain(
      '"<a href="api/videos/7b0c8a52-3f4e-4d71-9a6b-1c2d3e4f5a6b/index.html">https://api.example.test/api/videos/7b0c8a52-3f4e-4d71-9a6b-1c2d3e4f5a6b</a>"',
    );
    expect(html).toContain('<a href="https://www.example.test/media/edge-cases-video/" rel="nofollow noopener">');
  });

  it("links the other formats' files directly", async () => {
    const html = await readOut(golden, VIDEO);
    for (const ext of ["json", "xml", "xliff"])
      expect(hrefs(html)).toContain(`api/videos/7b0c8a52-3f4e-4d71-9a6b-1c2d3e4f5a6b/index.${ext}`);
  });
});

describe("the XLIFF link of the HTML view", () => {
  it("downloads the file under the resource's name, not index.xliff: videos-<uuid>.xliff, units.xliff, api.xliff", async () => {
    const downloadOf = async (file: string) =>
      (await readOut(golden, file)).match(/<a class="format" href="[^"]*\.xliff"[^>]* download="([^"]+)">/)?.[1];
    expect(await downloadOf(VIDEO)).toBe(`videos-${VIDEO_UUID}.xliff`);
    expect(await downloadOf("api/units/index.html")).toBe("units.xliff");
    expect(await downloadOf("api/index.html")).toBe("api.xliff");
  });

  it("leaves JSON and XML to be shown by the browser", async () => {
    const html = await readOut(golden, VIDEO);
    expect(html).not.toMatch(/href="[^"]*\.(json|xml)"[^>]* download/);
  });
});

describe("every page of the HTML view", () => {
  it("has only links that are absolute http(s), the page's own address in another format, or land on a file of the site", async () => {
    for (const build of [golden, big]) {
      for (const file of await htmlFiles(build.outDir)) {
        const html = await readFile(file, "utf8");
        const base = html.match(/<base href="([^"]*)">/)?.[1] ?? "./";
        for (const href of hrefs(html)) {
          if (/^https?:\/\//.test(href)) continue;
          // 404.html is served at any address: its format links ask that address (tested below).
          if (href.startsWith("?")) {
            expect(path.relative(build.outDir, file)).toBe("404.html");
            expect(href).toMatch(/^\?format=(json|xml|xliff)$/);
            continue;
          }
          const target = href.startsWith("/")
            ? path.join(build.outDir, href.split("#")[0])
            : path.resolve(path.dirname(file), base, href.split("#")[0]);
          expect(target.startsWith(build.outDir), `${file}: ${href}`).toBe(true);
          await expect(stat(target), `${path.relative(build.outDir, file)} → ${href}`).resolves.toBeTruthy();
        }
      }
    }
  });

  it("has the site's icon, so no browser asks for a missing /favicon.ico", async () => {
    for (const file of await htmlFiles(golden.outDir)) {
      expect(await readFile(file, "utf8"), path.relative(golden.outDir, file)).toMatch(
        /<head>[^]*<link rel="icon" href="\/?assets\/favicon\.svg" type="image\/svg\+xml">[^]*<\/head>/,
      );
    }
  });
});

describe("a list longer than a page", () => {
  it("is paged in the HTML view, with every resource on exactly one page", async () => {
    const pages = Math.ceil(BIG_LIST / HTML_PAGE_SIZE);
    const seen: string[] = [];
    for (let n = 1; n <= pages; n++) {
      const html = await readOut(big, n === 1 ? "api/videos/index.html" : `api/videos/page-${n}.html`);
      expect(html).toContain(`Page ${n} of ${pages}`);
      seen.push(...[...html.matchAll(/<span class="key">"uuid"<\/span>: <span class="str">"([^"]+)"/g)].map((m) => m[1]));
    }
    const list = JSON.parse(await readOut(big, "api/videos/index.json")) as { uuid: string }[];
    expect(list).toHaveLength(BIG_LIST);
    expect(seen).toEqual(list.map((r) => r.uuid));
  });
});

describe("served, in Chromium", () => {
  let local: LocalServer;
  let files: StaticServer;
  let browser: Browser;
  beforeAll(async () => {
    [local, files, browser] = await Promise.all([startLocalServer(golden.outDir), serveStatic(golden.outDir), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await files?.close();
    await local?.stop();
  });

  async function open(url: string): Promise<Page> {
    const page = await browser.newPage();
    page.on("pageerror", (error) => {
      throw error;
    });
    await page.goto(url);
    return page;
  }
  const crumbs = (page: Page) => page.locator(".breadcrumb li").allTextContents();
  const formatHref = (page: Page, name: string) =>
    page.locator("a.format", { hasText: name }).evaluate((a) => (a as HTMLAnchorElement).href);

  it("reads a parameter repeated in the page's address by its last value, as the edge does (the view over plain files)", async () => {
    const expected = (await (await fetch(`${local.url}/api/videos?search=lava&fields=title&format=json`)).json()) as unknown[];
    const page = await open(`${files.url}api/videos/index.html?search=zzqxv&search=lava&fields=uuid&fields=title`);
    await expect.poll(() => page.locator("form.search-form").getAttribute("data-state")).toBe("done");
    expect(await page.getByRole("searchbox").inputValue()).toBe("lava");
    expect(expected.length).toBeGreaterThan(0);
    expect(await shownJson(page)).toEqual(expected);
    await page.close();
  });

  describe("the 404 of an unknown resource, from `npm run serve` (the edge function)", () => {
    const address = `/api/videos/${UNKNOWN_UUID}`;

    it("names the list and the instance in its breadcrumb, as DRF does, and the request line names the address", async () => {
      const page = await open(`${local.url}${address}`);
      expect(await crumbs(page)).toEqual(["Api Root", "Video List", "Video Instance"]);
      expect(await page.locator(".breadcrumb a", { hasText: "Video List" }).getAttribute("href")).toBe("/api/videos/index.html");
      expect(await page.locator("pre.request").textContent()).toBe(`GET ${address}`);
      expect(await page.locator("pre.response .meta b").first().textContent()).toBe("HTTP 404 Not Found");
      await page.close();
    });

    it("has format buttons that give the same 404 in their format, not the API root's files", async () => {
      const page = await open(`${local.url}${address}`);
      for (const [name, type] of [
        ["json", "application/json"],
        ["xml", "application/xml"],
        ["xliff", "application/x-xliff+xml"],
      ]) {
        const href = await formatHref(page, name);
        expect(href).toBe(`${local.url}${address}?format=${name}`);
        const answer = await fetch(href);
        expect(answer.status, href).toBe(404);
        expect(answer.headers.get("content-type")).toBe(`${type}; charset=utf-8`);
        expect(answer.headers.get("content-disposition"), "an error is no file to keep").toBeNull();
        if (name === "json") expect(await answer.json()).toEqual({ detail: "Not found." });
        else await answer.body?.cancel();
      }
      await page.locator("a.format", { hasText: "json" }).click();
      await page.waitForURL(`${local.url}${address}?format=json`);
      expect(JSON.parse((await page.locator("body").textContent())!)).toEqual({ detail: "Not found." });
      await page.close();
    });

    it("asked as a file's own name, links that file in the other formats (whose extension fixes the format)", async () => {
      const page = await open(`${local.url}${address}/index.html`);
      expect(await crumbs(page)).toEqual(["Api Root", "Video List", "Video Instance"]);
      const href = await formatHref(page, "json");
      expect(href).toBe(`${local.url}${address}/index.json`);
      const answer = await fetch(href);
      expect([answer.status, await answer.json()]).toEqual([404, { detail: "Not found." }]);
      await page.close();
    });

    it("of an address naming no view, says only Api Root / Not Found", async () => {
      const page = await open(`${local.url}/api/no-such-collection`);
      expect(await crumbs(page)).toEqual(["Api Root", "Not Found"]);
      expect(await formatHref(page, "json")).toBe(`${local.url}/api/no-such-collection?format=json`);
      await page.close();
    });
  });

  describe("under the site's Content-Security-Policy (no inline script)", () => {
    /** Opens `url`, and gives the policy it was sent with and every violation and console error the page met. */
    async function underPolicy(url: string, act?: (page: Page) => Promise<void>) {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      await page.addInitScript(() =>
        document.addEventListener("securitypolicyviolation", (event) =>
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
        ),
      );
      const response = await page.goto(url);
      await page.waitForLoadState("networkidle");
      await act?.(page);
      await page.close();
      return { policy: response?.headers()["content-security-policy"], problems };
    }

    it.each([
      ["the API root", "/api/"],
      ["a list", "/api/videos"],
      ["a list with a search, answered by the edge", "/api/videos?search=edge"],
      ["a resource", `/api/videos/${VIDEO_UUID}`],
      ["the edge's 404", `/api/videos/${UNKNOWN_UUID}`],
      ["the static 404.html", "/no-such-page"],
    ])("%s runs its scripts with no violation", async (_, address) => {
      const { policy, problems } = await underPolicy(`${local.url}${address}`);
      expect(policy).toMatch(/script-src 'self'/);
      expect(policy).not.toContain("unsafe-inline");
      // 404s are reported as failed loads: nothing else may be.
      expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    });

    it("a list searched in the page: the view script, the search code and the files it reads", async () => {
      const { problems } = await underPolicy(`${local.url}/api/videos`, async (page) => {
        await page.getByRole("searchbox").fill("edge");
        await page.getByRole("searchbox").press("Enter");
        await expect.poll(() => page.locator("form.search-form").getAttribute("data-state")).toBe("done");
        await page.locator(".fields-picker summary").click();
        await page.locator("input[name=fields][value=title]").check();
        await expect.poll(() => page.url()).toContain("fields=title");
        await expect.poll(() => page.locator("form.search-form").getAttribute("data-state")).toBe("done");
      });
      expect(problems).toEqual([]);
    });

    it("the static 404.html names its address from its page script", async () => {
      const page = await open(`${local.url}/no-such-page?x=1`);
      await expect.poll(() => page.locator("pre.request").textContent()).toBe("GET /no-such-page?x=1");
      await page.close();
    });
  });

  describe("the static 404.html, which a plain static host serves for any missing address", () => {
    it("names the address it is served at and links that address in the other formats", async () => {
      const address = `/api/videos/${UNKNOWN_UUID}`;
      const page = await open(`${files.url.slice(0, -1)}${address}`);
      expect(await page.locator("h1").textContent()).toBe("Not Found");
      expect(await page.locator("pre.request").textContent()).toBe(`GET ${address}`);
      expect(await formatHref(page, "xliff")).toBe(`${files.url.slice(0, -1)}${address}?format=xliff`);
      // Its stylesheet and links work however deep the address is.
      expect(await page.locator(".navbar").evaluate((e) => getComputedStyle(e).backgroundColor)).toBe("rgb(44, 44, 44)");
      expect(await page.locator(".navbar a").evaluate((a) => (a as HTMLAnchorElement).href)).toBe(`${files.url}api/index.html`);
      await page.close();
    });
  });

  describe("an XLIFF file", () => {
    it("is downloaded from the HTML view under the resource's name", async () => {
      for (const server of [files.url, `${local.url}/`]) {
        const page = await open(`${server}${VIDEO}`);
        const [download] = await Promise.all([page.waitForEvent("download"), page.locator("a.format", { hasText: "xliff" }).click()]);
        expect(download.suggestedFilename(), server).toBe(`videos-${VIDEO_UUID}.xliff`);
        await page.close();
      }
    });

    it("comes from the edge as an attachment named after its view, asked by format, by Accept or by its file", async () => {
      const named = async (target: string, headers: Record<string, string> = {}) =>
        (await rawRequest(local.port, "GET", target, headers)).headers["content-disposition"];
      expect(await named(`/api/videos/${VIDEO_UUID}?format=xliff`)).toBe(`attachment; filename="videos-${VIDEO_UUID}.xliff"`);
      expect(await named("/api/units", { Accept: "application/x-xliff+xml" })).toBe('attachment; filename="units.xliff"');
      expect(await named("/api/index.xliff")).toBe('attachment; filename="api.xliff"');
      expect(await named(`/api/videos/${VIDEO_UUID}?format=json`)).toBeUndefined();
    });
  });

  describe("the site's icon", () => {
    it("is served as SVG by `npm run serve` (Netlify's engine) and by http-server (the mirror)", async () => {
      for (const url of [`${local.url}/assets/favicon.svg`, `${files.url}assets/favicon.svg`]) {
        const answer = await fetch(url);
        expect(answer.status, url).toBe(200);
        expect(answer.headers.get("content-type"), url).toMatch(/^image\/svg\+xml\b/);
        expect(await answer.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      }
    });

    it("is what Chromium fetches for a page", async () => {
      const page = await browser.newPage();
      const icon = page.waitForResponse((response) => new URL(response.url()).pathname === "/assets/favicon.svg");
      await page.goto(`${files.url}${VIDEO}`);
      const answer = await icon;
      expect([answer.status(), answer.headers()["content-type"]]).toEqual([200, expect.stringMatching(/^image\/svg\+xml\b/)]);
      await page.close();
    });
  });
});

describe("a page of a search that the edge answered (`npm run serve`), in Chromium", () => {
  let local: LocalServer;
  let browser: Browser;
  beforeAll(async () => {
    [local, browser] = await Promise.all([startLocalServer(big.outDir), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await local?.stop();
  });

  it("is left as the edge sent it: no search file is fetched, the status names the total, and clearing the search opens the plain list", async () => {
    const list = JSON.parse(await readOut(big, "api/videos/index.json")) as unknown[];
    const matches = (await (await fetch(`${local.url}/api/videos?search=video&fields=uuid,title&format=json`)).json()) as unknown[];
    const page = await browser.newPage();
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`${local.url}/api/videos?search=video&fields=uuid,title&page=2`);
    await expect.poll(() => page.locator("form.search-form").getAttribute("data-state")).toBe("done");
    expect(matches.length).toBeGreaterThan(2 * HTML_PAGE_SIZE);
    expect(await shownJson(page)).toEqual(matches.slice(HTML_PAGE_SIZE, 2 * HTML_PAGE_SIZE));
    expect(await page.locator(".search-status").textContent()).toBe(`${matches.length} resources`);
    expect(await page.getByRole("searchbox").inputValue()).toBe("video");
    expect(await page.locator("a.format", { hasText: "json" }).getAttribute("href")).toMatch(
      /\/api\/videos\?search=video&fields=uuid,title&format=json$/,
    );
    expect(asked.filter((p) => p.startsWith("/search/"))).toEqual([]);

    await page.getByRole("searchbox").fill("");
    await page.locator(".fields-picker summary").click();
    for (const field of ["uuid", "title"]) await page.locator(`input[name=fields][value=${field}]`).uncheck();
    await expect.poll(() => shownJson(page).catch(() => undefined)).toEqual(list.slice(0, HTML_PAGE_SIZE));
    expect(new URL(page.url()).pathname).toBe("/api/videos/index.html");
    expect(new URL(page.url()).search).toBe("");
    expect(await page.locator(".search-status").textContent()).toBe("");
    await page.close();
  });
});

describe.each(ENGINES)("the HTML view over HTTP, in $name", (engine) => {
  let files: StaticServer;
  let browser: TestBrowser;
  beforeAll(async () => {
    [files, browser] = await Promise.all([serveStatic(big.outDir), engine.launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    await files?.close();
  });

  it("searches, picks fields, pages the answer and opens a resource, asking nothing beyond the site, with a clean console", async () => {
    const list = JSON.parse(await readOut(big, "api/videos/index.json")) as { uuid: string; url: string; title: string }[];
    const origin = files.url.slice(0, -1);
    const page = await browser.newPage();
    await page.goto(`${origin}/api/videos/index.html`);
    await searchFor(page, "video");
    await shownAt(page, `${origin}/api/videos/index.html?search=video`);
    // Every video added to the catalogue is titled "Video n"; the catalogue's own one is not about videos.
    const matches = list.filter((v) => v.title.startsWith("Video "));
    expect(await answerShown(page)).toEqual(matches.slice(0, HTML_PAGE_SIZE));
    expect(await page.evaluate(() => document.querySelector(".search-status")?.textContent)).toBe(`${matches.length} resources`);

    await page.click(".fields-picker summary");
    await page.click('input[name=fields][value="title"]');
    await shownAt(page, `${origin}/api/videos/index.html?search=video&fields=title`);
    await clickText(page, "nav.pagination a", "Next »");
    await shownAt(page, `${origin}/api/videos/index.html?search=video&fields=title&page=2`);
    expect(await answerShown(page)).toEqual(matches.slice(HTML_PAGE_SIZE, 2 * HTML_PAGE_SIZE).map((v) => ({ title: v.title })));
    await page.goBack();
    await shownAt(page, `${origin}/api/videos/index.html?search=video&fields=title`);

    await page.goto(`${origin}/api/videos/page-2.html`);
    const video = list[HTML_PAGE_SIZE];
    await clickText(page, "pre.response a", video.url);
    await expect.poll(() => page.address().catch(() => "")).toBe(`${origin}/api/videos/${video.uuid}/index.html`);
    await expect
      .poll(() => answerShown(page).catch(() => undefined))
      .toEqual(JSON.parse(await readOut(big, `api/videos/${video.uuid}/index.json`)));
    expect(page.asked.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith("data:"))).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
