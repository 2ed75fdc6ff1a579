/**
 * Two deflate threads (deflate-worker.ts), one per core of the machine the
 * build is measured on: `deflate` hands a batch to the thread with fewer
 * batches owed, and resolves with its local records.
 */
import { WorkerThread } from "../write/worker-thread.ts";
import type { DeflateReply, DeflateSource, DeflateTask } from "./deflate-worker.ts";
import type { ZipEntryInfo } from "./zip-writer.ts";

const THREADS = 2;

/** A batch as the archive's local records, one after another, and what each holds. */
export interface DeflatedBatch {
  readonly records: Uint8Array;
  readonly infos: readonly ZipEntryInfo[];
}

interface Owed {
  resolve(batch: DeflatedBatch): void;
  reject(error: Error): void;
}

export class DeflateThreads {
  /** Per thread, the batches it owes, in the order posted (a thread answers in that order). */
  private readonly owed = Array.from({ length: THREADS }, () => [] as Owed[]);
  private readonly threads = this.owed.map(
    (owed) =>
      new WorkerThread<DeflateTask, DeflateReply>(new URL("./deflate-worker.ts", import.meta.url), {
        reply: (reply) => {
          const waiting = owed.shift();
          if (reply.kind === "error") waiting?.reject(new Error(reply.message));
          else waiting?.resolve(reply);
        },
        stopped: (error) => {
          for (const waiting of owed.splice(0)) waiting.reject(error);
        },
      }),
  );

  deflate(sources: readonly DeflateSource[], mtime: Date): Promise<DeflatedBatch> {
    const n = this.owed.reduce((least, owed, i) => (owed.length < this.owed[least].length ? i : least), 0);
    return new Promise((resolve, reject) => {
      this.threads[n].post({ sources, mtime });
      this.owed[n].push({ resolve, reject });
    });
  }
}
