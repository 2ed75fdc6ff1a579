/**
 * A deflate thread: reads each file of a batch (or takes its bytes), deflates
 * it at the archive's level (or stores it as it is when deflate would not
 * shrink it), and answers the batch as the archive's local records. An entry
 * of the previous archive (or of another of the same site) with the same
 * CRC-32 and size has its compressed bytes copied from it instead: a CRC
 * costs far less than deflate. A large file is deflated in pieces, each
 * copied from an earlier archive that holds it (pieces.ts).
 * Batches, and zlib's synchronous calls, because the average file is a few
 * kB: an asynchronous zlib call per file costs several times its deflate.
 */
import { closeSync, openSync, readFileSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { crc32, deflateRawSync } from "node:zlib";
import { readAt } from "../load/read-at.ts";
import { deflatePieces, findPiece, type PackedPieces, type PieceTable } from "./pieces.ts";
import { readStoredBytes, type PriorEntry } from "./zip-reader.ts";
import { localRecords, type ZipEntry, type ZipEntryInfo } from "./zip-writer.ts";
import { ownBuffers } from "../threads/own-buffers.ts";
import { memoized } from "../../core/memo.ts";

/**
 * Deflate level 2: at 10,000 resources it deflates as fast as level 1 and
 * 2 % smaller, in two thirds of level 6's time for 6 % more (docs/mirror.md).
 */
export const ARCHIVE_LEVEL = 2;

/**
 * A file to archive under `name`: read from `file`, or the bytes given;
 * `prior`, an entry that may hold its bytes compressed; or `same`, an entry
 * known to hold its very bytes (of another archive made from the site as it
 * is), copied unread.
 */
export type DeflateSource =
  | (({ readonly name: string; readonly file: string } | { readonly name: string; readonly data: Uint8Array }) & { readonly prior?: Prior })
  | { readonly name: string; readonly same: Prior };

/** An entry of the archive `in` (the previous one, or another written from the same site), with its pieces. */
export interface Prior {
  readonly entry: PriorEntry;
  readonly in: string;
  readonly pieces?: PackedPieces;
}

export interface DeflateTask {
  readonly sources: readonly DeflateSource[];
  /** The entries' modification time. */
  readonly mtime: Date;
  /** Pieces earlier archives hold (their files, in the table's order of sources). */
  readonly pieces?: { readonly table: PieceTable; readonly archives: readonly string[] };
}

export type DeflateReply =
  | {
      readonly kind: "deflated";
      readonly records: Uint8Array;
      readonly infos: readonly ZipEntryInfo[];
      /** Each entry's pieces, if it was cut in pieces. */
      readonly pieces: readonly (PackedPieces | undefined)[];
      readonly copied: number;
      /** Bytes of files deflated in pieces whose compressed pieces were copied. */
      readonly reused: number;
    }
  | { readonly kind: "error"; readonly message: string };

/**
 * zlib's state sized to the file: deflateInit allocates and clears a window of
 * 2^windowBits × 2 bytes and hash tables of 2^(memLevel + 7) × 2, 64 kB and more at
 * the defaults, for files of a few kB. A window no larger than the file finds
 * every match it would find (9 is the least raw deflate takes).
 */
function stateFor(size: number): { windowBits: number; memLevel: number } {
  const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(size))));
  return { windowBits, memLevel: Math.max(1, Math.min(9, windowBits - 6)) };
}

/** An entry, and what it took from earlier archives. */
type Made = ZipEntry & { readonly copied?: boolean; readonly pieces?: PackedPieces; readonly reused?: number };

/** The source's entry; `copied` when its bytes came from its prior entry's archive (`open` gives that archive's file); `find`, a piece's compressed bytes. */
function entryOf(source: DeflateSource, open: (archive: string) => number, find: (key: Uint8Array) => Uint8Array | undefined): Made {
  const copy = ({ entry, in: archive, pieces }: Prior): Made => {
    const { method, crc, size } = entry;
    return { name: source.name, method, crc, size, data: readStoredBytes(open(archive), entry), copied: true, pieces };
  };
  if ("same" in source) return copy(source.same);
  const data = "file" in source ? readFileSync(source.file) : source.data;
  const base = { name: source.name, crc: crc32(data), size: data.length };
  if (source.prior?.entry.crc === base.crc && source.prior.entry.size === base.size) return copy(source.prior);
  const pieced = deflatePieces(data, ARCHIVE_LEVEL, find);
  if (pieced) return pieced.data.length < data.length ? { ...base, method: "deflated", ...pieced } : { ...base, method: "stored", data };
  const deflated = deflateRawSync(data, { level: ARCHIVE_LEVEL, ...stateFor(data.length) });
  return deflated.length < data.length ? { ...base, method: "deflated", data: deflated } : { ...base, method: "stored", data };
}

parentPort?.on("message", ({ sources, mtime, pieces }: DeflateTask) => {
  let reply: DeflateReply;
  const archives = new Map<string, number>();
  const open = (archive: string) => memoized(archives, archive, () => openSync(archive, "r"));
  const find = (key: Uint8Array) => {
    const found = pieces && findPiece(pieces.table, key);
    return found && readAt(open(pieces.archives[found.archive]), found.at, found.stored);
  };
  try {
    let [copied, reused] = [0, 0];
    const made = sources.map((source) => entryOf(source, open, find));
    const entries = made.map(({ name, method, crc, size, data, copied: wasCopied, reused: bytes }) => {
      if (wasCopied) copied++;
      reused += bytes ?? 0;
      return { name, method, crc, size, data };
    });
    const records = localRecords(entries, mtime);
    reply = { kind: "deflated", copied, reused, pieces: made.map((entry) => entry.pieces), ...records };
  } catch (error) {
    reply = { kind: "error", message: error instanceof Error ? error.message : String(error) };
  } finally {
    for (const fd of archives.values()) closeSync(fd);
  }
  parentPort?.postMessage(reply, reply.kind === "deflated" ? ownBuffers([reply.records]) : []);
});
