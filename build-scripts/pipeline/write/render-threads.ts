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
import type { WriteTarget } from "./file-writer.ts";
import { WorkerThread } from "./worker-thread.ts";
import type { TermTable } from "../../core/search/term-numbers.ts";

const THREADS = 2;
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
}

/** Called with each chunk in order; `last` on a job's last chunk (a job without records has one empty chunk). */
export type TakeChunk = (job: RenderJob, start: number, chunk: RenderedChunk, last: boolean) => void;

/**
 * Rendered chunks kept between runs of the writer in one process (`npm run
 * dev`), as Eleventy's incremental mode keeps what it rendered: a chunk whose
 * records are the very same objects, at the same place of the same list, is
 * taken again rather than rendered (its files are on disk already).
 */
export class KeptChunks {
  private readonly byCollection = new Map<string, { records: readonly RecordToRender[]; chunk: RenderedChunk }[]>();

  find(collection: string, start: number, records: readonly RecordToRender[]): RenderedChunk | undefined {
    const kept = this.byCollection.get(collection)?.[start / RECORDS_PER_TASK];
    const same = kept?.records.length === records.length && kept.records.every((r, i) => r.record === records[i].record);
    return same ? kept.chunk : undefined;
  }

  /** Chunk `start` of the collection's list, in place of the last run's (`last`: the list ends with it). */
  keep(collection: string, start: number, records: readonly RecordToRender[], chunk: RenderedChunk, last: boolean): void {
    const chunks = this.byCollection.get(collection) ?? [];
    this.byCollection.set(collection, chunks);
    chunks[start / RECORDS_PER_TASK] = { records, chunk };
    if (last) chunks.length = start / RECORDS_PER_TASK + 1;
  }
}

interface Waiting {
  readonly thread: number;
  resolve(chunk: RenderedChunk): void;
  reject(error: Error): void;
}

/** The threads, started once and kept for every build of the process that made them. */
export class RenderThreads {
  private readonly waiting = new Map<number, Waiting>();
  private readonly queued = Array.from({ length: THREADS }, () => 0);
  /** Each thread's term table, grown from its replies in the order it sends them. */
  private readonly tables = Array.from({ length: THREADS }, () => ({ terms: [] as string[] }));
  private nextId = 0;
  private readonly threads = Array.from(
    { length: THREADS },
    (_, n) =>
      new WorkerThread<RenderTask, RenderReply>(new URL("./render-worker.ts", import.meta.url), {
        reply: (reply) => {
          // Every reply carries the terms the thread numbered since its last one.
          for (const term of reply.newTerms) this.tables[n].terms.push(term);
          const waiting = this.waiting.get(reply.id);
          if (!waiting) return;
          this.settle(reply.id, waiting);
          if (reply.kind === "error") waiting.reject(new Error(`Rendering failed: ${reply.message}`));
          else {
            const { formats, recordFiles, stats, found, termEnds } = reply;
            waiting.resolve({ formats, recordFiles, stats, terms: { table: this.tables[n], numbers: found, ends: termEnds } });
          }
        },
        stopped: (error) => {
          this.tables[n] = { terms: [] }; // a thread started afresh numbers afresh
          for (const [id, waiting] of this.waiting) {
            if (waiting.thread !== n) continue;
            this.settle(id, waiting);
            waiting.reject(error);
          }
        },
      }),
  );

  private settle(id: number, waiting: Waiting): void {
    this.waiting.delete(id);
    this.queued[waiting.thread] -= 1;
  }

  /** Start the threads now, so that their start-up overlaps other work. */
  start(): void {
    for (const thread of this.threads) thread.start();
  }

  private task(task: Omit<RenderTask, "id">): Promise<RenderedChunk> {
    const thread = this.queued.indexOf(Math.min(...this.queued));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const waiting = { thread, resolve, reject };
      this.waiting.set(id, waiting);
      this.queued[thread] += 1;
      try {
        this.threads[thread].post({ ...task, id });
      } catch (error) {
        this.settle(id, waiting);
        reject(error as Error);
      }
    });
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
    { kept, signal }: { readonly kept?: KeptChunks; readonly signal?: AbortSignal } = {},
  ): Promise<void> {
    const tasks = jobs.flatMap((job) =>
      Array.from({ length: Math.max(1, Math.ceil(job.records.length / RECORDS_PER_TASK)) }, (_, n) => {
        const start = n * RECORDS_PER_TASK;
        return { job, start, records: job.records.slice(start, start + RECORDS_PER_TASK) };
      }),
    );
    const results: Promise<RenderedChunk>[] = [];
    let sent = 0;
    try {
      for (const [k, { job, start, records }] of tasks.entries()) {
        signal?.throwIfAborted();
        for (; sent < tasks.length && sent <= k + AHEAD; sent++) {
          const { job, start, records } = tasks[sent];
          const collection = job.collection.name;
          const found = kept?.find(collection, start, records);
          // A kept chunk's files are on disk already: none is written now.
          const again = found && { ...found, stats: { byExtension: [], filesByFolder: [] } };
          results[sent] = again ? Promise.resolve(again) : this.task({ target, context, collection, start, records });
          results[sent].catch(() => {}); // awaited in turn below
        }
        const chunk = await results[k];
        delete results[k]; // taken: its buffers may go once the lists have them
        const last = start + RECORDS_PER_TASK >= job.records.length;
        kept?.keep(job.collection.name, start, records, chunk, last);
        take(job, start, chunk, last);
      }
    } catch (error) {
      // Let the threads finish what they were given, so nothing writes into the output after this.
      await Promise.allSettled(results.filter(Boolean));
      throw error;
    }
  }
}
