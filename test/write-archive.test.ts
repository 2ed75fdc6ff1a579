/**
 * The archive writer read back by real readers: Info-ZIP's zipinfo and unzip,
 * and Python's zipfile. Past 65,535 entries the end record cannot hold the
 * count, so the ZIP64 records must carry it; zipinfo's header count reads it.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFile, mkdir, mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWriteStream } from "node:fs";
import { deflateRawSync } from "node:zlib";
import { writeArchive, type InMemoryFile } from "../build-scripts/pipeline/mirror/write-archive.ts";
import { localRecords, ZipWriter } from "../build-scripts/pipeline/mirror/zip-writer.ts";

const ZIP64_END = Buffer.from([0x50, 0x4b, 0x06, 0x06]);
const MTIME = new Date(Date.UTC(2026, 2, 14, 15, 9, 26));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "write-archive-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What Python's zipfile reads: every entry's name and size, its testzip() verdict, and the contents of `show`. */
function pythonRead(archive: string, show: readonly string[]) {
  const script = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    infos = z.infolist()
    print(json.dumps({
        "entries": len(infos),
        "bad": z.testzip(),
        "methods": sorted({i.compress_type for i in infos}),
        "shown": {n: z.read(n).hex() for n in sys.argv[2:]},
        "time": list(infos[0].date_time),
    }))`;
  return JSON.parse(execFileSync("python3", ["-c", script, archive, ...show], { encoding: "utf8" })) as {
    entries: number;
    bad: string | null;
    methods: number[];
    shown: Record<string, string>;
    time: number[];
  };
}

async function site(name: string, files: Record<string, Uint8Array | string>): Promise<string> {
  const siteDir = path.join(dir, name);
  for (const [file, data] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(siteDir, file)), { recursive: true });
    await writeFile(path.join(siteDir, file), data);
  }
  return siteDir;
}

describe("writeArchive", () => {
  it("writes the site's files and the in-memory ones below one folder, deflated or stored, read back alike", async () => {
    const noise = randomBytes(4096); // incompressible: stored
    // zlib's window is sized to each file: a file under 512 bytes, and one past 32 kB whose repeats lie 6 kB apart.
    const short = "<p>short</p>".repeat(20);
    const long = randomBytes(3000).toString("hex").repeat(20);
    const siteDir = await site("small", {
      "index.html": "<!doctype html><title>Home</title>".repeat(50),
      "api/short.txt": short,
      "api/long.txt": long,
      "api/videos/index.json": "[]",
      "api/empty.txt": "",
      "api/noise.bin": noise,
      "downloads/old.zip": "left out",
    });
    async function* extra(): AsyncGenerator<InMemoryFile> {
      yield { name: "MIRROR-README", data: new TextEncoder().encode("Read me\n") };
      yield { name: "api/videos/index.json.js", data: new TextEncoder().encode("load([])\n") };
    }
    const archive = path.join(dir, "small.zip");
    const written = await writeArchive(archive, {
      siteDir,
      exclude: ["downloads"],
      folder: "mirror",
      extra: extra(),
      mtime: MTIME,
    });
    expect(written).toMatchObject({ entries: 8, copied: 0, made: 2, reused: 0, bytes: readFileSync(archive).length });
    expect(readFileSync(archive).includes(ZIP64_END)).toBe(false);

    const read = pythonRead(archive, [
      "mirror/MIRROR-README",
      "mirror/api/noise.bin",
      "mirror/api/empty.txt",
      "mirror/api/short.txt",
      "mirror/api/long.txt",
    ]);
    expect(read).toMatchObject({ entries: 8, bad: null, methods: [0, 8], time: [2026, 3, 14, 15, 9, 26] });
    expect(read.shown).toEqual({
      "mirror/MIRROR-README": Buffer.from("Read me\n").toString("hex"),
      "mirror/api/noise.bin": noise.toString("hex"),
      "mirror/api/empty.txt": "",
      "mirror/api/short.txt": Buffer.from(short).toString("hex"),
      "mirror/api/long.txt": Buffer.from(long).toString("hex"),
    });
    const listed = execFileSync("zipinfo", ["-1", archive], { encoding: "utf8" }).trim().split("\n");
    expect(listed).toEqual([
      "mirror/MIRROR-README",
      "mirror/api/videos/index.json.js",
      "mirror/api/empty.txt",
      "mirror/api/long.txt",
      "mirror/api/noise.bin",
      "mirror/api/short.txt",
      "mirror/api/videos/index.json",
      "mirror/index.html",
    ]);
    expect(execFileSync("unzip", ["-tq", archive], { encoding: "utf8" })).toContain("No errors detected");
  });

  it("copies the entries the previous archive has unchanged, and makes the bytes a fresh archive would", async () => {
    const page = (n: number) => `<!doctype html><p>page ${n}</p>`.repeat(40);
    const files = Object.fromEntries(Array.from({ length: 100 }, (_, n) => [`api/${n}.html`, page(n)]));
    const siteDir = await site("again", files);
    const archive = path.join(dir, "again.zip");
    const input = (extra: string) => ({
      siteDir,
      exclude: [],
      folder: "mirror",
      extra: [{ name: "MIRROR-README", data: new TextEncoder().encode(extra) }],
      mtime: MTIME,
      previous: archive,
    });
    expect(await writeArchive(archive, input("first"))).toMatchObject({ entries: 101, copied: 0 });
    // One file edited, one removed, one added; the README made again, unchanged.
    await writeFile(path.join(siteDir, "api/5.html"), page(500));
    await rm(path.join(siteDir, "api/6.html"));
    await writeFile(path.join(siteDir, "api/new.html"), page(600));
    const again = await writeArchive(archive, input("first"));
    expect(again).toMatchObject({ entries: 101, copied: 99 });
    const fresh = path.join(dir, "again-fresh.zip");
    await writeArchive(fresh, { ...input("first"), previous: undefined });
    expect(readFileSync(archive).equals(readFileSync(fresh))).toBe(true);
    const read = pythonRead(archive, ["mirror/api/5.html", "mirror/api/7.html", "mirror/api/new.html"]);
    expect(read).toMatchObject({ entries: 101, bad: null });
    expect(Buffer.from(read.shown["mirror/api/5.html"], "hex").toString()).toBe(page(500));
    expect(Buffer.from(read.shown["mirror/api/7.html"], "hex").toString()).toBe(page(7));
    expect(execFileSync("unzip", ["-tq", archive], { encoding: "utf8" })).toContain("No errors detected");

    // In an update, a file the run did not write is taken as the previous archive's entry, unread, and the site's
    // files are the previous archive's as the run changed them: here one rewritten behind the writer's back keeps
    // its old bytes, one written is read, one removed goes, and one added unannounced is not seen.
    await writeFile(path.join(siteDir, "api/7.html"), page(8));
    await writeFile(path.join(siteDir, "api/9.html"), page(1));
    await rm(path.join(siteDir, "api/8.html"));
    await writeFile(path.join(siteDir, "api/unseen.html"), page(2));
    const changed = new Map([
      ["api/9.html", true],
      ["api/8.html", false],
    ]);
    const trusted = await writeArchive(archive, { ...input("first"), update: { changed, made: 1, pieces: new Map() } });
    expect(trusted).toMatchObject({ entries: 100, copied: 99, made: 1 });
    const shown = pythonRead(archive, ["mirror/api/7.html", "mirror/api/9.html"]);
    expect(shown.entries).toBe(100);
    expect(Buffer.from(shown.shown["mirror/api/7.html"], "hex").toString()).toBe(page(7));
    expect(Buffer.from(shown.shown["mirror/api/9.html"], "hex").toString()).toBe(page(1));
    await writeFile(path.join(siteDir, "api/7.html"), page(7));
    await writeFile(path.join(siteDir, "api/8.html"), page(8));
    await writeFile(path.join(siteDir, "api/9.html"), page(9));
    await rm(path.join(siteDir, "api/unseen.html"));
    await writeArchive(archive, input("first"));

    // A damaged previous archive is not used: every entry is deflated, to the same bytes.
    const damaged = path.join(dir, "damaged.zip");
    await copyFile(archive, damaged);
    await truncate(damaged, 1000);
    const redone = await writeArchive(damaged, { ...input("first"), previous: damaged });
    expect(redone).toMatchObject({ entries: 101, copied: 0 });
    expect(redone.previousIgnored).toMatch(/no end of central directory record/);
    expect(readFileSync(damaged).equals(readFileSync(fresh))).toBe(true);
  });

  it("refuses an in-memory file that has the name of one of the site's", async () => {
    const siteDir = await site("twice", { "index.html": "<p>site</p>" });
    const failed = writeArchive(path.join(dir, "twice.zip"), {
      siteDir,
      exclude: [],
      folder: "mirror",
      extra: [{ name: "index.html", data: new Uint8Array(1) }],
      mtime: MTIME,
    });
    await expect(failed).rejects.toThrow("Two files named index.html for the archive: the site has one, and one was made for the archive.");
  });

  it("past 65,535 entries writes ZIP64 records that zipinfo, unzip and Python's zipfile read in full", async () => {
    const count = 70_000;
    const siteDir = path.join(dir, "large");
    for (let folder = 0; folder < count / 1000; folder++) {
      await mkdir(path.join(siteDir, `f${folder}`), { recursive: true });
      await Promise.all(
        Array.from({ length: 1000 }, (_, i) => writeFile(path.join(siteDir, `f${folder}`, `${i}.txt`), `file ${folder * 1000 + i}\n`)),
      );
    }
    const archive = path.join(dir, "large.zip");
    const extra = [{ name: "MIRROR-README", data: new TextEncoder().encode("Read me\n") }];
    const written = await writeArchive(archive, { siteDir, exclude: [], folder: "m", extra, mtime: MTIME });
    expect(written.entries).toBe(count + 1);
    expect(readFileSync(archive).includes(ZIP64_END)).toBe(true);

    expect(execFileSync("zipinfo", ["-h", archive], { encoding: "utf8" })).toContain(`number of entries: ${count + 1}`);
    const read = pythonRead(archive, ["m/f69/999.txt"]);
    expect(read).toMatchObject({ entries: count + 1, bad: null });
    expect(Buffer.from(read.shown["m/f69/999.txt"], "hex").toString()).toBe("file 69999\n");
    expect(execFileSync("unzip", ["-tq", archive], { encoding: "utf8", maxBuffer: 2 ** 26 })).toContain(
      `No errors detected in compressed data of ${archive}.`,
    );
  });

  it("gives an entry whose size passes 4 GiB the ZIP64 fields that zipinfo and Python's zipfile read", async () => {
    // The sizes are what is tested, not the bytes: an entry that claims 5 GB, read by its directory only.
    const archive = path.join(dir, "big-entry.zip");
    const zip = new ZipWriter(createWriteStream(archive), MTIME);
    const entries = [
      { name: "small.txt", method: "stored" as const, crc: 0, size: 0, data: new Uint8Array(0) },
      { name: "big.bin", method: "stored" as const, crc: 0, size: 5_000_000_000, data: new Uint8Array(3) },
    ];
    const { records, infos } = localRecords(entries, MTIME);
    await zip.add(records, infos);
    await zip.end();
    const script = `
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    print([(i.filename, i.file_size, i.compress_size, i.header_offset) for i in z.infolist()])`;
    expect(execFileSync("python3", ["-c", script, archive], { encoding: "utf8" }).trim()).toBe(
      "[('small.txt', 0, 0, 0), ('big.bin', 5000000000, 3, 39)]",
    );
    expect(execFileSync("zipinfo", ["-l", archive, "big.bin"], { encoding: "utf8" })).toMatch(/ 5000000000 \S+ +3 /);
  });
  it("deflates a large file in pieces; an update copies those an edit did not reach, making a clean build's bytes", async () => {
    // A list of records in words drawn from a fixed generator, as a catalogue's lists are: about 2 MB.
    let seed = 7;
    const word = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), `w${(seed >> 8) % 5000}`);
    const record = (n: number) => JSON.stringify({ n, title: Array.from({ length: 40 }, word).join(" ") });
    const records = Array.from({ length: 6000 }, (_, n) => record(n));
    const list = (of: readonly string[]) => `[\n${of.join(",\n")}\n]\n`;
    const siteDir = await site("pieces", { "api/list.json": list(records), "api/page.html": "<p>a page</p>" });
    const base = { siteDir, exclude: [], folder: "mirror", extra: [], mtime: MTIME };
    const archive = path.join(dir, "pieces.zip");
    const first = await writeArchive(archive, base);
    const cut = first.pieces.get("mirror/api/list.json");
    expect(cut && cut.length / 24).toBeGreaterThan(10);
    expect(pythonRead(archive, []).bad).toBeNull();

    // An edit in the middle, a record added after the first and one removed near the end.
    const edited = [...records];
    edited[3000] = record(-1);
    edited.splice(1, 0, record(6000));
    edited.splice(5900, 1);
    await writeFile(path.join(siteDir, "api/list.json"), list(edited));
    const changed = new Map([["api/list.json", true]]);
    const update = await writeArchive(archive, { ...base, previous: archive, update: { changed, made: 0, pieces: first.pieces } });
    const size = Buffer.byteLength(list(edited));
    expect(update.reused / size).toBeGreaterThan(0.7);
    expect(update.reused).toBeLessThan(size);
    const clean = path.join(dir, "pieces-clean.zip");
    const whole = await writeArchive(clean, base);
    expect(whole.reused).toBe(0);
    expect(readFileSync(archive).equals(readFileSync(clean))).toBe(true);
    expect(pythonRead(archive, []).bad).toBeNull();
    expect(execFileSync("unzip", ["-p", archive, "mirror/api/list.json"], { encoding: "utf8", maxBuffer: 1 << 26 })).toBe(list(edited));
    // In pieces, the list is deflated within 1 % of deflating it whole.
    expect(readFileSync(archive).length).toBeLessThan(deflateRawSync(list(edited), { level: 2 }).length * 1.01 + 1000);
  });
  it("takes a file's compressed bytes from a sibling archive of the same site, as deflating them would make them", async () => {
    const siteDir = await site("sibling", {
      "a.txt": "words ".repeat(5000),
      "b/c.json": JSON.stringify({ words: "more words ".repeat(3000) }),
      "d.bin": randomBytes(3000),
    });
    // e.js is made from nothing but code; a.txt.js from a.txt alone, whose bytes the sibling holds: it is not made again.
    let madeFromA = 0;
    const made = (): InMemoryFile[] => [
      { name: "e.js", data: new TextEncoder().encode("var e = 1;".repeat(400)) },
      {
        name: "a.txt.js",
        from: "a.txt",
        get data() {
          madeFromA++;
          return new TextEncoder().encode(`a = "${"words ".repeat(5000)}";`);
        },
      },
    ];
    const base = { siteDir, exclude: [], mtime: MTIME };
    const mirror = path.join(dir, "sibling-mirror.zip");
    await writeArchive(mirror, { ...base, folder: "mirror", extra: made() });
    const [alone, beside] = [path.join(dir, "sibling-alone.zip"), path.join(dir, "sibling-beside.zip")];
    const deflated = await writeArchive(alone, { ...base, folder: "reader", extra: made() });
    const copied = await writeArchive(beside, {
      ...base,
      folder: "reader",
      extra: made(),
      sibling: { file: mirror, folder: "mirror", pieces: new Map() },
    });
    expect([deflated.copied, copied.copied]).toEqual([0, 5]);
    expect(madeFromA).toBe(2); // for the mirror and the reader alone, not for the reader beside the mirror
    expect(readFileSync(beside).equals(readFileSync(alone))).toBe(true);
    expect(pythonRead(beside, ["reader/a.txt"]).bad).toBeNull();
  });
});
