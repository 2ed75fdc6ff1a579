/** `npm run bench:data` writes a synthetic catalogue the build accepts, the same one for the same seed. */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticCatalogue, sizeMix } from "../build-scripts/tools/bench/synthetic/synthetic-catalogue.ts";
import { readSources } from "../build-scripts/pipeline/load/read-sources.ts";
import { validateSources } from "../build-scripts/pipeline/validate/validate-catalogue.ts";
import { compileSchemas } from "../build-scripts/pipeline/validate/compile-schemas.ts";
import { PROJECT_DIR, TSX } from "./helpers/run-cli.ts";

const run = promisify(execFile);
let temp: string;

const generate = (out: string, seed: string) =>
  run(
    TSX,
    ["build-scripts/tools/bench/generate-data.ts", "--videos", "60", "--units", "8", "--lessons", "5", "--seed", seed, "--out", out],
    { cwd: PROJECT_DIR },
  );

async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const collection of await readdir(dir)) {
    for (const name of await readdir(path.join(dir, collection)))
      files.set(`${collection}/${name}`, await readFile(path.join(dir, collection, name), "utf8"));
  }
  return files;
}

beforeAll(async () => {
  temp = await mkdtemp(path.join(tmpdir(), "bench-data-"));
  await Promise.all([generate(path.join(temp, "a"), "7"), generate(path.join(temp, "b"), "7"), generate(path.join(temp, "c"), "8")]);
});
afterAll(() => rm(temp, { recursive: true, force: true }));

describe("npm run bench:data -- --videos 60 --units 8 --lessons 5 --seed 7", () => {
  it("writes that many records per collection, each valid against the schemas, every unit's lessons resolving", async () => {
    const sources = await readSources(temp, "a");
    const counts = Object.fromEntries(["lessons", "units", "videos"].map((c) => [c, sources.filter((s) => s.collection === c).length]));
    expect(counts).toEqual({ lessons: 5, units: 8, videos: 60 });
    const { catalogue, problems } = validateSources(sources, compileSchemas());
    expect(problems).toEqual([]);
    expect(catalogue?.lists.get("videos")?.map((e) => e.record.position)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it("writes the same files for the same seed and different ones for another seed", async () => {
    const [a, b, c] = await Promise.all(["a", "b", "c"].map((d) => snapshot(path.join(temp, d))));
    expect([...b]).toEqual([...a]);
    expect([...c.keys()]).not.toEqual([...a.keys()]);
  });

  it("refuses to write into a folder that is not empty", async () => {
    await expect(generate(path.join(temp, "a"), "7")).rejects.toMatchObject({ stderr: expect.stringContaining("is not empty") });
  });
});

describe("synthetic text", () => {
  const records = [...syntheticCatalogue(sizeMix(400, 3))];
  const wordsOf = (html: string) =>
    html
      .replace(/<[^>]+>/g, "")
      .split(/\s+/)
      .filter(Boolean).length;

  it("has descriptions of 40–150 words, some of them HTML paragraphs joined by CRLF", () => {
    const descriptions = records.map((r) => r.record.description as string);
    for (const d of descriptions) {
      expect(wordsOf(d)).toBeGreaterThanOrEqual(40);
      expect(wordsOf(d)).toBeLessThanOrEqual(150);
    }
    expect(descriptions.some((d) => d.includes("</p>\r\n<p>"))).toBe(true);
    expect(descriptions.some((d) => !d.includes("<p>"))).toBe(true);
  });

  it("gives units long overviews", () => {
    for (const r of records.filter((r) => r.collection === "units"))
      expect(wordsOf(r.record.overview as string)).toBeGreaterThanOrEqual(300);
  });

  it("draws words with a Zipf-like distribution: a few very common, a long tail of rare ones", () => {
    const counts = new Map<string, number>();
    for (const r of records)
      for (const w of (r.record.description as string)
        .replace(/<[^>]+>/g, " ")
        .toLowerCase()
        .match(/[a-z]+/g) ?? [])
        counts.set(w, (counts.get(w) ?? 0) + 1);
    const sorted = [...counts.values()].sort((x, y) => y - x);
    const total = sorted.reduce((s, n) => s + n, 0);
    expect(counts.size).toBeGreaterThan(1500);
    expect(sorted[0] / total).toBeGreaterThan(0.03);
    expect(sorted.filter((n) => n === 1).length).toBeGreaterThan(counts.size / 10);
  });
});
