/**
 * `search` in every script: given the sample catalogue with titles and
 * descriptions in Chinese, Japanese, Thai, Korean, Arabic and emoji, a
 * compound word and a German translation, every record whose searched fields
 * hold a query where DRF's `icontains` finds it (case and accents ignored;
 * anywhere for ideographs, Thai, symbols and words of three letters or more,
 * at a word start for shorter ones: test/helpers/drf-search-filter.ts) is
 * found, at the edge (the edge function under Deno) and by the browser shim.
 */
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../build-scripts/core/catalogue/resource.ts";
import { SHIM_FILE } from "../build-scripts/core/routes/output-tree.ts";
import { searchTexts } from "../build-scripts/core/search/search-fields.ts";
import type { request as Request } from "../build-scripts/runtime/browser/shim.ts";
import { buildSite, readJson, type BuildResult } from "./helpers/build-site.ts";
import { drfMatches, drfMatchesWherePromised } from "./helpers/drf-search-filter.ts";
import { rawRequest } from "./helpers/local-server.ts";
import { serveStatic, type StaticServer } from "../harness/static-server.ts";
import { tempContent, writeRecord } from "./helpers/temp-content.ts";
import { startEdgeServer, type EdgeServer } from "./deno/start-edge-server.ts";

const MULTILINGUAL_SUBTITLE = "地理 · الجغرافيا · Géographie — a multilingual unit 🌏🌋";

/** Records of the sample catalogue given new texts: file → fields. */
const TEXTS: Readonly<Record<string, JsonObject>> = {
  "units/ancient-mediterranean-worlds.json": { subtitle: MULTILINGUAL_SUBTITLE },
  "units/cities-cafes-and-culture.json": { subtitle: "東京と大阪の食文化 — 2024年の調査 ☕" },
  "videos/a-brief-history-of-maps.json": {
    title: "東京タワー",
    description: "<p>東京タワーは、東京都港区にある電波塔です。高さは333メートル。🗼✨</p>",
  },
  "videos/a-day-with-a-volcanologist.json": {
    description: "<p>ภาษาไทยเป็นภาษาที่สวยงาม นักภูเขาไฟวิทยาศึกษาภูเขาไฟ 🌋</p><p>火山学者は火山を研究します。</p>",
  },
  "videos/deep-sea-hydrothermal-vents.json": { title: "Microbiology of Deep-Sea Hydrothermal Vents" },
  "videos/aeroskobing-life-in-a-danish-island-town.json": {
    title: "한국어로 배우는 지리학",
    description: "<p>지리학은 지구 표면을 연구하는 학문입니다. الجغرافيا هي دراسة الأرض 🌍</p><p>地理学是研究地球表面的科学。</p>",
  },
};

/** Query words drawn from a text: each character of its unspaced runs and each run of 2–4 of them, each spaced word, each symbol. */
function queriesFrom(text: string): string[] {
  const out = new Set<string>();
  for (const [run] of text.matchAll(/[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\u30fc]+/gu)) {
    const chars = run.match(/\P{M}\p{M}*/gu) ?? []; // characters with their marks (Thai vowels and tones)
    for (let start = 0; start < chars.length; start++)
      for (const length of [1, 2, 3, 4]) out.add(chars.slice(start, start + length).join(""));
  }
  for (const [word] of text.matchAll(/[\p{sc=Arabic}\p{sc=Hangul}\p{sc=Latin}]+/gu)) out.add(word);
  for (const [symbol] of text.matchAll(/\p{S}/gu)) out.add(symbol);
  return [...out];
}

/** A video's title in German, a compound word in it. */
const GERMAN = { file: "videos/when-volcanic-ash-grounds-airplanes.json", title: "Wenn ein Vulkanausbruch den Flugverkehr stoppt" };

let content: string;
let build: BuildResult;
let edge: EdgeServer;
let files: StaticServer;
let request: typeof Request;
/** By collection (a language's as `de/videos`): its resources and their search fields' texts. */
const lists: Record<string, { resources: JsonObject[]; texts: string[][] }> = {};
/** A list's address: /api/videos, /de/api/videos. */
const address = (list: string) => `/${list.replace(/^(de\/)?/, "$1api/")}`;

beforeAll(async () => {
  content = await tempContent("content");
  for (const [file, fields] of Object.entries(TEXTS)) {
    await writeRecord(content, file, { ...(JSON.parse(await readFile(path.join(content, file), "utf8")) as JsonObject), ...fields });
  }
  const translated = JSON.parse(await readFile(path.join(content, GERMAN.file), "utf8")) as JsonObject;
  await writeRecord(content, `translations/de/videos/${String(translated.uuid)}.json`, {
    fields: { "/title": { source: translated.title, target: GERMAN.title } },
  });
  build = await buildSite({ CONTENT_DIR: content });
  expect(build.code, build.stderr).toBe(0);
  for (const [list, kind] of [
    ["videos", "video"],
    ["units", "unit"],
    ["de/videos", "video"],
  ] as const) {
    const resources = await readJson<JsonObject[]>(build, `${address(list).slice(1)}/index.json`);
    lists[list] = { resources, texts: resources.map((r) => searchTexts(kind, r)) };
  }
  [edge, files] = await Promise.all([startEdgeServer(build.outDir), serveStatic(build.outDir)]);
  ({ request } = await import(pathToFileURL(path.join(build.outDir, SHIM_FILE)).href));
}, 60_000);

afterAll(async () => {
  await Promise.all([edge?.stop(), files?.close()]);
  if (build) await rm(path.dirname(build.outDir), { recursive: true, force: true });
  await rm(path.dirname(content), { recursive: true, force: true });
});

/** `list`: a key of `lists` (a collection, or a language's collection as `de/videos`). */
type Search = (list: string, query: string) => Promise<string[]>;

/** The uuids the edge function answers a search with. */
const atTheEdge: Search = async (list, query) => {
  const res = await rawRequest(edge.port, "GET", `${address(list)}?search=${encodeURIComponent(query)}&fields=uuid&format=json`);
  expect(res.status, query).toBe(200);
  return (JSON.parse(res.body.toString()) as { uuid: string }[]).map((r) => r.uuid);
};

/** The uuids the browser shim answers a search with. */
const inTheShim: Search = async (list, query) =>
  ((await request(files.url, address(list), { search: query, fields: "uuid" })).data as { uuid: string }[]).map((r) => r.uuid);

describe.each([
  ["at the edge", atTheEdge],
  ["in the browser shim", inTheShim],
] as const)("search in every script, %s", (_where, search: Search) => {
  it("answers the table of the unit whose subtitle is '地理 · الجغرافيا · Géographie — a multilingual unit 🌏🌋' as DRF does", async () => {
    const { resources, texts } = lists.units;
    const unit = resources.find((r) => r.subtitle === MULTILINGUAL_SUBTITLE)!;
    for (const query of ["地理", "地", "理", "🌏", "🌋", "الجغرافيا", "géographie", "🌏🌋", "理 🌋"]) {
      const drf = resources.filter((_, i) => drfMatches(texts[i], query)).map((r) => r.uuid);
      expect(drf, query).toEqual([unit.uuid]);
      expect(await search("units", query), query).toEqual(drf);
    }
  });

  it("finds every record that holds a word, run of characters or symbol drawn from the multilingual texts", async () => {
    const misses: string[] = [];
    let asked = 0;
    for (const collection of ["videos", "units"]) {
      const { resources, texts } = lists[collection];
      const queries = new Set(
        Object.entries(TEXTS).flatMap(([file, fields]) =>
          file.startsWith(collection) ? queriesFrom(Object.values(fields).join(" ")) : [],
        ),
      );
      for (const query of queries) {
        const expected = resources.filter((_, i) => drfMatchesWherePromised(texts[i], query)).map((r) => String(r.uuid));
        expect(expected.length, query).toBeGreaterThan(0);
        const found = new Set(await search(collection, query));
        asked += 1;
        for (const uuid of expected) if (!found.has(uuid)) misses.push(`${collection}: "${query}" misses ${uuid}`);
      }
    }
    expect(asked).toBeGreaterThan(300);
    expect(misses).toEqual([]);
  });

  it("keeps DRF's AND: every word of a query must be found, and a run is found only in the records that hold its pairs", async () => {
    const tower = lists.videos.resources.find((r) => r.title === "東京タワー")!;
    expect(await search("videos", "東京タワー 電波塔")).toEqual([tower.uuid]);
    expect(await search("videos", "東京タワー 火山")).toEqual([]);
    expect(await search("videos", "京タ")).toEqual([tower.uuid]);
    expect(await search("videos", "タワ東")).toEqual([]);
    expect(await search("units", "2024年")).toEqual(
      lists.units.resources.filter((_, i) => drfMatches(lists.units.texts[i], "2024年")).map((r) => r.uuid),
    );
  });

  it("finds a word inside a word as DRF's icontains does: 'olcan', 'biology' in Microbiology, 'ausbruch' in a German tree's Vulkanausbruch", async () => {
    const drf = (list: string, query: string) =>
      lists[list].resources.filter((_, i) => drfMatches(lists[list].texts[i], query)).map((r) => r.uuid);
    const german = lists["de/videos"].resources.find((r) => r.title === GERMAN.title)!;
    const microbiology = lists.videos.resources.find((r) => String(r.title).startsWith("Microbiology"))!;
    expect(drf("videos", "olcan").length).toBeGreaterThan(1);
    expect(drf("videos", "biology")).toContain(microbiology.uuid);
    expect(drf("de/videos", "ausbruch")).toEqual([german.uuid]);
    for (const [list, query] of [
      ["videos", "olcan"],
      ["videos", "OLCAN"],
      ["videos", "biology"],
      ["videos", "crobio"],
      ["de/videos", "ausbruch"],
      ["de/videos", "kanausbruch"],
      ["videos", "ausbruch"],
    ]) {
      expect(await search(list, query), `${list}: ${query}`).toEqual(drf(list, query));
    }
  });
});
