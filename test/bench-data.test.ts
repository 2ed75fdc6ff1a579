/**
 * `npm run bench:data` writes a synthetic catalogue the build accepts, the same one for the same seed;
 * the benchmark's query measurement gives figures for every request kind and search it names.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticCatalogue, sizeMix } from "../bench/synthetic/synthetic-catalogue.ts";
import { readContent } from "../build-scripts/pipeline/load/read-sources.ts";
import { validateSources } from "../build-scripts/pipeline/validate/validate-catalogue.ts";
import { compileSchemas } from "../build-scripts/pipeline/validate/compile-schemas.ts";
import { measureQueries } from "../bench/query-figures.ts";
import { buildSite } from "./helpers/build-site.ts";
import { PROJECT_DIR, TSX } from "./helpers/run-cli.ts";

const run = promisify(execFile);
let temp: string;

const generate = (out: string, seed: string, ...options: string[]) =>
  run(
    TSX,
    ["bench/synthetic/generate-data.ts", ...["--videos", "60", "--units", "8", "--lessons", "5", "--seed", seed, ...options, "--out", out]],
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
  await Promise.all([
    generate(path.join(temp, "a"), "7"),
    generate(path.join(temp, "b"), "7"),
    generate(path.join(temp, "c"), "8"),
    generate(path.join(temp, "scripts"), "7", "--other-scripts", "0.2"),
  ]);
});
afterAll(() => rm(temp, { recursive: true, force: true }));

describe("npm run bench:data -- --videos 60 --units 8 --lessons 5 --seed 7", () => {
  it("writes that many records per collection, each valid against the schemas, every unit's lessons resolving", async () => {
    const sources = [...readContent(temp, "a").records];
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

  it("writes no progress into a log: a run whose output is not a terminal prints its summary alone", async () => {
    // A line of progress comes every 5,000 records written.
    const { stdout, stderr } = await generate(path.join(temp, "logged"), "7", "--videos", "5000");
    expect(stdout.split("\n").filter(Boolean)).toEqual([expect.stringMatching(/^Wrote /), expect.stringMatching(/^Build it: /)]);
    expect(stderr).toBe("");
  });

  it("refuses to write into a folder that is not empty", async () => {
    await expect(generate(path.join(temp, "a"), "7")).rejects.toMatchObject({ stderr: expect.stringContaining("is not empty") });
  });
});

/** Han, Hiragana, Katakana or Thai: the scripts written without spaces that --other-scripts adds. */
const OTHER_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
const EMOJI = /\p{Extended_Pictographic}/u;

describe("npm run bench:data -- … --seed 7 --other-scripts 0.2", () => {
  it("adds a title and a paragraph in Japanese, Chinese or Thai with emoji to about a fifth of the records, all else the same", async () => {
    const [plain, mixed] = await Promise.all(["a", "scripts"].map((d) => snapshot(path.join(temp, d))));
    expect([...mixed.keys()]).toEqual([...plain.keys()]);
    let changed = 0;
    for (const [file, text] of mixed) {
      const [before, after] = [JSON.parse(plain.get(file)!), JSON.parse(text)];
      if (text === plain.get(file)) {
        expect(after.title).not.toMatch(OTHER_SCRIPT);
        continue;
      }
      changed++;
      expect({ ...after, title: before.title, description: before.description }, file).toEqual(before);
      const [title, description] = [after.title.slice(before.title.length), after.description.slice(before.description.length)];
      expect(after.title.startsWith(before.title) && after.description.startsWith(before.description), file).toBe(true);
      expect(title, file).toMatch(OTHER_SCRIPT);
      expect(title, file).toMatch(EMOJI);
      expect(description, file).toMatch(OTHER_SCRIPT);
    }
    expect(changed / mixed.size).toBeGreaterThan(0.1);
    expect(changed / mixed.size).toBeLessThan(0.3);
  });

  it("writes records the build accepts", () => {
    const { problems } = validateSources(readContent(temp, "scripts").records, compileSchemas());
    expect(problems).toEqual([]);
  });

  it("chooses the records and their text from the seed: the same twice, a fifth of 2,000, of the lengths asked", () => {
    const records = (share: number) => [...syntheticCatalogue(sizeMix(2000, 3, share))].map(({ record }) => record);
    const [plain, once, twice] = [records(0), records(0.2), records(0.2)];
    expect(twice).toEqual(once);
    const added = once.flatMap((record, i) =>
      record.title === plain[i].title
        ? []
        : [
            {
              title: (record.title as string).slice((plain[i].title as string).length),
              paragraph: (record.description as string).slice((plain[i].description as string).length),
            },
          ],
    );
    expect(added.length / once.length).toBeGreaterThan(0.17);
    expect(added.length / once.length).toBeLessThan(0.23);
    // The characters of the text alone: no tags, emoji or surrounding spaces.
    const characters = (text: string) => [...text.replace(/<\/?p>|\p{Extended_Pictographic}/gu, "").trim()].length;
    for (const { title, paragraph } of added) {
      expect(characters(title), title).toBeGreaterThanOrEqual(8);
      expect(characters(title), title).toBeLessThanOrEqual(15);
      expect(characters(paragraph), paragraph).toBeGreaterThanOrEqual(60);
      expect(characters(paragraph), paragraph).toBeLessThanOrEqual(119);
    }
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

describe("the benchmark's query measurement on the sample site (query-figures.ts)", () => {
  it("gives the edge's CPU time and answer size for every request kind of the videos and units lists", async () => {
    const build = await buildSite({}, path.join(temp, "site"));
    expect(build.code, build.stderr).toBe(0);
    const figures = await measureQueries(build.outDir, { runs: 2, warmups: 0, browser: false });
    expect(figures.edge.map((l) => l.words.collection)).toEqual(["videos", "units"]);
    for (const { words, requests } of figures.edge) {
      expect(words.common.matches).toBeGreaterThan(words.rare.matches);
      expect(requests.map((r) => r.kind)).toEqual([
        "list, api",
        "list, json",
        "list, xml",
        "list, xliff",
        "resource, api",
        "resource, json",
        "resource, xml",
        "resource, xliff",
        "fields=uuid,title, json",
        "fields=uuid,title,description, xml",
        "fields=title, api",
        "search=<common>, json",
        "search=<common>, api",
        "search=<common>&fields=uuid, json",
        "search=<moderate>, json",
        "search=<moderate>, xml",
        "search=<rare>, json",
        "search=<rare>, xml",
        "search=<common> <moderate>, xliff",
      ]);
      for (const request of requests) {
        expect(request, request.path).toMatchObject({ status: 200, runs: 2 });
        expect(request.bytes, request.path).toBeGreaterThan(0);
        expect(Number.isFinite(request.ms.median) && request.ms.max >= request.ms.median, request.path).toBe(true);
      }
    }
    const search = figures.edge[0].requests.find((r) => r.kind === "search=<common>&fields=uuid, json")!;
    expect(search.path).toBe(`/api/videos?search=${figures.edge[0].words.common.word}&fields=uuid&format=json`);
  });

  it("gives, for a common, a moderate and a rare word, the time and bytes until Chromium shows the results, cold and warm", async () => {
    const figures = await measureQueries(path.join(temp, "site"), { runs: 1, warmups: 0, lists: ["videos"] });
    expect(figures.browser?.map((s) => s.reach)).toEqual(["common", "moderate", "rare"]);
    for (const search of figures.browser!) {
      for (const step of [search.cold, search.refined, search.repeated]) expect(step.ms, `${search.word}: ${step.query}`).not.toBeNull();
      expect(search.cold.bytes).toBeGreaterThan(0);
      expect(search.refined.query).toMatch(new RegExp(`^${search.word} \\S+$`));
      expect(search.repeated.query).toBe(search.word);
    }
  });
});
