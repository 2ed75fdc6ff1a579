/**
 * An update's starting point: the site as the previous run left it, written
 * from the mirror archive that run kept (build-state.ts) — every file of the
 * site but downloads/ and the CMS's admin/, which every build writes whole —
 * into the staging folder, then swapped in for the output, the kept archives
 * linked back into downloads/. So the cache carries a few large files rather
 * than the site's hundreds of thousands, and whatever became of the output
 * folder (a file edited or removed, a build killed halfway) an update starts
 * from bytes whose CRC-32 each entry checks.
 */
import { closeSync, mkdirSync, openSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32, inflateRawSync } from "node:zlib";
import { readAt } from "../load/read-at.ts";
import { clearStaging, stagingDir, swapInStaging } from "../write/swap-output.ts";
import { followedBy, readCentralDirectory, type PriorEntry } from "./zip-reader.ts";
import { localRecordBytes } from "./zip-writer.ts";

/** At most this many bytes of the archive read at once. */
const READ_BYTES = 8 << 20;

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

/** An entry's bytes, or an error that names it. */
function inflated(data: Uint8Array, name: string): Buffer {
  try {
    return inflateRawSync(data);
  } catch (error) {
    throw new Error(`${name} is damaged: ${(error as Error).message}`, { cause: error });
  }
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
  const folders = new Set<string>();
  const fd = openSync(archive, "r");
  try {
    for (const run of runs(entries)) {
      const start = run[0].offset;
      const last = run.at(-1)!;
      const bytes = readAt(fd, start, last.offset + localRecordBytes(last) - start);
      for (const entry of run) {
        if (!entry.name.startsWith(`${folder}/`)) throw new Error(`${entry.name} is outside ${folder}/`);
        const at = entry.offset - start;
        const data = bytes.subarray(at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28)).subarray(0, entry.stored);
        const file = entry.method === "deflated" ? inflated(data, entry.name) : data;
        if (file.length !== entry.size || crc32(file) !== entry.crc) throw new Error(`${entry.name} is damaged`);
        const target = path.join(staging, entry.name.slice(folder.length + 1));
        const dir = path.dirname(target);
        if (!folders.has(dir)) {
          mkdirSync(dir, { recursive: true });
          folders.add(dir);
        }
        writeFileSync(target, file);
      }
    }
  } catch (error) {
    await clearStaging(outDir);
    throw error;
  } finally {
    closeSync(fd);
  }
  await swapInStaging(outDir);
  return entries.length;
}
