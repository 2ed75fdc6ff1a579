/**
 * The build's render threads (render-worker.ts). Records go to them in chunks
 * of CHUNK, at most AHEAD chunks beyond the one the caller is taking, so
 * memory stays flat however big the catalogue is; each chunk goes to the
 * thread with the least work queued, and results are handed over in order.
 * Rendering is most of the build's work: two threads use both cores of the
 * machine it is measured on (docs/performance.md).
 */
import type { Collection } from "../../core/catalogue/collections.ts";
import type { SourceRecord } from "../../core/catalogue/resource.ts";
import type { SiteConfig } from "../../core/catalogue/site-config.ts";
import { CHUNK, type RenderReply, type RenderTask } from "./render-messages.ts";
import { WorkerThread } from "./worker-thread.ts";
import type { TermTable } from "../../core/search/term-numbers.ts";
import type { ResourceTranslation } from "../../core/translations/localize.ts";

const THREADS = 2;
const AHEAD = 2 * THREADS;

type Rendered = Extract<RenderReply, { kind: "rendered" }>;

export interface RenderedChunk extends Pick<
  Rendered,
  "entries" | "entryBytes" | "columns" | "columnDigests" | "recordFiles" | "items" | "parts" | "stats"
> {
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

interface Waiting {
  readonly thread: number;
  resolve(chunk: RenderedChunk): void;
  reject(error: Error): void;
}

class RenderThreads {
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
            const { found, termEnds, newTerms: _, kind: __, id: ___, ...chunk } = reply;
            waiting.resolve({ ...chunk, terms: { table: this.tables[n], numbers: found, ends: termEnds } });
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

  start(): void {
    for (const thread of this.threads) thread.start();
  }

  render(task: Omit<RenderTask, "id">): Promise<RenderedChunk> {
    const thread = this.queued.indexOf(Math.min(...this.queued));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { thread, resolve, reject });
      this.queued[thread] += 1;
      try {
        this.threads[thread].post({ ...task, id });
      } catch (error) {
        this.settle(id, this.waiting.get(id)!);
        reject(error as Error);
      }
    });
  }
}

const renderThreads = new RenderThreads();

/** Start the render threads now, so that their start-up overlaps other work. */
export const startRenderThreads = () => renderThreads.start();

/** A collection and the records of it to render (in list order). */
export interface RenderJob {
  readonly collection: Collection;
  readonly records: readonly SourceRecord[];
  /** A language's tree: its language, and what each record's XLIFF says of its texts (in list order). */
  readonly translations?: { readonly language: string; readonly records: readonly ResourceTranslation[] };
}

/** Called with each chunk in order; `last` on a job's last chunk (a job without records has one empty chunk). */
export type TakeChunk = (job: RenderJob, start: number, chunk: RenderedChunk, last: boolean) => void;

/**
 * Render every record of the jobs and write its own files (and the search's
 * record files) below `outDir`; `take` gets what the lists and search indexes
 * need, and the items too with `keepItems`.
 */
export async function renderRecords(
  jobs: readonly RenderJob[],
  config: SiteConfig,
  outDir: string,
  take: TakeChunk,
  { keepItems = false, signal }: { keepItems?: boolean; signal?: AbortSignal } = {},
): Promise<void> {
  const tasks = jobs.flatMap((job) =>
    Array.from({ length: Math.max(1, Math.ceil(job.records.length / CHUNK)) }, (_, n) => ({ job, start: n * CHUNK })),
  );
  const results: (Promise<RenderedChunk> | undefined)[] = [];
  let sent = 0;
  try {
    for (const [k, { job, start }] of tasks.entries()) {
      signal?.throwIfAborted();
      for (; sent < tasks.length && sent <= k + AHEAD; sent++) {
        const task = tasks[sent];
        const records = task.job.records.slice(task.start, task.start + CHUNK);
        const translations = task.job.translations;
        results[sent] = renderThreads.render({
          outDir,
          config,
          collection: task.job.collection.name,
          start: task.start,
          records,
          translations: translations && { ...translations, records: translations.records.slice(task.start, task.start + CHUNK) },
          keepItems,
        });
        results[sent]!.catch(() => {}); // awaited in turn below
      }
      const chunk = await results[k]!;
      results[k] = undefined;
      take(job, start, chunk, start + CHUNK >= job.records.length);
    }
  } catch (error) {
    // Let the threads finish what they were given, so nothing writes into the output after this.
    await Promise.allSettled(results.filter(Boolean));
    throw error;
  }
}
