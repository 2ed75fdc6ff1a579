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
import { findCollection, type Collection } from "../build-scripts/core/catalogue/collections.ts";
import type { JsonObject, SourceRecord } from "../build-scripts/core/catalogue/resource.ts";
import type { RenderContext } from "../build-scripts/core/formats/views.ts";
import { FORMATS } from "../build-scripts/core/formats/formats.ts";
import { instanceFile } from "../build-scripts/core/routes/output-tree.ts";
import { siteTree } from "../build-scripts/core/translations/site-tree.ts";
import { RECORDS_PER_FILE } from "../build-scripts/core/search/build-index.ts";
import { searchTexts } from "../build-scripts/core/search/search-fields.ts";
import { RECORDS_PER_TASK } from "../build-scripts/pipeline/write/render-messages.ts";
import {
  KeptChunks,
  recordTermNumbers,
  RenderThreads,
  type RenderedChunk,
  type RenderJob,
} from "../build-scripts/pipeline/write/render-threads.ts";
import { writeApiTree } from "../build-scripts/pipeline/write/write-api-tree.ts";
import { StoredChunks } from "../build-scripts/pipeline/write/stored-chunks.ts";
import { FileWriter } from "../build-scripts/pipeline/write/file-writer.ts";
import { PROJECT_DIR } from "./helpers/build-site.ts";
import { recordTerms } from "./helpers/memory-index.ts";

/** The sample videos, `copies` times over (new uuids). */
async function manyVideos(copies: number): Promise<SourceRecord[]> {
  const { catalogue } = await prepareBuild(PROJECT_DIR);
  return Array.from({ length: copies }, (_, copy) =>
    catalogue.lists.get("videos")!.map(({ record: r }) => ({ ...r, uuid: `${r.uuid.slice(0, -4)}${String(copy).padStart(4, "0")}` })),
  ).flat();
}

const threads = new RenderThreads();
/** Writing into an empty folder, as the build does. */
const into = (dir: string) => new FileWriter(dir).target;

async function jobs(): Promise<{ jobs: RenderJob[]; context: RenderContext }> {
  const { catalogue, config } = await prepareBuild(PROJECT_DIR);
  const records = (name: string) => catalogue.lists.get(name)!.map(({ record, digest }) => ({ record, digest }));
  // 35 videos made 245, so the videos take three chunks.
  const videos = (await manyVideos(7)).map((record) => ({ record, digest: record.uuid }));
  return {
    context: siteTree(config),
    jobs: [
      { collection: findCollection("videos")!, records: videos },
      { collection: findCollection("activities")!, records: [] },
      { collection: findCollection("units")!, records: records("units") },
    ],
  };
}

/** Record i's search terms, from the chunk's numbers. */
/** The terms a resource is found by in its list's search. */
const resourceTerms = (collection: Collection, resource: JsonObject) => recordTerms(searchTexts(collection.kind, resource));
const termsOf = (chunk: RenderedChunk, i: number) => Array.from(recordTermNumbers(chunk.terms, i), (n) => chunk.terms.table.terms[n]);

/** The chunk's records as its JSON list entries hold them (a chunk past the first starts with a comma). */
const jsonItems = (chunk: RenderedChunk, start: number): Record<string, unknown>[] => {
  const json = new TextDecoder().decode(chunk.formats.json.entries);
  return JSON.parse(`[${start === 0 ? json : json.slice(1)}]`);
};

describe("render threads", () => {
  it("take whole search record files at a time (and whole HTML pages, by definition)", () => {
    expect(RECORDS_PER_TASK % RECORDS_PER_FILE).toBe(0);
  });

  it("render every record, write its files, and hand back its list entries and search terms in list order", async () => {
    const { jobs: all, context } = await jobs();
    const outDir = await mkdtemp(path.join(tmpdir(), "render-threads-"));
    const seen: { collection: string; start: number; uuids: string[]; last: boolean }[] = [];
    let files = 0;
    await threads.render(all, context, into(outDir), (job, start, chunk, last) => {
      const items = jsonItems(chunk, start);
      seen.push({ collection: job.collection.name, start, uuids: items.map((i) => i.uuid as string), last });
      expect(chunk.terms.ends).toHaveLength(items.length);
      for (const [i, item] of items.entries()) expect(termsOf(chunk, i)).toEqual(resourceTerms(job.collection, item as JsonObject));
      for (const format of FORMATS) expect(chunk.formats[format.name].entryBytes).toHaveLength(items.length);
      for (const [, counts] of chunk.stats.byExtension) files += counts.files;
    });
    for (const job of all) {
      const chunks = seen.filter((s) => s.collection === job.collection.name);
      expect(chunks.flatMap((c) => c.uuids)).toEqual(job.records.map((r) => r.record.uuid));
      expect(chunks.map((c) => c.last)).toEqual(chunks.map((_, i) => i === chunks.length - 1));
    }
    expect(seen.map((s) => s.collection).filter((name, i, names) => name !== names[i - 1])).toEqual(["videos", "activities", "units"]);
    expect(seen.filter((s) => s.collection === "videos").length).toBeGreaterThanOrEqual(3);
    const recordFiles = all.reduce((n, job) => n + Math.ceil(job.records.length / RECORDS_PER_FILE), 0);
    expect(files).toBe((245 + all[2].records.length) * FORMATS.length + recordFiles);
    const last = all[0].records.at(-1)!.record;
    const written = JSON.parse(await readFile(path.join(outDir, instanceFile("videos", last.uuid, "json")), "utf8"));
    expect(written.uuid).toBe(last.uuid);
  });

  it("let the build report progress every 1,000 resources of a list, and nothing for an empty one", async () => {
    const { catalogue, config } = await prepareBuild(PROJECT_DIR);
    const videos = (await manyVideos(60)).map((record) => ({
      collection: findCollection("videos")!,
      record,
      file: "",
      digest: record.uuid,
    }));
    const lists = new Map([...catalogue.lists].map(([name, list]) => [name, name === "videos" ? videos : list]));
    const reported: string[] = [];
    const outDir = await mkdtemp(path.join(tmpdir(), "render-threads-"));
    const records = new Map([...lists].map(([name, list]) => [name, list.map(({ record, digest }) => ({ record, digest }))]));
    await writeApiTree({ context: siteTree(config), lists: records, folderLimit: config.folderLimit }, new FileWriter(outDir), {
      threads,
      progress: (collection, done, total) => reported.push(`${collection} ${done}/${total}`),
    });
    expect(reported).toEqual(["videos 1000/2100", "videos 2000/2100"]);
  });

  it("stop taking chunks once the build has failed elsewhere", async () => {
    const { jobs: all, context } = await jobs();
    const outDir = await mkdtemp(path.join(tmpdir(), "render-threads-"));
    const failed = new AbortController();
    let taken = 0;
    const rendering = threads.render(
      all,
      context,
      into(outDir),
      () => {
        if (++taken === 1) failed.abort(new Error("Eleventy failed"));
      },
      { signal: failed.signal },
    );
    await expect(rendering).rejects.toThrow("Eleventy failed");
    expect(taken).toBe(1);
  });

  it("fail the build with the thread's error when a file cannot be written", async () => {
    const { jobs: all, context } = await jobs();
    const notAFolder = path.join(await mkdtemp(path.join(tmpdir(), "render-threads-")), "file");
    await writeFile(notAFolder, "");
    await expect(threads.render(all, context, into(notAFolder), () => {})).rejects.toThrow(/Rendering failed: .*(ENOTDIR|EEXIST)/);
  });

  it("keep the numbering of search terms in step with the main thread across a thread's error", async () => {
    const { context } = await jobs();
    // Words no thread has numbered yet, and a file where the third record's folder should be: the task fails
    // after numbering the first two records' terms, which must still reach the main thread's copy.
    const words = `unnumbered${Date.now()}`;
    const records = (await manyVideos(1)).map((r, i) => ({ record: { ...r, title: `${r.title} ${words}${i}` }, digest: `${i}` }));
    const job = { collection: findCollection("videos")!, records };
    const blocked = await mkdtemp(path.join(tmpdir(), "render-threads-"));
    await mkdir(path.join(blocked, "api/videos"), { recursive: true });
    await writeFile(path.join(blocked, path.dirname(instanceFile("videos", records[2].record.uuid, "json"))), "");
    await expect(threads.render([job], context, into(blocked), () => {})).rejects.toThrow(/Rendering failed: .*(ENOTDIR|EEXIST)/);
    const outDir = await mkdtemp(path.join(tmpdir(), "render-threads-"));
    let checked = 0;
    await threads.render([job], context, into(outDir), (_job, start, chunk) => {
      for (const [i, item] of jsonItems(chunk, start).entries()) {
        expect(termsOf(chunk, i)).toEqual(resourceTerms(job.collection, item as JsonObject));
        checked += 1;
      }
    });
    expect(checked).toBe(records.length);
  });

  it("take a kept chunk again where its records are the same objects, and render the chunk of a changed one", async () => {
    const { jobs: all, context } = await jobs();
    const outDir = await mkdtemp(path.join(tmpdir(), "render-threads-"));
    const kept = new KeptChunks();
    const chunks = new Map<string, RenderedChunk>();
    await threads.render(all, context, into(outDir), (job, start, chunk) => chunks.set(`${job.collection.name} ${start}`, chunk), { kept });
    const videos = all[0];
    const edited = { record: { ...videos.records[1].record, title: "Edited" }, digest: "edited" };
    const again = [{ ...videos, records: videos.records.map((r, i) => (i === 1 ? edited : r)) }, ...all.slice(1)];
    const taken: { key: string; same: boolean; files: number; second?: unknown }[] = [];
    await threads.render(
      again,
      context,
      into(outDir),
      (job, start, chunk) => {
        const key = `${job.collection.name} ${start}`;
        const files = chunk.stats.byExtension.reduce((n, [, counts]) => n + counts.files, 0);
        taken.push({ key, same: chunk.formats === chunks.get(key)?.formats, files, second: jsonItems(chunk, start)[1]?.title });
      },
      { kept },
    );
    expect(taken.filter((t) => !t.same).map((t) => t.key)).toEqual(["videos 0"]);
    expect(taken.filter((t) => t.same).every((t) => t.files === 0)).toBe(true);
    expect(taken.find((t) => t.key === "videos 0")).toMatchObject({ second: "Edited", files: RECORDS_PER_TASK * FORMATS.length + 4 });
  });

  it("take a stored chunk again, in another run, where its records are the same, with the same entries and terms", async () => {
    const { jobs: all, context } = await jobs();
    const outDir = await mkdtemp(path.join(tmpdir(), "render-threads-"));
    const file = path.join(outDir, "chunks.pack");
    const first = new StoredChunks(file);
    first.begin(false);
    const seen = new Map<string, { items: unknown[]; terms: string[][] }>();
    const shown = (chunk: RenderedChunk, start: number) => {
      const items = jsonItems(chunk, start);
      return { items, terms: items.map((_, i) => termsOf(chunk, i)) };
    };
    await threads.render(
      all,
      context,
      into(outDir),
      (job, start, chunk) => seen.set(`${job.collection.name} ${start}`, shown(chunk, start)),
      {
        kept: first,
      },
    );
    first.finish();
    // Another run: the same records as new objects (read again), one of them edited.
    const again = all.map((job) => ({ ...job, records: job.records.map((r) => structuredClone(r)) }));
    again[0].records[1] = { record: { ...again[0].records[1].record, title: "Edited" }, digest: "edited" };
    const second = new StoredChunks(file);
    second.begin(true);
    const rendered: string[] = [];
    await threads.render(
      again,
      context,
      into(outDir),
      (job, start, chunk) => {
        const key = `${job.collection.name} ${start}`;
        if (chunk.stats.byExtension.length) rendered.push(key);
        else expect(shown(chunk, start), key).toEqual(seen.get(key));
      },
      { kept: second },
    );
    expect(rendered).toEqual(["videos 0"]);
    expect(second.taken).toBe(seen.size - 1);
  });
});
