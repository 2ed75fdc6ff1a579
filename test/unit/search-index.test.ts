/**
 * The published index: split by term so that a query reads only the term
 * files its words fall in; postings survive their compact encoding.
 */
import { describe, expect, it } from "vitest";
import { queryFile, searchManifestFile } from "../../build-scripts/core/routes/output-tree.ts";
import { SearchIndexBuilder } from "../../build-scripts/core/search/build-index.ts";
import { TermNumbers } from "../../build-scripts/core/search/term-numbers.ts";
import { addIndexTerms } from "../../build-scripts/core/search/words.ts";
import { RecordFinder } from "../../build-scripts/core/search/find-records.ts";
import { ENGLISH } from "../../build-scripts/core/search/languages.ts";
import { decodePostings, encodePostings } from "../../build-scripts/core/search/postings.ts";
import { buildIndex, indexedLists, indexFiles, recordTerms } from "../helpers/memory-index.ts";

function published(texts: readonly (readonly string[])[], termFileChars: number) {
  const index = buildIndex(texts, termFileChars);
  const files = indexFiles("videos", index);
  const read: string[] = [];
  const finder = new RecordFinder(async (file) => (read.push(file), files.get(file)), "videos");
  return { index, finder, read };
}

describe("the search index", () => {
  it("encodes postings compactly and decodes them exactly", () => {
    const positions = [0, 1, 2, 31, 32, 33, 1000, 1001, 65_000, 1_000_000];
    const decoded: number[] = [];
    decodePostings(encodePostings(positions), (p) => decoded.push(p));
    expect(decoded).toEqual(positions);
    expect(encodePostings([0, 1, 2, 3, 4])).toBe("AAAAA");
  });

  it("encodes lists of every length with one reused buffer: short after long, long after short, and gaps up to 2^31", () => {
    const long = Int32Array.from({ length: 50_000 }, (_, i) => i * 3);
    const huge = [0, 2 ** 31 - 1];
    for (const positions of [[5], long, [7, 8], huge, long.subarray(10, 20), []]) {
      const decoded: number[] = [];
      decodePostings(encodePostings(positions), (p) => decoded.push(p));
      expect(decoded).toEqual(Array.from(positions));
    }
    expect(encodePostings(long)).toBe(`A${"C".repeat(49_999)}`);
  });

  it("reads ahead a typed query's term files, so that its search reads nothing more; words under three characters are not read ahead", async () => {
    const videos = (await indexedLists()).find((l) => l.collection.name === "videos")!;
    const { finder, read } = published(videos.texts, 800);
    await finder.prefetch("oc");
    expect(read.filter((f) => f.includes("/terms-"))).toEqual([]);
    await finder.prefetch("ocean curr");
    const ahead = read.filter((f) => f.includes("/terms-"));
    expect(ahead.length).toBeGreaterThan(0);
    const found = await finder.find("ocean currents");
    expect(read.filter((f) => f.includes("/terms-"))).toEqual(ahead);
    expect(found!.map((p) => videos.resources[p].uuid)).toEqual((await videos.search("ocean currents")).map((r) => r.uuid));
  });

  it("is cut into term files; a query reads the manifest and only the files its words fall in", async () => {
    const videos = (await indexedLists()).find((l) => l.collection.name === "videos")!;
    const { index, finder, read } = published(videos.texts, 800);
    expect(index.termFiles.length).toBeGreaterThan(10);
    const found = await finder.find("ocean");
    expect(found!.map((p) => videos.resources[p].uuid)).toEqual((await videos.search("ocean")).map((r) => r.uuid));
    const termFiles = read.filter((f) => f.includes("/terms-"));
    expect(read[0]).toBe(searchManifestFile("videos"));
    expect(termFiles.length).toBeGreaterThan(0);
    expect(termFiles.length).toBeLessThanOrEqual(2);
    for (const file of termFiles) {
      const n = Number(file.match(/terms-(\d+)/)![1]);
      const first = index.manifest.termFiles[n];
      const next = index.manifest.termFiles[n + 1] ?? "\uffff";
      expect(first <= "ocean\uffff" && next > "ocea", `${file}: ${first}…${next}`).toBe(true);
    }
  });

  it("finds the same records however finely the index is cut", async () => {
    const videos = (await indexedLists()).find((l) => l.collection.name === "videos")!;
    const fine = published(videos.texts, 500).finder;
    for (const query of ["volcano", "volcanoes", "a", "the ocean", "café", "z", "10", "plate tectonic"]) {
      expect(await fine.find(query), query).toEqual(await videos.finder.find(query));
    }
  });

  it("comes out the same from terms numbered by two render threads as by one", async () => {
    const videos = (await indexedLists()).find((l) => l.collection.name === "videos")!;
    const termsPerRecord = videos.texts.map(recordTerms);
    // Records go to the threads in turn; each thread numbers the terms it meets, and its table grows from its replies.
    const threads = [new TermNumbers(), new TermNumbers()];
    const tables = [{ terms: [] as string[] }, { terms: [] as string[] }];
    const numbered = new SearchIndexBuilder(ENGLISH.stem);
    termsPerRecord.forEach((terms, i) => {
      const n = i % 2;
      threads[n].nextRecord();
      for (const text of videos.texts[i]) addIndexTerms(text, threads[n]);
      const { newTerms, found } = threads[n].take();
      tables[n].terms.push(...newTerms);
      expect(Array.from(found, (k) => tables[n].terms[k])).toEqual(terms);
      numbered.addNumbered(found, tables[n]);
    });
    expect(numbered.finish(500)).toEqual(buildIndex(videos.texts, 500));
  });

  it("finds emoji and other symbols as words; a query of punctuation alone narrows nothing", async () => {
    const { finder } = published([["🌋Eruption at dawn"], ["Lava flows"], ["A 🌋 and a 🌊"], ["Price: $5"]], 10_000);
    expect(await finder.find("🌋")).toEqual([0, 2]);
    expect(await finder.find("🌋 🌊")).toEqual([2]);
    expect(await finder.find("eruption")).toEqual([0]);
    expect(await finder.find("$5")).toEqual([3]);
    expect(await finder.find("5")).toEqual([3]);
    expect(await finder.find("?! …")).toBeUndefined();
  });

  it("matches a word with the same stem both ways: 'pony' and 'ponies'", async () => {
    const { finder, index } = published([["ponies"], ["pony"], ["pond"]], 10_000);
    expect(await finder.find("pony")).toEqual([0, 1]);
    expect(await finder.find("ponies")).toEqual([0, 1]);
    expect(index.manifest.stemAliases).toEqual({});
  });

  it("looks up by name the terms the manifest lists under a stem they do not begin with", async () => {
    // Porter's stems begin like their words (all but the last letter); the manifest lists any exception.
    const files = new Map([
      [
        searchManifestFile("videos"),
        JSON.stringify({
          version: 4,
          records: 2,
          recordsPerFile: 25,
          termFiles: ["a", "v"],
          termFileStarts: [0, 1],
          fragmentFiles: [],
          stemAliases: { volcano: ["zvolcano"] },
          uuidBits: 0,
          files: { terms: ["t0.txt", "t1.txt"], fragments: [], records: [], uuids: [], entries: {}, columns: {} },
        }),
      ],
      [queryFile("videos", "t0.txt"), "ash A\n"],
      [queryFile("videos", "t1.txt"), "volcano A\nzvolcano B\n"],
    ]);
    const finder = new RecordFinder(async (file) => files.get(file), "videos");
    expect(await finder.find("volcanoes")).toEqual([0, 1]);
  });
});
