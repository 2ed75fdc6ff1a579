/**
 * The build's render threads (render-worker.ts). Records go to them in tasks
 * of RECORDS_PER_TASK, at most AHEAD tasks beyond the one the caller is
 * taking, so memory stays flat however big the catalogue is; each task goes
 * to the thread with the least work queued, and results are handed over in
 * order. Rendering is most of the build's work: two threads use both cores of
 * the machine it is measured on (docs/performance.md).
 */
import type { Collection } from "../../core/catalogue/collections.ts";
import type { RenderContext } from "../../core/formats/views.ts";
import { RECORDS_PER_TASK, type RecordToRender, type RenderReply, type RenderTask } from "./render-messages.ts";
import { inOrder } from "../threads/in-order.ts";
import { THREADS, WorkerPool } from "../threads/worker-pool.ts";
import type { WriteTarget } from "./file-writer.ts";
import type { TermTable } from "../../core/search/term-numbers.ts";
import { NOTHING_WRITTEN } from "./write-stats.ts";

/** Tasks sent beyond the one being taken: two per thread keep both busy. */
const AHEAD = 2 * THREADS;

type Rendered = Extract<RenderReply, { kind: "rendered" }>;

export interface RenderedChunk extends Pick<Rendered, "formats" | "recordFiles" | "stats"> {
  /** The search terms of records start…, as numbers of a thread's term table. */
  readonly terms: ChunkTerms;
}

export interface ChunkTerms {
  readonly table: TermTable;
  readonly numbers: Int32Array;
  /** Record i's terms run up to ends[i], from ends[i - 1] (or 0). */
  readonly ends: Int32Array;
}

/** Record i's terms, as numbers of the chunk's table. */
export const recordTermNumbers = (terms: ChunkTerms, i: number) => terms.numbers.subarray(i === 0 ? 0 : terms.ends[i - 1], terms.ends[i]);

/** A collection and the records of it to render (in list order). */
export interface RenderJob {
  readonly collection: Collection;
  readonly records: readonly RecordToRender[];
  /** Record slices per subfolder of the list's search files, once they are split (core/routes/tree-layout.ts). */
  readonly slicesPerFolder?: number;
  /** Whether a record's own files are on disk as this run would write them (WriteOptions' `unchanged`). */
  readonly unchanged?: (uuid: string) => boolean;
}

/** Called with each chunk in order; `last` on a job's last chunk (a job without records has one empty chunk). */
export type TakeChunk = (job: RenderJob, start: number, chunk: RenderedChunk, last: boolean) => void;

/** Where rendered chunks are kept between runs of the writer (their files are on disk already), to be taken again rather than rendered. */
export interface ChunkStore {
  /** Before a tree is rendered, its layout as JSON: chunks of another layout wrote their files elsewhere. */
  forLayout(layout: string): void;
  /** The chunk rendered for these records at `start` of the collection's list, if it is kept. */
  find(collection: string, start: number, records: readonly RecordToRender[]): RenderedChunk | undefined;
  /** Chunk `start` of the collection's list, in place of the last run's (`last`: the list ends with it). */
  keep(collection: string, start: number, records: readonly RecordToRender[], chunk: RenderedChunk, last: boolean): void;
}

/**
 * Rendered chunks kept between runs of the writer in one process (`npm run
 * dev`), as Eleventy's incremental mode keeps what it rendered: a chunk whose
 * records are the very same objects, at the same place of the same list, is
 * taken again rather than rendered (its files are on disk already).
 * Across processes: stored-chunks.ts.
 */
export class KeptChunks implements ChunkStore {
  private readonly byCollection = new Map<string, { records: readonly RecordToRender[]; chunk: RenderedChunk }[]>();
  private layout?: string;

  /** Forgets every chunk when the tree's layout (as JSON) is not the last run's: their files are elsewhere now. */
  forLayout(layout: string): void {
    if (this.layout !== undefined && this.layout !== layout) this.byCollection.clear();
    this.layout = layout;
  }

  find(collection: string, start: number, records: readonly RecordToRender[]): RenderedChunk | undefined {
    const kept = this.byCollection.get(collection)?.[start / RECORDS_PER_TASK];
    const same = kept?.records.length === records.length && kept.records.every((r, i) => r.record === records[i].record);
    return same ? kept.chunk : undefined;
  }

  keep(collection: string, start: number, records: readonly RecordToRender[], chunk: RenderedChunk, last: boolean): void {
    const chunks = this.byCollection.get(collection) ?? [];
    this.byCollection.set(collection, chunks);
    chunks[start / RECORDS_PER_TASK] = { records, chunk };
    if (last) chunks.length = start / RECORDS_PER_TASK + 1;
  }
}

/** The threads, started once and kept for every build of the process that made them. */
export class RenderThreads {
  /** Each thread's term table, grown from its replies in the order it sends them. */
  private readonly tables = Array.from({ length: THREADS }, () => ({ terms: [] as string[] }));
  private readonly pool = new WorkerPool<RenderTask, RenderReply, RenderedChunk>(new URL("./render-worker.ts", import.meta.url), {
    result: (reply, n) => {
      // Every reply carries the terms the thread numbered since its last one.
      for (const term of reply.newTerms) this.tables[n].terms.push(term);
      if (reply.kind === "error") throw new Error(`Rendering failed: ${reply.message}`);
      const { formats, recordFiles, stats, found, termEnds } = reply;
      return { formats, recordFiles, stats, terms: { table: this.tables[n], numbers: found, ends: termEnds } };
    },
    stopped: (n) => {
      this.tables[n] = { terms: [] }; // a thread started afresh numbers afresh
    },
  });

  /** Ends the threads, freeing their memory (a build that made its own threads, once done). */
  close(): Promise<void> {
    return this.pool.close();
  }

  /** Start the threads now, so that their start-up overlaps other work. */
  start(): void {
    this.pool.start();
  }

  /**
   * Render every record of the jobs and write its own files (and the search's
   * record files) where `target` says; `take` gets what the lists and search
   * indexes need. `kept`: chunks of an earlier run to take again where their
   * records are the same, and to keep this run's in; `signal` stops the
   * rendering (the build failed elsewhere).
   */
  async render(
    jobs: readonly RenderJob[],
    context: RenderContext,
    target: WriteTarget,
    take: TakeChunk,
    { kept, signal }: { readonly kept?: ChunkStore; readonly signal?: AbortSignal } = {},
  ): Promise<void> {
    const tasks = jobs.flatMap((job) =>
      Array.from({ length: Math.max(1, Math.ceil(job.records.length / RECORDS_PER_TASK)) }, (_, n) => {
        const start = n * RECORDS_PER_TASK;
        return { job, start, records: job.records.slice(start, start + RECORDS_PER_TASK) };
      }),
    );
    const chunks = inOrder(tasks, AHEAD + 1, async ({ job, start, records }) => {
      signal?.throwIfAborted();
      const collection = job.collection.name;
      const found = kept?.find(collection, start, records);
      // A kept chunk's files are on disk already: none is written now.
      if (found) return { ...found, stats: NOTHING_WRITTEN };
      const unchanged = job.unchanged && records.map(({ record }) => job.unchanged!(record.uuid));
      return this.pool.ask({ target, context, collection, start, records, slicesPerFolder: job.slicesPerFolder, unchanged });
    });
    let k = 0;
    for await (const chunk of chunks) {
      signal?.throwIfAborted();
      const { job, start, records } = tasks[k++];
      const last = start + RECORDS_PER_TASK >= job.records.length;
      kept?.keep(job.collection.name, start, records, chunk, last);
      take(job, start, chunk, last);
    }
  }
}
