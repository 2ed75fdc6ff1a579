/**
 * Writes many small files, and lists piece by piece, from a second thread
 * (write-worker.ts) so that the disk work overlaps the rendering: operations
 * go in batches of about a megabyte, at most a few batches ahead of the disk,
 * so memory stays flat however big the catalogue is. The thread writes with
 * synchronous calls, one file after another, which on this kind of disk beats
 * many writes in flight on the thread pool (see README, Performance).
 *
 * One thread serves every FileWriter of the process (watch mode makes one per
 * save) and does not keep the process alive while it has nothing to do.
 */
import { Worker } from "node:worker_threads";
import type { WorkerReply, WriteBatch, WriteOp } from "./write-ops.ts";
import { WriteStats } from "./write-stats.ts";

const BATCH_CHARS = 1 << 18;
const MAX_BATCHES_IN_FLIGHT = 4;
const STREAM_CHUNK = 256 * 1024;

// A worker thread does not inherit tsx's module loader (Node 20), so it
// registers it before importing its TypeScript module.
const WORKER_BOOTSTRAP = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL("./write-worker.ts", import.meta.url).href)}); });`;

/** The process's writing thread, started on first use; replies go to the FileWriter that sent the batch. */
class WriterThread {
  private worker?: Worker;
  private busy = 0;
  private readonly writers = new Map<number, FileWriter>();

  send(writer: FileWriter, batch: WriteBatch): void {
    const worker = (this.worker ??= this.start());
    this.writers.set(batch.writer, writer);
    if (this.busy++ === 0) worker.ref();
    worker.postMessage(batch);
  }

  private start(): Worker {
    const worker = new Worker(WORKER_BOOTSTRAP, { eval: true });
    worker.on("message", (reply: WorkerReply) => {
      const writer = this.writers.get(reply.writer);
      if (reply.kind !== "error" && --this.busy === 0) worker.unref();
      if (reply.kind === "stats") this.writers.delete(reply.writer);
      writer?.receive(reply);
    });
    const stop = (error: Error) => {
      this.worker = undefined;
      this.busy = 0;
      for (const writer of this.writers.values()) writer.fail(error);
      this.writers.clear();
    };
    worker.on("error", stop);
    worker.on("exit", () => stop(new Error("The writing thread stopped.")));
    return worker;
  }
}

const thread = new WriterThread();
let nextWriterId = 0;
let nextStreamId = 0;

export class FileWriter {
  private readonly id = nextWriterId++;
  private batch: WriteOp[] = [];
  private batchChars = 0;
  private inFlight = 0;
  private wakeUp?: () => void;
  private failure?: Error;
  private finished?: { resolve: () => void; reject: (error: Error) => void };

  /** `stats` may be shared, to count several writers' files together; it is complete after `flush`. */
  constructor(private readonly outDir: string, readonly stats = new WriteStats()) {}

  /** @internal A reply of the writing thread. */
  receive(reply: WorkerReply): void {
    if (reply.kind === "done") {
      this.inFlight -= 1;
      this.wakeUp?.();
    } else if (reply.kind === "error") {
      this.fail(new Error(`Writing the output failed: ${reply.message}`));
    } else {
      this.stats.merge(reply.byExtension);
      this.finished?.resolve();
    }
  }

  /** @internal */
  fail(error: Error): void {
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

  private async send(last = false): Promise<void> {
    while (this.inFlight >= MAX_BATCHES_IN_FLIGHT && !this.failure) await new Promise<void>((resolve) => (this.wakeUp = resolve));
    if (this.failure) throw this.failure;
    thread.send(this, { writer: this.id, outDir: this.outDir, ops: this.batch, last });
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
    const id = nextStreamId++;
    await this.queue({ kind: "open", id, file }, 0);
    return new StreamedFile(this, id);
  }

  /** Wait until everything queued is written; `stats` then counts it. */
  async flush(): Promise<WriteStats> {
    await this.send(true);
    // Replies arrive as events, after this continuation: nothing is missed.
    await new Promise<void>((resolve, reject) => (this.finished = { resolve, reject }));
    if (this.failure) throw this.failure;
    return this.stats;
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
