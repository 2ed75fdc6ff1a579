/**
 * npm run dev: a save in content/ rewrites the record's own files, its
 * collection's lists and search index and nothing else, and the open preview reloads.
 */
import { mkdir, readdir, readFile, rm, stat, symlink, unlink, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORMATS } from "../build-scripts/core/formats/formats.ts";
import { instanceFile, LAYOUT_FILE, listFile, searchManifestFile } from "../build-scripts/core/routes/output-tree.ts";
import { launchChromium } from "../harness/chromium.ts";
import { freePort, startProcess, type Running } from "../harness/processes.ts";
import { PROJECT_DIR, runCli, TSX } from "./helpers/run-cli.ts";
import { tempContent } from "./helpers/temp-content.ts";
import { buildSite, readOut, SPLIT_VIDEOS } from "./helpers/build-site.ts";

let dir: string;
let contentDir: string;
let outDir: string;
let port: number;
let dev: Running;

/** `npm run dev` over a copy of the sample content, serving on `port`, once it serves. */
async function startDev(content: string, out: string, port: number, env: Record<string, string> = {}): Promise<Running> {
  const started = startProcess(TSX, ["build-scripts/tools/cli/dev.ts"], {
    cwd: PROJECT_DIR,
    env: { ...env, CONTENT_DIR: content, OUTPUT_DIR: out, PORT: String(port), BASE_URL: "https://api.example.test" },
  });
  await started.waitFor(/Watching .*content\/ for changes/);
  await started.waitFor(/Server at/);
  return started;
}

beforeAll(async () => {
  contentDir = await tempContent("content");
  dir = path.dirname(contentDir);
  outDir = path.join(dir, "_site");
  port = await freePort();
  dev = await startDev(contentDir, outDir, port);
});

afterAll(async () => {
  await dev?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Every output file with its modification time and text. */
async function snapshot(): Promise<Map<string, string>> {
  const files = (await readdir(outDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
  const entries = await Promise.all(
    files.map(async (d) => {
      const file = path.join(d.parentPath, d.name);
      return [path.relative(outDir, file), `${(await stat(file)).mtimeMs} ${await readFile(file, "utf8")}`] as const;
    }),
  );
  return new Map(entries);
}

const changedFiles = (before: Map<string, string>, after: Map<string, string>) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((f) => before.get(f) !== after.get(f)).sort();

const recordFile = (collection: string, name: string) => path.join(contentDir, collection, name);

async function save(file: string, change: (record: Record<string, unknown>) => void): Promise<void> {
  const record = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  change(record);
  await writeFile(file, JSON.stringify(record, null, 2));
}

describe("npm run dev", () => {
  it("rewrites only the saved record's files and its collection's lists and search index", async () => {
    const file = recordFile("videos", "a-brief-history-of-maps.json");
    const { uuid } = JSON.parse(await readFile(file, "utf8")) as { uuid: string };
    const before = await snapshot();
    const mark = dev.output().length;
    await save(file, (r) => void (r.title = "Maps Through the Xylographers"));
    await dev.waitFor(/a-brief-history-of-maps\.json: \d+ files rewritten, 0 removed \(lists of videos\) in \d+ ms after the save/, mark);

    const after = await snapshot();
    const ownAndLists = FORMATS.flatMap((f) => [instanceFile("videos", uuid, f.extension), listFile("videos", f.extension)]);
    const searchFolder = `${path.dirname(searchManifestFile("videos"))}/`;
    const isSearchFile = (f: string) => f.startsWith(searchFolder);
    const changed = changedFiles(before, after);
    expect(changed.filter((f) => !isSearchFile(f))).toEqual(ownAndLists.sort());
    for (const f of ownAndLists) expect(after.get(f)).toContain("Maps Through the Xylographers");
    // Query files are named after their content: the ones the change reached have new names, the others keep theirs.
    const searchBefore = [...before.keys()].filter(isSearchFile);
    const searchAfter = [...after.keys()].filter(isSearchFile);
    const slices = (files: string[]) => files.filter((f) => f.includes("/records-"));
    const newSlices = slices(searchAfter).filter((f) => !before.has(f));
    expect(newSlices).toHaveLength(1);
    expect(after.get(newSlices[0])).toContain("Maps Through the Xylographers");
    expect(slices(searchAfter).filter((f) => before.has(f))).toHaveLength(slices(searchBefore).length - 1);
    expect(searchAfter.filter((f) => before.has(f) && after.get(f) !== before.get(f) && f !== searchManifestFile("videos"))).toEqual(
      searchAfter.filter((f) => before.has(f) && f.includes("/records-") && after.get(f) !== before.get(f)),
    );
    // The new word is in the videos' search index now.
    expect(searchAfter.filter((f) => /^xylographers /m.test(after.get(f)!))).not.toEqual([]);
    expect(searchBefore.filter((f) => /^xylographers /m.test(before.get(f)!))).toEqual([]);

    // What dev wrote is what a full build of the same content writes: the same files, the same bytes.
    const fresh = await buildSite(
      { CONTENT_DIR: contentDir, BASE_URL: "https://api.example.test", SITE_URL: "https://education.example.org" },
      path.join(dir, "fresh"),
    );
    expect(fresh.code, fresh.stderr).toBe(0);
    const freshSearch = (await readdir(path.join(fresh.outDir, searchFolder), { recursive: true, withFileTypes: true }))
      .filter((d) => d.isFile())
      .map((d) => path.relative(fresh.outDir, path.join(d.parentPath, d.name)));
    expect(searchAfter.sort()).toEqual(freshSearch.sort());
    for (const f of [...ownAndLists, ...searchAfter]) expect(after.get(f)!.replace(/^\S+ /, ""), f).toBe(await readOut(fresh, f));
  });

  it("reloads the open preview after a save", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const file = recordFile("units", "our-solar-system.json");
      const { uuid } = JSON.parse(await readFile(file, "utf8")) as { uuid: string };
      await page.goto(`http://localhost:${port}/${instanceFile("units", uuid, "html")}`);
      expect(await page.textContent("main")).not.toContain("Planets and Moons");
      await save(file, (r) => void (r.title = "Planets and Moons"));
      await page.waitForFunction(() => document.querySelector("main")?.textContent?.includes("Planets and Moons"), undefined, {
        timeout: 20_000,
      });
    } finally {
      await browser.close();
    }
  });

  it("leaves the site as it was when a save has errors, and says why", async () => {
    const file = recordFile("videos", "a-brief-history-of-maps.json");
    const before = await snapshot();
    const mark = dev.output().length;
    await save(file, (r) => void (r.modified_date = "2001-01-01T00:00:00Z"));
    // Waits for this problem itself: a save is a truncate and a write, and a busy machine may let the builder
    // read the file in between (it then says the JSON ends early, and applies nothing either).
    await dev.waitFor(/a-brief-history-of-maps\.json {2}\/modified_date\n {4}expected: a date not before create_date/, mark);
    expect(changedFiles(before, await snapshot())).toEqual([]);
    // An error of its own does not hide what the record shares with another, as in the build.
    const { uuid: taken } = JSON.parse(await readFile(recordFile("videos", "why-do-we-have-tides.json"), "utf8")) as { uuid: string };
    const again = dev.output().length;
    await save(file, (r) => void (r.uuid = taken));
    const both = (await dev.waitFor(/\/uuid\n {4}expected: a UUID no other record uses/, again)).slice(again);
    expect(both).toContain("a-brief-history-of-maps.json  /modified_date");
    expect(both).toContain("a-brief-history-of-maps.json  /uuid\n    expected: a UUID no other record uses");
    expect(changedFiles(before, await snapshot())).toEqual([]);
  });

  it("adds a new record at the end of its list, and removes a deleted one's files", async () => {
    let mark = dev.output().length;
    const made = await runCli("new.ts", ["videos", "--title", "Tide Pools"], { CONTENT_DIR: contentDir });
    const created = path.resolve(PROJECT_DIR, made.stdout.trim());
    const { uuid } = JSON.parse(await readFile(created, "utf8")) as { uuid: string };
    await dev.waitFor(/tide-pools\.json: \d+ files rewritten, 0 removed/, mark);
    const list = JSON.parse(await readFile(path.join(outDir, listFile("videos", "json")), "utf8")) as { uuid: string }[];
    expect(list.at(-1)?.uuid).toBe(uuid);
    expect(await readFile(path.join(outDir, "index.html"), "utf8")).toContain('videos</a> <span class="count">36</span>');

    mark = dev.output().length;
    await unlink(created);
    await dev.waitFor(/tide-pools\.json: \d+ files rewritten, 4 removed/, mark);
    expect(existsSync(path.join(outDir, path.dirname(instanceFile("videos", uuid, "json"))))).toBe(false);
    const shorter = JSON.parse(await readFile(path.join(outDir, listFile("videos", "json")), "utf8")) as { uuid: string }[];
    expect(shorter.map((r) => r.uuid)).not.toContain(uuid);
  });

  it("names a saved link that leaves the content folder as a problem, and prints nothing of the file it names", async () => {
    const before = await snapshot();
    const mark = dev.output().length;
    const link = recordFile("videos", "linked-passwd.json");
    await symlink("/etc/passwd", link);
    try {
      const output = (await dev.waitFor(/linked-passwd\.json[\s\S]*Not applied; the preview shows the last valid version/, mark)).slice(
        mark,
      );
      expect(output).toContain("expected: a JSON file");
      expect(output).not.toContain("root:");
      expect(output).not.toMatch(/\n\s+at /);
      expect(changedFiles(before, await snapshot())).toEqual([]);
    } finally {
      await unlink(link);
    }
  });

  it("follows a saved link to a record inside the content folder, and writes what a full build of it writes", async () => {
    // The record as the sample has it (a test above left it with errors, which a full build refuses).
    const maps = recordFile("videos", "a-brief-history-of-maps.json");
    const sample = JSON.parse(await readFile(path.join(PROJECT_DIR, "content/videos/a-brief-history-of-maps.json"), "utf8"));
    const fixed = dev.output().length;
    await save(maps, (r) => Object.assign(r, { uuid: sample.uuid, modified_date: sample.modified_date }));
    // The test above removes its link just before: the two may be one batch.
    await dev.waitFor(/a-brief-history-of-maps\.json(, [^:\n]+)?: \d+ files rewritten/, fixed);

    // The linked file is in a folder the build skips ("_"), so it is read through the link alone.
    const record = JSON.parse(await readFile(recordFile("videos", "why-do-we-have-tides.json"), "utf8")) as Record<string, unknown>;
    const uuid = "5f0c2b9e-3d41-4b8a-9c6e-7a1d2e3f4b5c";
    Object.assign(record, { uuid, position: 100_000, title: "Tide Tables Through a Link", html_path: "media/tide-tables/" });
    await mkdir(path.join(contentDir, "_shared"), { recursive: true });
    await writeFile(path.join(contentDir, "_shared/tide-tables.json"), JSON.stringify(record, null, 2));
    const link = recordFile("videos", "tide-tables.json");
    const mark = dev.output().length;
    await symlink("../_shared/tide-tables.json", link);
    await dev.waitFor(/tide-tables\.json: \d+ files rewritten, 0 removed \(lists of videos\)/, mark);
    const fresh = await buildSite(
      { CONTENT_DIR: contentDir, BASE_URL: "https://api.example.test", SITE_URL: "https://education.example.org" },
      path.join(dir, "fresh-linked"),
    );
    expect(fresh.code, fresh.stderr).toBe(0);
    const files = FORMATS.flatMap((f) => [instanceFile("videos", uuid, f.extension), listFile("videos", f.extension)]);
    for (const f of [...files, searchManifestFile("videos"), "index.html"]) {
      expect(await readFile(path.join(outDir, f), "utf8"), f).toBe(await readOut(fresh, f));
    }
    expect(await readOut(fresh, instanceFile("videos", uuid, "json"))).toContain("Tide Tables Through a Link");

    const removed = dev.output().length;
    await unlink(link);
    await dev.waitFor(/tide-tables\.json: \d+ files rewritten, 4 removed/, removed);
  });

  it("rebuilds the whole site when a translation is saved, as a full build does", async () => {
    // The record as the sample has it (a test above left it with errors, which a full build refuses).
    const file = recordFile("videos", "a-brief-history-of-maps.json");
    const sample = JSON.parse(await readFile(path.join(PROJECT_DIR, "content/videos/a-brief-history-of-maps.json"), "utf8"));
    const fixed = dev.output().length;
    await save(file, (r) => Object.assign(r, { uuid: sample.uuid, modified_date: sample.modified_date }));
    await dev.waitFor(/a-brief-history-of-maps\.json: \d+ files rewritten/, fixed);
    const { uuid, title } = JSON.parse(await readFile(file, "utf8")) as { uuid: string; title: string };
    const mark = dev.output().length;
    const stored = path.join(contentDir, "translations/fr/videos", `${uuid}.json`);
    await mkdir(path.dirname(stored), { recursive: true });
    await writeFile(stored, JSON.stringify({ fields: { "/title": { source: title, target: "Une brève histoire des cartes" } } }));
    await dev.waitFor(/Built [\s\S]*translated resources: fr 1/, mark);
    const fresh = await buildSite(
      { CONTENT_DIR: contentDir, BASE_URL: "https://api.example.test", SITE_URL: "https://education.example.org" },
      path.join(dir, "fresh-translated"),
    );
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(JSON.parse(await readFile(path.join(outDir, "fr", instanceFile("videos", uuid, "json")), "utf8")).title).toBe(
      "Une brève histoire des cartes",
    );
    for (const f of [
      instanceFile("videos", uuid, "json"),
      `fr/${instanceFile("videos", uuid, "json")}`,
      `fr/${listFile("videos", "xliff")}`,
    ]) {
      expect(await readFile(path.join(outDir, f), "utf8"), f).toBe(await readOut(fresh, f));
    }
  });
});

describe("npm run dev over a split collection", () => {
  let splitDir: string;
  let splitContent: string;
  let splitOut: string;
  let splitDev: Running;

  beforeAll(async () => {
    splitContent = await tempContent("content");
    splitDir = path.dirname(splitContent);
    splitOut = path.join(splitDir, "_site");
    splitDev = await startDev(splitContent, splitOut, await freePort(), SPLIT_VIDEOS);
  });

  afterAll(async () => {
    await splitDev?.stop();
    await rm(splitDir, { recursive: true, force: true });
  });

  it("writes a new record's files in its bucket, and removes them and the emptied bucket when it is deleted", async () => {
    const layout = JSON.parse(await readFile(path.join(splitOut, LAYOUT_FILE), "utf8")) as { levels: Record<string, number> };
    expect(layout.levels).toEqual({ videos: 1 });
    const list = JSON.parse(await readFile(path.join(splitOut, listFile("videos", "json")), "utf8")) as { uuid: string }[];
    // A bucket no video is in yet: the new record's alone.
    const used = new Set(list.map((v) => v.uuid.slice(-2)));
    const bucket = Array.from({ length: 256 }, (_, n) => n.toString(16).padStart(2, "0")).find((b) => !used.has(b))!;
    const uuid = `5f0c2b9e-3d41-4b8a-9c6e-7a1d2e3f4b${bucket}`;
    const record = JSON.parse(await readFile(path.join(splitContent, "videos/why-do-we-have-tides.json"), "utf8")) as Record<
      string,
      unknown
    >;
    Object.assign(record, { uuid, position: 100_000, title: "Tide Tables in a Bucket", html_path: "media/tide-bucket/" });
    let mark = splitDev.output().length;
    await writeFile(path.join(splitContent, "videos/tide-bucket.json"), JSON.stringify(record, null, 2));
    await splitDev.waitFor(/tide-bucket\.json: \d+ files rewritten, 0 removed/, mark);
    for (const f of FORMATS) expect(existsSync(path.join(splitOut, instanceFile("videos", uuid, f.extension, 1))), f.name).toBe(true);
    expect(existsSync(path.join(splitOut, instanceFile("videos", uuid, "json")))).toBe(false);

    mark = splitDev.output().length;
    await unlink(path.join(splitContent, "videos/tide-bucket.json"));
    await splitDev.waitFor(/tide-bucket\.json: \d+ files rewritten, 4 removed/, mark);
    expect(existsSync(path.join(splitOut, "api/videos", bucket))).toBe(false);
    // Every other video keeps its files.
    for (const { uuid: kept } of list) expect(existsSync(path.join(splitOut, instanceFile("videos", kept, "xliff", 1))), kept).toBe(true);
  });
});
