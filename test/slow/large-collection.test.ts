/**
 * One collection past 200,000 records builds, and every record is published:
 * nothing whose size follows the catalogue is spread into a call or held as one
 * string. Slow (minutes), so run only when asked: `SLOW_TESTS=1 npx vitest run
 * --config test/vitest.config.ts test/slow` (docs/testing.md).
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTML_PAGE_SIZE } from "../../build-scripts/core/formats/pagination.ts";
import { listPageFile } from "../../build-scripts/core/routes/output-tree.ts";
import { writeSyntheticCatalogue } from "../../bench/synthetic/write-catalogue.ts";
import { TEST_ENV } from "../helpers/build-site.ts";
import { runCli, type CliResult } from "../helpers/run-cli.ts";

const VIDEOS = 210_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let dir: string;
let out: string;
let built: CliResult;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "catalogue-large-"));
  const content = path.join(dir, "content");
  await writeSyntheticCatalogue({ videos: VIDEOS, units: 0, lessons: 0, seed: 3, otherScripts: 0 }, content);
  out = path.join(dir, "_site");
  built = await runCli("build.ts", [], { ...TEST_ENV, CONTENT_DIR: content, OUTPUT_DIR: out });
}, 1_800_000);

// `rm -rf`: fs.rm keeps a promise per file, minutes for this tree.
afterAll(() => execFileSync("rm", ["-rf", "--", dir]), 600_000);

describe(`a collection of ${VIDEOS} records`, () => {
  it("builds", () => {
    expect(built.stderr).toBe("");
    expect(built.code).toBe(0);
    expect(built.stdout).toContain(`resources: ${VIDEOS} (videos ${VIDEOS})`);
  });

  it("publishes every record in its own folder and in the list", async () => {
    const folders = (await readdir(path.join(out, "api/videos"))).filter((name) => UUID.test(name));
    expect(folders).toHaveLength(VIDEOS);
    const list = JSON.parse(await readFile(path.join(out, "api/videos/index.json"), "utf8")) as { uuid: string }[];
    expect(list).toHaveLength(VIDEOS);
    expect(new Set(list.map((item) => item.uuid))).toEqual(new Set(folders));
    const last = JSON.parse(await readFile(path.join(out, `api/videos/${list.at(-1)!.uuid}/index.json`), "utf8")) as object;
    expect(last).toEqual(list.at(-1));
  });

  it("pages the HTML view to the last record", async () => {
    const pages = Math.ceil(VIDEOS / HTML_PAGE_SIZE);
    const first = await readFile(path.join(out, listPageFile("videos", 1)), "utf8");
    expect(first).toContain(`Page 1 of ${pages} · resources 1–${HTML_PAGE_SIZE} of ${VIDEOS}`);
    const last = await readFile(path.join(out, listPageFile("videos", pages)), "utf8");
    expect(last).toContain(`Page ${pages} of ${pages} · resources ${(pages - 1) * HTML_PAGE_SIZE + 1}–${VIDEOS} of ${VIDEOS}`);
  });
});
