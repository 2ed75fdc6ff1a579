/**
 * `search`: given the sample catalogue and a query, these are the records the
 * user gets (the rules of docs/search.md).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../../build-scripts/core/catalogue/resource.ts";
import { SEARCH_FIELDS } from "../../build-scripts/core/search/search-fields.ts";
import { plainText } from "../../build-scripts/core/search/plain-text.ts";
import { drfMatches, drfMatchesWherePromised } from "../helpers/drf-search-filter.ts";
import { indexedLists, inMemoryIndex, type IndexedList } from "../helpers/memory-index.ts";

let lists: IndexedList[];
let videos: IndexedList;
beforeAll(async () => {
  lists = await indexedLists();
  videos = lists.find((l) => l.collection.name === "videos")!;
});

const titles = async (list: IndexedList, query: string) => (await list.search(query)).map((r) => r.title);
const list = (name: string) => lists.find((l) => l.collection.name === name)!;

describe("search", () => {
  it("needs every word to match (AND), as DRF's SearchFilter", async () => {
    const ocean = await titles(videos, "ocean");
    const currents = await titles(videos, "currents");
    const both = await titles(videos, "ocean currents");
    expect(both).toEqual(["How Ocean Currents Move Heat Around the Planet"]);
    expect(both).toEqual(ocean.filter((t) => currents.includes(t)));
  });

  it("takes words separated by spaces or commas", async () => {
    expect(await titles(videos, "ocean,currents")).toEqual(await titles(videos, "ocean currents"));
    expect(await titles(videos, " ocean ,  currents, ")).toEqual(await titles(videos, "ocean currents"));
  });

  it("ignores case and accents both ways", async () => {
    expect(await titles(videos, "OCEAN")).toEqual(await titles(videos, "ocean"));
    expect(await titles(videos, "cafe")).toEqual(["Café Culture in Vienna", "From Farm to Cafe: Following a Coffee Bean"]);
    expect(await titles(videos, "café")).toEqual(await titles(videos, "cafe"));
    expect(await titles(videos, "aeroskobing")).toEqual(["Ærøskøbing: Life in a Danish Island Town"]);
    expect(await titles(videos, "kilauea")).toEqual(["Inside Kīlauea’s Summit Lava Lake"]);
  });

  it("finds words of any script, not only Latin ones", async () => {
    const fuji = await titles(videos, "富士山");
    expect(fuji.length).toBeGreaterThan(0);
    expect(fuji.length).toBeLessThan(videos.resources.length);
    expect(await titles(videos, "富士山 zzyzx")).toEqual([]);
  });

  it("matches by stem and as a word prefix", async () => {
    // "volcanoes" finds videos whose text says "volcano" but never "volcanoes".
    const singular = videos.resources.filter(
      (_, i) => /\bvolcano\b/i.test(videos.texts[i].join(" ")) && !/volcanoes/i.test(videos.texts[i].join(" ")),
    );
    expect(singular.length).toBeGreaterThan(0);
    expect(await titles(videos, "volcanoes")).toEqual(expect.arrayContaining(singular.map((r) => r.title)));
    // "volcano" finds volcanoes and volcanologists too.
    expect(await titles(list("lessons"), "volcano")).toContain("Living with Volcanoes");
    expect(await titles(list("articles"), "volcano")).toEqual(["How Volcanologists Forecast Eruptions"]);
    expect(await titles(videos, "volcano")).toContain("A Day with a Volcanologist");
    expect(await titles(videos, "volcanologi")).toContain("A Day with a Volcanologist");
  });

  it("finds a word of three characters or more inside words, as DRF's icontains: 'olcan', 'biology' in Microbiology", async () => {
    const drf = (l: IndexedList, query: string) => l.resources.filter((_, i) => drfMatches(l.texts[i], query)).map((r) => r.title);
    const olcan = await titles(videos, "olcan");
    expect(olcan).toContain("A Day with a Volcanologist");
    expect(olcan).toEqual(drf(videos, "olcan"));
    expect(await titles(videos, "OLCAN")).toEqual(olcan);
    const texts = [["Microbiology of the deep sea"], ["Marine biology"], ["A biologist's notes"], ["Vulkanausbruch am Ätna"], ["Bio"]];
    const index = inMemoryIndex(texts);
    expect(await index.find("biology")).toEqual([0, 1]);
    expect(await index.find("ausbruch")).toEqual([3]);
    expect(await index.find("kanaus")).toEqual([3]);
    expect(await index.find("tna")).toEqual([3]); // accents ignored inside words too
    expect(await index.find("iol")).toEqual([0, 1, 2]);
  });

  it("finds a word of one or two characters only where a word begins with it, not inside words", async () => {
    const index = inMemoryIndex([["Microbiology"], ["Iodine"], ["Ostrich"]]);
    expect(await index.find("io")).toEqual([1]);
    expect(await index.find("o")).toEqual([2]);
    expect(await index.find("ios")).toEqual([]);
  });

  it("keeps the list's order, and gives [] when nothing matches", async () => {
    const found = await videos.search("the");
    const positions = found.map((r) => videos.resources.indexOf(r));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(await videos.search("ocean zzyzx")).toEqual([]);
    expect(await videos.search("qwertyuiop")).toEqual([]);
  });

  it("lets stop words narrow nothing (Lunr's list): 'history of maps' is 'history maps'", async () => {
    expect(await titles(videos, "history of maps")).toEqual(await titles(videos, "history maps"));
    expect(await videos.search("the")).toEqual(videos.resources);
  });

  it("looks only in the search fields: videos' title, description, subjects", async () => {
    expect(SEARCH_FIELDS.video).toEqual(["title", "description", "subjects"]);
    expect(await titles(videos, "cartography")).toContain("Mapping the World: A Brief History of Maps"); // a subject
    expect(await videos.search("pritchard")).toEqual([]); // a credit of that video
    expect(await videos.search("embed")).toEqual([]); // in every `content` URL
  });

  it("units: title, subtitle, description, overview", async () => {
    const units = list("units");
    expect(SEARCH_FIELDS.unit).toEqual(["title", "subtitle", "description", "overview"]);
    for (const field of SEARCH_FIELDS.unit) {
      const unit = units.resources.find((r) => typeof r[field] === "string" && plainText(r[field] as string).trim() !== "")!;
      const word = plainText(unit[field] as string).match(/[A-Za-z]{6,}/)![0];
      expect(
        (await units.search(word)).map((r) => r.uuid),
        `${field}: ${word}`,
      ).toContain(unit.uuid);
    }
  });

  it("reads HTML fields as text: markup is not searched, entities are decoded", async () => {
    const maps = videos.resources.find((r) => String(r.description).includes("<strong>"))!;
    expect((await videos.search("strong")).map((r) => r.uuid)).not.toContain(maps.uuid);
    expect(plainText("<p>Salt &amp; pepper</p><p>R&eacute;sum&#233;&#x21;</p>")).toBe(" Salt & pepper  R&eacute;sumé! ");
  });

  it("finds every run of a text, for any mix of scripts, symbols, spaces and punctuation, where DRF's rule says it starts", async () => {
    const pieces = [
      "Ocean",
      "floor",
      "-",
      "—",
      " ",
      "\t",
      "\n",
      "\u00a0",
      "U.S.",
      "café",
      "Ørsted",
      "富士山",
      "東京タワー",
      "ภาษาไทย",
      "한국어",
      "الجغرافيا",
      "2024年",
      "c++",
      "$5",
      "volcano’s",
      "(1998)",
      "K\u212a",
      "x-ray",
      "--",
      "ÉTÉ",
      "🌋",
      "🌏🌋",
      "🇯🇵",
      ",",
      "_",
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const texts = Array.from({ length: 400 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]).join(
        random() < 0.5 ? "" : " ",
      ),
    );
    const index = inMemoryIndex(texts.map((text) => [text]));
    const misses: string[] = [];
    for (const [n, text] of texts.entries()) {
      const chars = Array.from(text);
      for (let start = 0; start < chars.length; start++) {
        const query = chars.slice(start, start + 1 + Math.floor(random() * 8)).join("");
        if (/[\s,]/.test(query) || !drfMatchesWherePromised([text], query)) continue;
        if (!((await index.find(query)) ?? [n]).includes(n)) misses.push(`${JSON.stringify(query)} misses ${JSON.stringify(text)}`);
      }
    }
    expect(misses).toEqual([]);
  });
});

/** Every substring of the texts that starts a word and holds no space or comma, cut to 1–12 characters. */
function wordStartQueries(texts: readonly string[], every: number): string[] {
  const out: string[] = [];
  let n = 0;
  for (const text of texts) {
    const starts = [...text.matchAll(/(?<![\p{L}\p{N}])[\p{L}\p{N}][^\s,]*/gu)];
    for (const [word] of starts) {
      if (n++ % every !== 0) continue;
      for (const length of [1, 2, 3, 5, 8, 12]) if (length <= word.length) out.push(word.slice(0, length));
      out.push(word);
    }
  }
  return out;
}

/** Every substring of 3–8 letters or digits that starts inside a word, every `every`th word. */
function insideWordQueries(texts: readonly string[], every: number): string[] {
  const out: string[] = [];
  let n = 0;
  for (const text of texts) {
    for (const [word] of text.matchAll(/[\p{L}\p{N}]{4,}/gu)) {
      if (n++ % every !== 0) continue;
      const chars = Array.from(word);
      for (let start = 1; start + 3 <= chars.length; start++) out.push(chars.slice(start, start + 3 + (start % 6)).join(""));
    }
  }
  return out;
}

describe("search finds at least what DRF's SearchFilter finds at word starts", () => {
  function check(list: IndexedList, queries: readonly string[]) {
    return Promise.all(
      queries.map(async (query) => {
        const ours = new Set((await list.search(query)).map((r) => r.uuid));
        const missing = list.resources.filter((r, i) => drfMatchesWherePromised(list.texts[i], query) && !ours.has(r.uuid));
        return missing.map((r: JsonObject) => `${list.collection.name}: "${query}" misses ${r.title}`);
      }),
    ).then((misses) => misses.flat());
  }

  it("for one-word queries drawn from every word start of the catalogue", async () => {
    const misses: string[] = [];
    for (const l of lists) misses.push(...(await check(l, wordStartQueries(l.texts.flat(), 1))));
    expect(misses).toEqual([]);
  });

  it("for two- and three-word queries, words from different records", async () => {
    const misses: string[] = [];
    for (const l of lists) {
      const words = wordStartQueries(l.texts.flat(), 7);
      const queries = words.map(
        (w, i) => `${w} ${words[(i * 31 + 5) % words.length]}${i % 3 === 0 ? `,${words[(i * 17 + 2) % words.length]}` : ""}`,
      );
      misses.push(...(await check(l, queries)));
    }
    expect(misses).toEqual([]);
  });

  it("for fragments of three letters or more drawn from inside the catalogue's words", async () => {
    const misses: string[] = [];
    let drawn = 0;
    for (const l of lists) {
      const queries = insideWordQueries(l.texts.flat(), 3);
      drawn += queries.length;
      // Each is promised at least its own record, so a miss would show.
      expect(queries.filter((q) => !l.texts.some((t) => drfMatchesWherePromised(t, q)))).toEqual([]);
      misses.push(...(await check(l, queries)));
    }
    expect(drawn).toBeGreaterThan(1000);
    expect(misses).toEqual([]);
  });

  it("draws many queries, each of which DRF's rule answers with at least its own record", async () => {
    const queries = wordStartQueries(videos.texts.flat(), 5);
    expect(queries.length).toBeGreaterThan(500);
    expect(queries.filter((q) => !videos.texts.some((t) => drfMatchesWherePromised(t, q)))).toEqual([]);
  });
});
