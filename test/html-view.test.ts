/**
 * The HTML view: content escaped, every in-site link relative and landing on a
 * file that exists, format links to the data files, big lists paged.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { HTML_PAGE_SIZE } from "../build-scripts/core/formats/html.ts";
import { type BuildResult, buildSite, GOLDEN_CONTENT, readOut } from "./helpers/build-site.ts";
import { tempContent, writeRecord } from "./helpers/temp-content.ts";

const VIDEO = "api/videos/7b0c8a52-3f4e-4d71-9a6b-1c2d3e4f5a6b/index.html";
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
  [golden, big] = await Promise.all([buildSite({ CONTENT_DIR: GOLDEN_CONTENT }), buildSite({ CONTENT_DIR: content })]);
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

describe("every page of the HTML view", () => {
  it("has only links that are absolute http(s) or land on a file of the site", async () => {
    for (const build of [golden, big]) {
      for (const file of await htmlFiles(build.outDir)) {
        const html = await readFile(file, "utf8");
        const base = html.match(/<base href="([^"]*)">/)?.[1] ?? "./";
        for (const href of hrefs(html)) {
          if (/^https?:\/\//.test(href)) continue;
          const from = base.startsWith("/") ? build.outDir : path.dirname(file);
          const target = path.resolve(from, base.replace(/^\//, ""), href.split("#")[0]);
          expect(target.startsWith(build.outDir), `${file}: ${href}`).toBe(true);
          await expect(stat(target), `${path.relative(build.outDir, file)} → ${href}`).resolves.toBeTruthy();
        }
      }
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
