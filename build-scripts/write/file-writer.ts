/**
 * Writes many small files, and lists piece by piece, from a second thread
 * (write-worker.ts) so that the disk work overlaps the rendering: operations
 * are sent in batches of about a megabyte, at most a few batches ahead of the
 * disk, so memory stays flat however big the catalogue is. The thread writes
 * with synchronous calls, one file after another, which on this kind of disk
 * beats many writes in flight on the thread pool (see README, Performance).
 */
import { Worker } from "node:worker_threads";
import type { WorkerReply, WriteOp } from "./write-ops.ts";
import { WriteStats } from "./write-stats.ts";

const BATCH_CHARS = 1 << 20;
const MAX_BATCHES_IN_FLIGHT = 4;
const STREAM_CHUNK = 256 * 1024;

// A worker thread does not inherit tsx's module loader (Node 20), so it
// registers it before importing its TypeScript module.
const WORKER_BOOTSTRAP = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL("./write-worker.ts", import.meta.url).href)}); });`;

export class FileWriter {
  private readonly worker: Worker;
  private batch: WriteOp[] = [];
  private batchChars = 0;
  private inFlight = 0;
  private wakeUp?: () => void;
  private failure?: Error;
  private nextStreamId = 0;
  private finished?: { resolve: (stats: WriteStats) => void; reject: (error: Error) => void };

  constructor(outDir: string) {
    this.worker = new Worker(WORKER_BOOTSTRAP, { eval: true, workerData: { outDir } });
    this.worker.on("message", (reply: WorkerReply) => this.receive(reply));
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", () => this.fail(new Error("The writing thread stopped before the end.")));
  }

  private receive(reply: WorkerReply): void {
    if (reply.kind === "done") {
      this.inFlight -= 1;
      this.wakeUp?.();
    } else if (reply.kind === "error") {
      this.fail(new Error(`Writing the output failed: ${reply.message}`));
    } else {
      const stats = new WriteStats();
      for (const [ext, entry] of reply.byExtension) stats.byExtension.set(ext, entry);
      this.finished?.resolve(stats);
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.wakeUp?.();
    this.finished?.reject(this.failure);
  }

  /** Queue an operation; resolves once the writing thread has room for more. */
  async queue(op: WriteOp, chars: number): Promise<void> {
    if (this.failure) throw this.failure;
    this.batch.push(op);
    this.batchChars += chars;
    if (this.batchChars >= BATCH_CHARS) await this.send();
  }

  private async send(): Promise<void> {
    while (this.inFlight >= MAX_BATCHES_IN_FLIGHT && !this.failure) await new Promise<void>((resolve) => (this.wakeUp = resolve));
    if (this.failure) throw this.failure;
    this.worker.postMessage(this.batch);
    this.inFlight += 1;
    this.batch = [];
    this.batchChars = 0;
  }

  /** Queue a whole file. */
  write(file: string, text: string): Promise<void> {
    return this.queue({ kind: "file", file, text }, text.length);
  }

  /** A file written piece by piece. */
  async stream(file: string): Promise<StreamedFile> {
    const id = this.nextStreamId++;
    await this.queue({ kind: "open", id, file }, 0);
    return new StreamedFile(this, id);
  }

  /** Wait for every queued write; returns what was written. */
  async flush(): Promise<WriteStats> {
    try {
      if (this.batch.length) await this.send();
      const stats = new Promise<WriteStats>((resolve, reject) => (this.finished = { resolve, reject }));
      if (this.failure) throw this.failure;
      this.worker.postMessage("end");
      return await stats;
    } finally {
      await this.abort();
    }
  }

  /** Stop the writing thread (what is queued may not be written). */
  async abort(): Promise<void> {
    this.worker.removeAllListeners("exit");
    await this.worker.terminate();
  }
}

export class StreamedFile {
  private buffer = "";

  constructor(private readonly writer: FileWriter, private readonly id: number) {}

  async append(text: string): Promise<void> {
    this.buffer += text;
    if (this.buffer.length >= STREAM_CHUNK) await this.drainBuffer();
  }

  private async drainBuffer(): Promise<void> {
    const text = this.buffer;
    this.buffer = "";
    await this.writer.queue({ kind: "append", id: this.id, text }, text.length);
  }

  async close(): Promise<void> {
    if (this.buffer) await this.drainBuffer();
    await this.writer.queue({ kind: "close", id: this.id }, 0);
  }
}
