/**
 * npm run mirror: the archive, unpacked by unzip and served by http-server (no query
 * strings, no rewrites), is a working copy of the site: every link of the
 * HTML view lands on a file, search and field selection work in Chromium;
 * the published site's root view links the archive.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../build-scripts/core/catalogue/collections.ts";
import { MIRROR_ARCHIVE, READER_ARCHIVE, ZIM_ARCHIVE } from "../build-scripts/core/routes/output-tree.ts";
import { TEST_ENV } from "./helpers/build-site.ts";
import { launchChromium, shownJson } from "../harness/chromium.ts";
import { freePort, startProcess, type Running } from "../harness/processes.ts";
import { PROJECT_DIR, runCli, type CliResult } from "./helpers/run-cli.ts";

/** The archives' time, given as SOURCE_DATE_EPOCH: 2026-01-02 03:04 UTC. */
const MADE = Date.UTC(2026, 0, 2, 3, 4);
let dir: string;
let outDir: string;
let mirrorDir: string;
let made: CliResult;
let server: Running;
let origin: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "catalogue-mirror-"));
  outDir = path.join(dir, "_site");
  made = await runCli("mirror.ts", [], { ...TEST_ENV, OUTPUT_DIR: outDir, SOURCE_DATE_EPOCH: String(MADE / 1000) });
  const unpacked = path.join(dir, "unpacked");
  execFileSync("unzip", ["-q", path.join(outDir, MIRROR_ARCHIVE), "-d", unpacked]);
  mirrorDir = path.join(unpacked, "catalogue-mirror");
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = startProcess(
    path.join(PROJECT_DIR, "node_modules/.bin/http-server"),
    [mirrorDir, "-a", "127.0.0.1", "-p", String(port), "-c-1"],
    { cwd: dir },
  );
  await server.waitFor(/Available on|Hit CTRL-C/);
});

afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Every href of an HTML page, with the address it resolves to (through <base href> if the page has one). */
function links(html: string, pageUrl: string): { href: string; url: URL }[] {
  const base = new URL(html.match(/<base href="([^"]*)"/)?.[1] ?? ".", pageUrl);
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map(([, raw]) => {
    const href = raw.replaceAll("&amp;", "&");
    return { href, url: new URL(href, base) };
  });
}

describe("npm run mirror", () => {
  it("builds the site and writes the archive into it, linked from the API root's HTML view with its size and date", async () => {
    expect(made.code).toBe(0);
    const size = (await stat(path.join(outDir, MIRROR_ARCHIVE))).size;
    expect(made.stdout).toContain(`Wrote ${path.join(outDir, MIRROR_ARCHIVE)}:`);
    const root = await readFile(path.join(outDir, "api/index.html"), "utf8");
    const shown = root.match(
      /<a href="downloads\/catalogue-mirror\.zip" download>catalogue-mirror\.zip<\/a> \(([\d.]+) (kB|MB), made (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC\)/,
    );
    expect(shown).not.toBeNull();
    expect(Number(shown![1])).toBeCloseTo(size / (shown![2] === "MB" ? 1e6 : 1e3), 1);
    expect(shown![3]).toBe("2026-01-02 03:04");
  });

  it("holds a MIRROR-README that says how to open it, dated, as its entries are, by SOURCE_DATE_EPOCH", async () => {
    const readme = await readFile(path.join(mirrorDir, "MIRROR-README"), "utf8");
    expect(readme).toContain("npx http-server catalogue-mirror");
    expect(readme).toContain("Open the address it prints");
    expect(readme).toContain("made 2026-01-02 03:04 UTC");
    const time = execFileSync("zipinfo", ["-T", "-l", path.join(outDir, MIRROR_ARCHIVE), "catalogue-mirror/MIRROR-README"], {
      encoding: "utf8",
    });
    expect(time).toContain("20260102.030400");
  });

  it("served by http-server, every link of the HTML view is relative and lands on a file", async () => {
    const pages = new Set<string>([`${origin}/`, `${origin}/api/index.html`]);
    const queue = [...pages];
    const checked = new Set<string>();
    const broken: string[] = [];
    const formatFiles: string[] = [];
    while (queue.length) {
      const page = queue.shift()!;
      const html = await (await fetch(page)).text();
      for (const { href, url } of links(html, page)) {
        if (url.origin !== origin) {
          expect(href, `a link to this site written as an absolute address on ${page}`).not.toMatch(
            /^https?:\/\/(api|www)\.example\.test\/api\//,
          );
          continue;
        }
        expect(href, `in-site link on ${page}`).not.toMatch(/^(\/|https?:)/);
        expect(url.search, `a query string on ${page}: ${href}`).toBe("");
        const target = url.href.split("#")[0];
        if (checked.has(target)) continue;
        checked.add(target);
        const response = await fetch(target);
        const onDisk = path.join(mirrorDir, decodeURIComponent(url.pathname));
        if (response.status !== 200 || !existsSync(onDisk)) broken.push(`${page} → ${href}`);
        if (/\.(json|xml|xliff)$/.test(url.pathname)) formatFiles.push(url.pathname);
        if (url.pathname.endsWith(".html") && !pages.has(target)) {
          pages.add(target);
          queue.push(target);
        } else {
          await response.body?.cancel();
        }
      }
    }
    expect(broken).toEqual([]);
    // Every resource page of the sample catalogue was reached, and its format links go straight to files.
    for (const c of COLLECTIONS) {
      const list = JSON.parse(await readFile(path.join(mirrorDir, `api/${c.name}/index.json`), "utf8")) as { uuid: string }[];
      for (const { uuid } of list) expect(pages, `${c.name}/${uuid}`).toContain(`${origin}/api/${c.name}/${uuid}/index.html`);
    }
    expect(formatFiles).toContain("/api/videos/index.json");
    expect(formatFiles.some((f) => /^\/api\/units\/[0-9a-f-]{36}\/index\.xliff$/.test(f))).toBe(true);
    // The mirror's own root page does not link the archive it is inside.
    expect(await (await fetch(`${origin}/api/index.html`)).text()).not.toContain("catalogue-mirror.zip");
  });

  it("searches and picks fields in Chromium through the shim, offline", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      page.on("pageerror", (error) => {
        throw error;
      });
      await page.goto(`${origin}/api/videos/index.html`);
      await page.getByRole("searchbox").fill("ocean currents");
      await page.getByRole("searchbox").press("Enter");
      await expect.poll(() => page.locator(".search-status").textContent()).toBe("1 resource");
      await page.getByText("Fields").click();
      await page.getByLabel("title", { exact: true }).check();
      await expect.poll(() => new URL(page.url()).searchParams.get("fields")).toBe("title");
      const shown = (await shownJson(page)) as object[];
      expect(shown).toHaveLength(1);
      expect(Object.keys(shown[0])).toEqual(["title"]);
    } finally {
      await browser.close();
    }
  });

  it("keeps the canonical address in the data's url fields", async () => {
    const videos = (await (await fetch(`${origin}/api/videos/index.json`)).json()) as { url: string }[];
    expect(videos[0].url).toMatch(/^https:\/\/api\.example\.test\/api\/videos\/[0-9a-f-]{36}$/);
    const root = (await (await fetch(`${origin}/api/index.json`)).json()) as Record<string, string>;
    expect(root.videos).toBe("https://api.example.test/api/videos?format=api");
  });
});

describe("npm run mirror past config.mirrorMaxBytes", () => {
  it("writes the reader (and its ZIM file) alone, says so in one line, and the API root links them alone", async () => {
    const capped = await mkdtemp(path.join(tmpdir(), "catalogue-mirror-capped-"));
    try {
      const out = path.join(capped, "_site");
      const result = await runCli("mirror.ts", [], { ...TEST_ENV, OUTPUT_DIR: out, MIRROR_MAX_BYTES: "1000" });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^No full mirror: the site's [\d.]+ [kM]B pass config\.mirrorMaxBytes \(1\.0 kB\)\.$/m);
      expect(existsSync(path.join(out, MIRROR_ARCHIVE))).toBe(false);
      expect(existsSync(path.join(out, READER_ARCHIVE))).toBe(true);
      expect(existsSync(path.join(out, ZIM_ARCHIVE))).toBe(true);
      const root = await readFile(path.join(out, "api/index.html"), "utf8");
      expect(root).toContain('href="downloads/catalogue-reader.zip"');
      expect(root).toContain('href="downloads/catalogue.zim"');
      expect(root).not.toContain("catalogue-mirror.zip");
    } finally {
      await rm(capped, { recursive: true, force: true });
    }
  });
});
