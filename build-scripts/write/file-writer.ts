/**
 * Writes many small files, and lists piece by piece, from two writing threads
 * (write-worker.ts) so that the disk work overlaps the rendering: operations
 * go in batches of 256 k characters, at most a few batches ahead of the disk,
 * so memory stays flat however big the catalogue is. Each thread writes with
 * synchronous calls, one file after another, which beats many writes in
 * flight on the thread pool; two threads keep both cores busy when creating a
 * file costs the kernel much CPU (see README, Performance). Files go to the
 * threads folder by folder, a streamed file always to the same thread.
 *
 * The threads serve every FileWriter of the process (watch mode makes one per
 * save) and do not keep the process alive while they have nothing to do.
 */
import { Worker } from "node:worker_threads";
import type { WorkerReply, WriteBatch, WriteOp } from "./write-ops.ts";
import { WriteStats } from "./write-stats.ts";

const BATCH_CHARS = 1 << 18;
const MAX_BATCHES_IN_FLIGHT = 4;
const THREADS = 2;
const STREAM_CHUNK = 256 * 1024;

// A worker thread does not inherit tsx's module loader (Node 20), so it
// registers it before importing its TypeScript module.
const WORKER_BOOTSTRAP = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL("./write-worker.ts", import.meta.url).href)}); });`;

/** One of the process's writing threads, started on first use; replies go to the FileWriter that sent the batch. */
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

const threads = Array.from({ length: THREADS }, () => new WriterThread());
let nextWriterId = 0;
let nextStreamId = 0;

/** The operations bound for one writing thread. */
interface Lane {
  batch: WriteOp[];
  chars: number;
}

export class FileWriter {
  private readonly id = nextWriterId++;
  private readonly lanes: Lane[] = threads.map(() => ({ batch: [], chars: 0 }));
  /** Files go to the threads folder by folder, so each thread makes its own folders. */
  private fileLane = 0;
  private lastFolder = "";
  private inFlight = 0;
  private statsDue = 0;
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
      if (--this.statsDue === 0) this.finished?.resolve();
    }
  }

  /** @internal */
  fail(error: Error): void {
    this.failure ??= error;
    this.wakeUp?.();
    this.finished?.reject(this.failure);
  }

  private laneOf(op: WriteOp): number {
    if (op.kind !== "file") return op.id % threads.length;
    const folder = op.file.slice(0, op.file.lastIndexOf("/"));
    if (folder !== this.lastFolder) {
      this.lastFolder = folder;
      this.fileLane = (this.fileLane + 1) % threads.length;
    }
    return this.fileLane;
  }

  /** Queue an operation; resolves once the writing threads have room for more. */
  async queue(op: WriteOp, chars: number): Promise<void> {
    if (this.failure) throw this.failure;
    const lane = this.laneOf(op);
    this.lanes[lane].batch.push(op);
    this.lanes[lane].chars += chars;
    if (this.lanes[lane].chars >= BATCH_CHARS) await this.send(lane);
  }

  private async send(lane: number, last = false): Promise<void> {
    while (this.inFlight >= MAX_BATCHES_IN_FLIGHT * threads.length && !this.failure) await new Promise<void>((resolve) => (this.wakeUp = resolve));
    if (this.failure) throw this.failure;
    threads[lane].send(this, { writer: this.id, outDir: this.outDir, ops: this.lanes[lane].batch, last });
    this.inFlight += 1;
    this.lanes[lane] = { batch: [], chars: 0 };
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
    this.statsDue = threads.length;
    for (let lane = 0; lane < threads.length; lane++) await this.send(lane, true);
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
