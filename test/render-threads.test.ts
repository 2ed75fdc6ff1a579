/**
 * The render threads: records go out in chunks to two threads and come back
 * in list order, across chunk and collection boundaries (a chunk is whole
 * HTML pages and whole search record files); a failure in a
 * thread fails the build (it does not hang) after the threads have stopped
 * writing.
 */
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prepareBuild } from "../build-scripts/pipeline/prepare.ts";
import { findCollection } from "../build-scripts/core/catalogue/collections.ts";
import type { SourceRecord } from "../build-scripts/core/catalogue/resource.ts";
import { FORMATS, JSON_ITEM } from "../build-scripts/core/formats/formats.ts";
import { instanceFile } from "../build-scripts/core/routes/output-tree.ts";
import { RECORDS_PER_FILE } from "../build-scripts/core/search/build-index.ts";
import { resourceTerms } from "../build-scripts/core/search/search-fields.ts";
import { CHUNK } from "../build-scripts/pipeline/write/render-messages.ts";
import { recordTermNumbers, renderRecords, type RenderedChunk, type RenderJob } from "../build-scripts/pipeline/write/render-threads.ts";
import { writeApiTree } from "../build-scripts/pipeline/write/write-api-tree.ts";
import { PROJECT_DIR } from "./helpers/build-site.ts";

/** The sample videos, `copies` times over (new uuids). */
async function manyVideos(copies: number): Promise<SourceRecord[]> {
  const { catalogue } = await prepareBuild(PROJECT_DIR);
  return Array.from({ length: copies }, (_, copy) =>
    catalogue.lists.get("videos")!.map(({ record: r }) => ({ ...r, uuid: `${r.uuid.slice(0, -4)}${String(copy).padStart(4, "0")}` })),
  ).flat();
}

async function jobs(): Promise<{ jobs: RenderJob[]; config: Awaited<ReturnType<typeof prepareBuild>>["config"] }> {
  const { catalogue, config } = await prepareBuild(PROJECT_DIR);
  const records = (name: string) => catalogue.lists.get(name)!.map((e) => e.record);
  // 35 videos made 245, so the videos take three chunks.
  const videos = await manyVideos(7);
  return {
    config,
    jobs: [
      { collection: findCollection("videos")!, records: videos },
      { collection: findCollection("activities")!, records: [] },
      { collection: findCollection("units")!, records: records("units") },
    ],
  };
}

/** Record i's search terms, from the chunk's numbers. */
const termsOf = (chunk: RenderedChunk, i: number) => Array.from(recordTermNumbers(chunk.terms, i), (n) => chunk.terms.table.terms[n]);

describe("render threads", () => {
  it("take whole search record files at a time (and whole HTML pages, by definition)", () => {
    expect(CHUNK % RECORDS_PER_FILE).toBe(0);
  });

  it("render every record, write its files, and hand back its list entries and items in list order", async () => {
    const { jobs: all, config } = await jobs();
    const outDir = await mkdtemp(path.join(tmpdir(), "render-threads-"));
    const seen: { collection: string; start: number; uuids: string[]; last: boolean }[] = [];
    let files = 0;
    await renderRecords(
      all,
      config,
      outDir,
      (job, start, chunk, last) => {
        seen.push({ collection: job.collection.name, start, uuids: chunk.items.map((i) => JSON.parse(i[JSON_ITEM]).uuid), last });
        expect(chunk.terms.ends).toHaveLength(chunk.items.length);
        for (const [i, items] of chunk.items.entries()) {
          expect(termsOf(chunk, i)).toEqual(resourceTerms(job.collection, JSON.parse(items[JSON_ITEM])));
        }
        const json = new TextDecoder().decode(chunk.entries[JSON_ITEM]);
        expect(JSON.parse(`[${start === 0 ? json : json.slice(1)}]`)).toEqual(chunk.items.map((i) => JSON.parse(i[JSON_ITEM])));
        for (const [, counts] of chunk.stats.byExtension) files += counts.files;
      },
      { keepItems: true },
    );
    for (const job of all) {
      const chunks = seen.filter((s) => s.collection === job.collection.name);
      expect(chunks.flatMap((c) => c.uuids)).toEqual(job.records.map((r) => r.uuid));
      expect(chunks.map((c) => c.last)).toEqual(chunks.map((_, i) => i === chunks.length - 1));
    }
    expect(seen.map((s) => s.collection).filter((name, i, names) => name !== names[i - 1])).toEqual(["videos", "activities", "units"]);
    expect(seen.filter((s) => s.collection === "videos").length).toBeGreaterThanOrEqual(3);
    const recordFiles = all.reduce((n, job) => n + Math.ceil(job.records.length / RECORDS_PER_FILE), 0);
    expect(files).toBe((245 + all[2].records.length) * FORMATS.length + recordFiles);
    const last = all[0].records.at(-1)!;
    const written = JSON.parse(await readFile(path.join(outDir, instanceFile("videos", last.uuid, "json")), "utf8"));
    expect(written.uuid).toBe(last.uuid);
  });

  it("let the build report progress every 1,000 resources of a list, and nothing for an empty one", async () => {
    const { catalogue, config } = await prepareBuild(PROJECT_DIR);
    const videos = (await manyVideos(60)).map((record) => ({ collection: findCollection("videos")!, record, file: "" }));
    const lists = new Map([...catalogue.lists].map(([name, list]) => [name, name === "videos" ? videos : list]));
    const reported: string[] = [];
    const outDir = await mkdtemp(path.join(tmpdir(), "render-threads-"));
    await writeApiTree({ lists }, config, outDir, {
      progress: (collection, done, total) => reported.push(`${collection} ${done}/${total}`),
    });
    expect(reported).toEqual(["videos 1000/2100", "videos 2000/2100"]);
  });

  it("stop taking chunks once the build has failed elsewhere", async () => {
    const { jobs: all, config } = await jobs();
    const outDir = await mkdtemp(path.join(tmpdir(), "render-threads-"));
    const failed = new AbortController();
    let taken = 0;
    const rendering = renderRecords(
      all,
      config,
      outDir,
      () => {
        if (++taken === 1) failed.abort(new Error("Eleventy failed"));
      },
      { signal: failed.signal },
    );
    await expect(rendering).rejects.toThrow("Eleventy failed");
    expect(taken).toBe(1);
  });

  it("fail the build with the thread's error when a file cannot be written", async () => {
    const { jobs: all, config } = await jobs();
    const notAFolder = path.join(await mkdtemp(path.join(tmpdir(), "render-threads-")), "file");
    await writeFile(notAFolder, "");
    await expect(renderRecords(all, config, notAFolder, () => {})).rejects.toThrow(/Rendering failed: .*(ENOTDIR|EEXIST)/);
  });

  it("keep the numbering of search terms in step with the main thread across a thread's error", async () => {
    const { config } = await jobs();
    // Words no thread has numbered yet, and a file where the third record's folder should be: the task fails
    // after numbering the first two records' terms, which must still reach the main thread's copy.
    const words = `unnumbered${Date.now()}`;
    const records = (await manyVideos(1)).map((r, i) => ({ ...r, title: `${r.title} ${words}${i}` }));
    const job = { collection: findCollection("videos")!, records };
    const blocked = await mkdtemp(path.join(tmpdir(), "render-threads-"));
    await mkdir(path.join(blocked, "api/videos"), { recursive: true });
    await writeFile(path.join(blocked, path.dirname(instanceFile("videos", records[2].uuid, "json"))), "");
    await expect(renderRecords([job], config, blocked, () => {})).rejects.toThrow(/Rendering failed: .*(ENOTDIR|EEXIST)/);
    const outDir = await mkdtemp(path.join(tmpdir(), "render-threads-"));
    let checked = 0;
    await renderRecords(
      [job],
      config,
      outDir,
      (_job, _start, chunk) => {
        for (const [i, items] of chunk.items.entries()) {
          expect(termsOf(chunk, i)).toEqual(resourceTerms(job.collection, JSON.parse(items[JSON_ITEM])));
          checked += 1;
        }
      },
      { keepItems: true },
    );
    expect(checked).toBe(records.length);
  });
});
