/**
 * npm run import: API dumps in, content records out. Importing a dump and
 * building with the same BASE_URL and SITE_URL gives list JSON equal to the
 * dump — same records, field order and list order.
 */
import { copyFile, mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite, readOut, TEST_ENV, type BuildResult } from "./helpers/build-site.ts";
import { sharedBuild } from "./helpers/shared-build.ts";
import { runCli } from "./helpers/run-cli.ts";
import { writeRecord } from "./helpers/temp-content.ts";

const COLLECTIONS = ["videos", "units", "lessons", "articles", "glossary", "photos"];

const importDumps = (dumpDir: string, outDir: string, env: Record<string, string> = {}) =>
  runCli("import.ts", [dumpDir, "--out", outDir], { ...TEST_ENV, ...env });

let original: BuildResult;
let dumpDir: string;
beforeAll(async () => {
  original = await sharedBuild();
  expect(original.code).toBe(0);
  dumpDir = await mkdtemp(path.join(tmpdir(), "dumps-"));
  for (const c of COLLECTIONS) await copyFile(path.join(original.outDir, `api/${c}/index.json`), path.join(dumpDir, `${c}.json`));
});

describe("import, then build", () => {
  it("gives list JSON byte-for-byte equal to the dump", async () => {
    const content = path.join(await mkdtemp(path.join(tmpdir(), "imported-")), "content");
    const imported = await importDumps(dumpDir, content);
    expect(imported.code, imported.stderr).toBe(0);
    const rebuilt = await buildSite({ CONTENT_DIR: content });
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    for (const c of COLLECTIONS) {
      expect(await readOut(rebuilt, `api/${c}/index.json`), c).toBe(await readFile(path.join(dumpDir, `${c}.json`), "utf8"));
    }
  });

  it("keeps the dump's list order, and a record added later goes to the end of its list", async () => {
    const dump = JSON.parse(await readFile(path.join(dumpDir, "videos.json"), "utf8")) as { uuid: string }[];
    const shuffled = [dump[3], dump[0], dump[2], dump[1]];
    const dir = await mkdtemp(path.join(tmpdir(), "dumps-order-"));
    await writeRecord(dir, "videos.json", shuffled);
    const content = path.join(await mkdtemp(path.join(tmpdir(), "imported-")), "content");
    expect((await importDumps(dir, content)).code).toBe(0);

    const added = JSON.parse(await readFile(path.join(content, "videos", (await readdir(path.join(content, "videos")))[0]), "utf8"));
    await writeRecord(content, "videos/aaa-added-by-hand.json", {
      ...added,
      position: undefined,
      uuid: "0a1b2c3d-0000-4000-8000-0000000000aa",
    });
    const rebuilt = await buildSite({ CONTENT_DIR: content });
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    const list = JSON.parse(await readOut(rebuilt, "api/videos/index.json")) as { uuid: string }[];
    expect(list.map((r) => r.uuid)).toEqual([...shuffled.map((r) => r.uuid), "0a1b2c3d-0000-4000-8000-0000000000aa"]);
  });

  it("refuses a dump with a key written twice, naming the file and the pointer, and writes nothing", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "dumps-twice-"));
    const text = await readFile(path.join(dumpDir, "units.json"), "utf8");
    expect(text).toContain('"title":');
    await writeRecord(dir, "units.json", text.replace('"title":', '"title":"An earlier title","title":'));
    const content = path.join(await mkdtemp(path.join(tmpdir(), "imported-")), "content");
    const result = await importDumps(dir, content);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /units\.json {2}\/0\/title\n {4}expected: each key once in its object .*\n {4}found: {4}the key "title" a second time, at line 1, column \d+/,
    );
    expect(result.stderr).toContain("Nothing was written.");
    await expect(readdir(content)).rejects.toThrow();
  });

  it("refuses a dump from another base address, naming what to set, and writes nothing", async () => {
    const content = path.join(await mkdtemp(path.join(tmpdir(), "imported-")), "content");
    const result = await importDumps(dumpDir, content, { BASE_URL: "https://elsewhere.example" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /videos\.json {2}\/0\/url\n {4}expected: https:\/\/elsewhere\.example\/api\/videos\/.* \(set BASE_URL to the dump's base address: this dump's looks like BASE_URL=https:\/\/api\.example\.test\)/,
    );
    expect(result.stderr).toMatch(
      /videos\.json {2}\(whole file\)\n {4}expected: every resource's url to fit the configured address\n {4}found: {4}\d+ more of the same url problem as the first/,
    );
    expect(result.stderr.match(/\/url\n/g)).toHaveLength(6); // one per dump, not one per resource
    expect(result.stderr).toContain("Nothing was written.");
    await expect(readdir(content)).rejects.toThrow();
  });
});
