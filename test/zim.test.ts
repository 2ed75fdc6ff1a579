/**
 * The catalogue as a ZIM file (downloads/catalogue.zim), checked by Kiwix's
 * own tools from Debian: zimcheck with all its checks finds no error and no
 * warning; zimdump finds every file of the reader archive with the same bytes
 * and its media type, and nothing else but a titled page per resource;
 * kiwix-serve serves it, shows its metadata and illustration in its library,
 * its suggestions find a record by its title's first word, and in Chromium through it the reader works as from its files (a
 * resource Kiwix found, the videos list, a search, `fields`, another format,
 * Back and Forward), asking nothing of any other server. The writer copies,
 * without reading their blobs, the clusters a file it writes over already holds.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { lookup } from "mime-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READER_ARCHIVE, ZIM_ARCHIVE } from "../build-scripts/core/routes/output-tree.ts";
import { ZimWriter } from "../build-scripts/pipeline/zim/zim-writer.ts";
import { TEST_ENV } from "./helpers/build-site.ts";
import { launchChromium } from "../harness/chromium.ts";
import { freePort, startProcess, type Running } from "../harness/processes.ts";
import { runCli } from "./helpers/run-cli.ts";

let dir: string;
let outDir: string;
let zim: string;
/** The reader archive unpacked: its files, below its folder. */
let reader: string;
let readerFiles: string[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "catalogue-zim-"));
  outDir = path.join(dir, "_site");
  const made = await runCli("mirror.ts", [], { ...TEST_ENV, OUTPUT_DIR: outDir, SOURCE_DATE_EPOCH: "1767323040" });
  expect(made.code, made.stderr).toBe(0);
  expect(made.stdout).toMatch(/Wrote .*catalogue\.zim: \d+ files, /);
  zim = path.join(outDir, ZIM_ARCHIVE);
  execFileSync("unzip", ["-q", path.join(outDir, READER_ARCHIVE), "-d", dir]);
  reader = path.join(dir, "catalogue-reader");
  readerFiles = (await readdir(reader, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => path.relative(reader, path.join(d.parentPath, d.name)).split(path.sep).join("/"));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

/** zimcheck's report: its exit status and printed lines. */
function zimcheck(file: string, checks = ["-A"]): { status: number; lines: string[] } {
  try {
    return { status: 0, lines: execFileSync("zimcheck", [...checks, file], { encoding: "utf8" }).split("\n") };
  } catch (error) {
    const e = error as { status: number; stdout: string };
    return { status: e.status, lines: e.stdout.split("\n") };
  }
}

/** zimdump's list: each content entry's path, title, type, MIME type. */
function listed(file: string): { path: string; title: string; type: string; mime?: string }[] {
  const text = execFileSync("zimdump", ["list", "--details", file], { encoding: "utf8", maxBuffer: 2 ** 26 });
  return text
    .split(/^path: /m)
    .slice(1)
    .map((block) => {
      const field = (name: string) => new RegExp(`^\\* ${name}:\\s+(.*)$`, "m").exec(block)?.[1];
      return { path: block.slice(0, block.indexOf("\n")), title: field("title")!, type: field("type")!, mime: field("mime-type") };
    });
}

describe("the catalogue's ZIM file", () => {
  it("passes zimcheck's checks, all of them, with no error and no warning", () => {
    const { status, lines } = zimcheck(zim);
    expect(status, lines.join("\n")).toBe(0);
    expect(lines.filter((line) => /\[(ERROR|WARNING)\]/.test(line))).toEqual([]);
    expect(lines).toContain("[INFO] Overall Test Status: Pass");
  });

  it("is offered by the API root's HTML view with its size, after the reader and before the full mirror", async () => {
    const root = await readFile(path.join(outDir, "api/index.html"), "utf8");
    const order = [...root.matchAll(/<a href="downloads\/([^"]+)" download>/g)].map(([, name]) => name);
    expect(order).toEqual(["catalogue-reader.zip", "catalogue.zim", "catalogue-mirror.zip"]);
    const shown = /for Kiwix: <a href="downloads\/catalogue\.zim" download>catalogue\.zim<\/a> \(([\d.]+) kB, /.exec(root);
    expect(Number(shown?.[1])).toBeCloseTo((await stat(zim)).size / 1e3, 1);
  });

  it("holds every file of the reader archive with its bytes and media type, and a titled page per resource", async () => {
    const entries = listed(zim);
    const dump = path.join(dir, "dump");
    // Redirects (a file whose bytes another has) as links to their target, which read as its bytes.
    execFileSync("zimdump", ["dump", `--dir=${dump}`, "--redirect", "--ns=C", zim]);
    for (const file of readerFiles) {
      const entry = entries.find((e) => e.path === file);
      expect(entry, file).toBeDefined();
      expect((await readFile(path.join(dump, file))).equals(await readFile(path.join(reader, file))), file).toBe(true);
      if (entry!.type === "item") expect(entry!.mime, file).toBe(lookup(file));
    }
    const videos = JSON.parse(await readFile(path.join(outDir, "api/videos/index.json"), "utf8")) as { uuid: string; title: string }[];
    for (const { uuid, title } of videos) {
      expect(entries.find((e) => e.path === `api/videos/${uuid}`)).toMatchObject({ title, type: "item", mime: "text/html" });
    }
    const others = entries.filter((e) => !readerFiles.includes(e.path) && !/^api\/[a-z-]+\/[0-9a-f-]{36}$/.test(e.path));
    expect(others).toEqual([]);
    const main = execFileSync("zimdump", ["info", zim], { encoding: "utf8" });
    expect(main).toMatch(/^main page: index\.html$/m);
  });

  describe("through kiwix-serve", () => {
    let server: Running;
    let origin: string;
    beforeAll(async () => {
      const port = await freePort();
      server = startProcess("kiwix-serve", ["--address=127.0.0.1", `--port=${port}`, zim], { cwd: dir });
      origin = `http://127.0.0.1:${port}`;
      await server.waitFor(/The Kiwix server is running/);
    });
    afterAll(() => server?.stop());

    it("shows the catalogue in Kiwix's library with its metadata and its 48-pixel illustration", async () => {
      const feed = await (await fetch(`${origin}/catalog/v2/entries`)).text();
      const library = feed.slice(feed.indexOf("<entry>"));
      const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(library)?.[1];
      expect(field("title")).toBe("Catalogue API");
      expect(field("language")).toBe("eng");
      expect(field("name")).toBe("www.example.test_en_catalogue");
      expect(field("flavour")).toBe("reader");
      expect(field("summary")!.length).toBeLessThanOrEqual(80);
      expect(library).toContain("<author>\n      <name>www.example.test</name>");
      expect(field("dc:issued")).toBe("2026-01-02T00:00:00Z");
      // Kiwix counts the HTML entries as articles: the reader's page and one per resource of the source language.
      const resources = JSON.parse(await readFile(path.join(outDir, "api/index.json"), "utf8")) as Record<string, string>;
      let count = 1;
      for (const collection of Object.keys(resources)) {
        const list = JSON.parse(await readFile(path.join(outDir, `api/${collection}/index.json`), "utf8")) as unknown[];
        count += list.length;
      }
      expect(Number(field("articleCount"))).toBe(count);
      const png = Buffer.from(await (await fetch(`${origin}/catalog/v2/illustration/catalogue/?size=48`)).arrayBuffer());
      expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([48, 48]);
    });

    it("suggests a record by the first word of its title, and its page opens the record in the reader", async () => {
      const videos = JSON.parse(await readFile(path.join(outDir, "api/videos/index.json"), "utf8")) as { uuid: string; title: string }[];
      const record = videos.find((v) => /^\p{L}{4,} /u.test(v.title))!;
      const word = record.title.split(" ")[0];
      const suggested = (await (await fetch(`${origin}/suggest?content=catalogue&term=${encodeURIComponent(word)}`)).json()) as {
        label: string;
        path?: string;
      }[];
      expect(suggested).toContainEqual(expect.objectContaining({ label: record.title, path: `api/videos/${record.uuid}` }));

      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        const asked: string[] = [];
        const errors: string[] = [];
        page.on("request", (request) => asked.push(request.url()));
        page.on("pageerror", (error) => errors.push(error.message));
        page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
        const shown = () => page.evaluate(() => document.documentElement.dataset.shown);
        const answer = () =>
          page.evaluate(() => {
            const copy = document.querySelector("pre.response")!.cloneNode(true) as HTMLElement;
            copy.querySelector(".meta")?.remove();
            return JSON.parse(copy.textContent!) as { title?: string };
          });

        // The page Kiwix's suggestion links, which gives way to the record's view in the reader.
        await page.goto(`${origin}/catalogue/api/videos/${record.uuid}`);
        await expect.poll(shown).toBe(`#/api/videos/${record.uuid}`);
        expect(page.url()).toBe(`${origin}/catalogue/index.html#/api/videos/${record.uuid}`);
        expect((await answer()).title).toBe(record.title);

        await page.click('nav[aria-label=breadcrumb] a[href="#/api/videos"]');
        await expect.poll(shown).toBe("#/api/videos");
        await page.type("input[name=search]", "ocean");
        await page.keyboard.press("Enter");
        await expect.poll(shown).toBe("#/api/videos?search=ocean");
        expect(await page.evaluate(() => document.querySelector(".search-status")?.textContent)).toMatch(/^\d+ resources?$/);
        const fields = `#/api/videos/${record.uuid}?fields=title`;
        await page.evaluate((address) => (location.hash = address), fields);
        await expect.poll(shown).toBe(fields);
        expect(await answer()).toEqual({ title: record.title });
        const [download] = await Promise.all([page.waitForEvent("download"), page.click('a.format:text-is("xml")')]);
        expect(download.suggestedFilename()).toBe(`videos-${record.uuid}.xml`);
        expect((await readFile((await download.path())!, "utf8")).startsWith("<?xml")).toBe(true);

        await page.goBack();
        await expect.poll(shown).toBe("#/api/videos?search=ocean");
        await page.goBack();
        await expect.poll(shown).toBe("#/api/videos");
        await page.goBack();
        await expect.poll(shown).toBe(`#/api/videos/${record.uuid}`);
        await page.goForward();
        await expect.poll(shown).toBe("#/api/videos");
        expect(asked.filter((url) => !url.startsWith(`${origin}/`) && !/^(blob|data):/.test(url))).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  });
});

describe("the ZIM writer over its previous file", () => {
  /** A blob of text of its own: `n` varies its bytes. */
  const blob = (n: number) =>
    Buffer.from(Array.from({ length: 400 }, (_, i) => `line ${n} ${(i * 7919 + n * 104729) % 100003}`).join("\n"));

  /** Writes 300 blobs, blob `changed` of other bytes; says how many were copied and how many read. */
  async function write(file: string, changed: number): Promise<{ copied: number; read: number }> {
    const writer = new ZimWriter(file, ["text/plain"]);
    let read = 0;
    for (let n = 0; n < 300; n++) {
      const bytes = blob(n === changed ? -n : n);
      const checksum = createHash("sha256").update(bytes).digest();
      const counted = { size: bytes.length, checksum, bytes: () => (read++, bytes) };
      await writer.add({ path: `file-${String(n).padStart(3, "0")}.txt`, mime: "text/plain" }, counted);
    }
    return { copied: (await writer.end("file-000.txt")).copied, read };
  }

  it("copies the clusters whose blobs are unchanged, unread, compresses the others, and writes a file libzim reads whole", async () => {
    const file = path.join(dir, "written.zim");
    expect(await write(file, -1)).toEqual({ copied: 0, read: 300 });
    const second = await write(file, 150);
    // One blob changed: its cluster alone is read and compressed again.
    expect(second.copied).toBeGreaterThan(200);
    expect(second.read).toBe(300 - second.copied);
    const { status, lines } = zimcheck(file, ["--integrity", "--checksum", "--redirect_loop"]);
    expect(status, lines.join("\n")).toBe(0);
    for (const n of [0, 150, 299]) {
      const shown = execFileSync("zimdump", ["show", `--url=file-${String(n).padStart(3, "0")}.txt`, "--ns=C", file]);
      expect(shown.equals(blob(n === 150 ? -n : n)), String(n)).toBe(true);
    }
  });
});
