/**
 * The writing thread of FileWriter: receives batches of file operations and
 * carries them out with synchronous calls, in order, one batch at a time, so
 * the disk work overlaps the rendering on the main thread. Replies "done"
 * after each batch (or the first error), and its statistics at the end.
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import type { WriteOp, WorkerReply } from "./write-ops.ts";
import { WriteStats } from "./write-stats.ts";

const outDir = (workerData as { outDir: string }).outDir;
const stats = new WriteStats();
const madeDirs = new Set<string>();
const open = new Map<number, { file: string; fd: number; bytes: number }>();

function ensureDir(target: string): void {
  const dir = path.dirname(target);
  if (madeDirs.has(dir)) return;
  mkdirSync(dir, { recursive: true });
  madeDirs.add(dir);
}

function run(op: WriteOp): void {
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
      open.set(op.id, { file: op.file, fd: openSync(target, "w"), bytes: 0 });
      return;
    }
    case "append": {
      const stream = open.get(op.id)!;
      stream.bytes += writeSync(stream.fd, op.text);
      return;
    }
    case "close": {
      const stream = open.get(op.id)!;
      closeSync(stream.fd);
      open.delete(op.id);
      stats.add(stream.file, stream.bytes);
      return;
    }
  }
}

let failed = false;
parentPort!.on("message", (message: WriteOp[] | "end") => {
  if (message === "end") {
    parentPort!.postMessage({ kind: "stats", byExtension: [...stats.byExtension] } satisfies WorkerReply);
    return;
  }
  if (failed) return;
  try {
    for (const op of message) run(op);
    parentPort!.postMessage({ kind: "done" } satisfies WorkerReply);
  } catch (error) {
    failed = true;
    parentPort!.postMessage({ kind: "error", message: (error as Error).message } satisfies WorkerReply);
  }
});
