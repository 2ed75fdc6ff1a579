/**
 * An update's starting point: the site as the previous run left it, written
 * from the mirror archive that run kept (build-state.ts) — every file of the
 * site but downloads/ and the CMS's admin/, which every build writes whole —
 * into the staging folder, then swapped in for the output, the kept archives
 * linked back into downloads/. So the cache carries a few large files rather
 * than the site's hundreds of thousands, and whatever became of the output
 * folder (a file edited or removed, a build killed halfway) an update starts
 * from bytes whose CRC-32 each entry checks. Two threads inflate and write
 * (restore-worker.ts), in runs of the archive read at once.
 */
import { mkdirSync } from "node:fs";
import { inOrder } from "../threads/in-order.ts";
import { THREADS, WorkerPool } from "../threads/worker-pool.ts";
import { clearStaging, stagingDir, swapInStaging } from "../write/swap-output.ts";
import type { RestoreReply, RestoreTask } from "./restore-worker.ts";
import { followedBy, readCentralDirectory, type PriorEntry } from "./zip-reader.ts";
import { localRecordBytes } from "./zip-writer.ts";

/** At most this many bytes of the archive read at once by a thread. */
const READ_BYTES = 4 << 20;

/** Runs asked of the threads ahead of the one awaited: two each, so neither waits. */
const WINDOW = 2 * THREADS;

const threads = new WorkerPool<RestoreTask, RestoreReply, number>(new URL("./restore-worker.ts", import.meta.url), {
  result: (reply) => {
    if (reply.kind === "error") throw new Error(reply.message);
    return reply.files;
  },
});

/** The runs of entries that follow one another in the archive, each at most READ_BYTES (or one entry). */
function* runs(entries: readonly PriorEntry[]): Generator<PriorEntry[]> {
  let run: PriorEntry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const last = run.at(-1);
    if (last && (!followedBy(last, entry) || bytes + localRecordBytes(entry) > READ_BYTES)) {
      yield run;
      [run, bytes] = [[], 0];
    }
    run.push(entry);
    bytes += localRecordBytes(entry);
  }
  if (run.length) yield run;
}

/**
 * Writes `outDir` from the mirror archive `archive` (unpacking to `folder`,
 * its first `made` entries not files of the site); throws, naming the entry,
 * when the archive is not whole. Returns the files written.
 */
export async function restoreSite(outDir: string, archive: string, folder: string, made: number): Promise<number> {
  const entries = [...readCentralDirectory(archive).values()].slice(made);
  const staging = stagingDir(outDir);
  await clearStaging(outDir);
  mkdirSync(staging, { recursive: true });
  let files = 0;
  try {
    for await (const written of inOrder(runs(entries), WINDOW, (run) => threads.ask({ archive, folder, staging, run }))) files += written;
  } catch (error) {
    await clearStaging(outDir);
    throw error;
  }
  await swapInStaging(outDir);
  return files;
}
