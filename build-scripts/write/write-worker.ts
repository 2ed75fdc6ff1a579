/**
 * The writing thread of FileWriter: carries out batches of file operations
 * with synchronous calls, in order, so the disk work overlaps the rendering
 * on the main thread. Answers each batch with "done" (or "error", after which
 * that writer's operations are skipped), and a writer's last batch with what
 * it wrote.
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { parentPort } from "node:worker_threads";
import type { WorkerReply, WriteBatch, WriteOp } from "./write-ops.ts";
import { WriteStats } from "./write-stats.ts";

interface WriterState {
  readonly stats: WriteStats;
  /** Folders this writer made (per writer: between two writers, folders may be moved or removed). */
  readonly madeDirs: Set<string>;
  failed: boolean;
}

const streams = new Map<number, { file: string; fd: number; bytes: number }>();
const writers = new Map<number, WriterState>();

function run(op: WriteOp, outDir: string, { stats, madeDirs }: WriterState): void {
  const ensureDir = (target: string) => {
    const dir = path.dirname(target);
    if (madeDirs.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    madeDirs.add(dir);
  };
  switch (op.kind) {
    case "file": {
      const target = path.join(outDir, op.file);
      ensureDir(target);
      writeFileSync(target, op.text);
      stats.add(op.file, Buffer.byteLength(op.text));
      return;
    }
    case "open": {
      const target = path.join(outDir, op.file);
      ensureDir(target);
      streams.set(op.id, { file: op.file, fd: openSync(target, "w"), bytes: 0 });
      return;
    }
    case "append": {
      const stream = streams.get(op.id)!;
      stream.bytes += writeSync(stream.fd, op.text);
      return;
    }
    case "close": {
      const stream = streams.get(op.id)!;
      closeSync(stream.fd);
      streams.delete(op.id);
      stats.add(stream.file, stream.bytes);
      return;
    }
  }
}

const reply = (message: WorkerReply) => parentPort!.postMessage(message);

parentPort!.on("message", (batch: WriteBatch) => {
  let writer = writers.get(batch.writer);
  if (!writer) writers.set(batch.writer, (writer = { stats: new WriteStats(), madeDirs: new Set(), failed: false }));
  if (!writer.failed) {
    try {
      for (const op of batch.ops) run(op, batch.outDir, writer);
    } catch (error) {
      writer.failed = true;
      reply({ kind: "error", writer: batch.writer, message: (error as Error).message });
    }
  }
  if (batch.last) {
    writers.delete(batch.writer);
    reply({ kind: "stats", writer: batch.writer, byExtension: [...writer.stats.byExtension] });
  } else {
    reply({ kind: "done", writer: batch.writer });
  }
});
