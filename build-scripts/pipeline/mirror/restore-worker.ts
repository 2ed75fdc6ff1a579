/**
 * A restore thread: writes a run of the kept mirror's entries (restore-site.ts)
 * below the staging folder, each inflated and its CRC-32 and size checked.
 * Two threads, because writing tens of thousands of small files is the
 * kernel's work more than ours, and it uses both cores as the render threads'
 * writes do.
 */
import { closeSync, mkdirSync, openSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parentPort } from "node:worker_threads";
import { crc32, inflateRawSync } from "node:zlib";
import { readStoredRun, type PriorEntry } from "./zip-reader.ts";

export interface RestoreTask {
  readonly archive: string;
  /** The folder the archive unpacks to: its entries' names start with it. */
  readonly folder: string;
  readonly staging: string;
  /** Entries that follow one another in the archive, read at once. */
  readonly run: readonly PriorEntry[];
}

export type RestoreReply = { readonly kind: "written"; readonly files: number } | { readonly kind: "error"; readonly message: string };

/** An entry's bytes, or an error that names it. */
function inflated(data: Uint8Array, name: string): Buffer {
  try {
    return inflateRawSync(data);
  } catch (error) {
    throw new Error(`${name} is damaged: ${(error as Error).message}`, { cause: error });
  }
}

function write({ archive, folder, staging, run }: RestoreTask): void {
  const fd = openSync(archive, "r");
  try {
    const stored = readStoredRun(fd, run);
    let folderMade = "";
    for (const [n, entry] of run.entries()) {
      if (!entry.name.startsWith(`${folder}/`)) throw new Error(`${entry.name} is outside ${folder}/`);
      const file = entry.method === "deflated" ? inflated(stored[n], entry.name) : stored[n];
      if (file.length !== entry.size || crc32(file) !== entry.crc) throw new Error(`${entry.name} is damaged`);
      const target = path.join(staging, entry.name.slice(folder.length + 1));
      // Entries come folder by folder: one mkdir for each.
      if (path.dirname(target) !== folderMade) mkdirSync((folderMade = path.dirname(target)), { recursive: true });
      writeFileSync(target, file);
    }
  } finally {
    closeSync(fd);
  }
}

parentPort?.on("message", (task: RestoreTask) => {
  let reply: RestoreReply;
  try {
    write(task);
    reply = { kind: "written", files: task.run.length };
  } catch (error) {
    reply = { kind: "error", message: (error as Error).message };
  }
  parentPort?.postMessage(reply);
});
