/**
 * A file of 256 KiB and more is deflated in pieces cut where its own bytes
 * say (a gear hash, as FastCDC cuts), each piece a deflate stream of its own
 * ended by a sync flush, with the 32 KiB before it as its dictionary, the entry closed by
 * an empty final block: one valid deflate stream, within 1 % of deflating it
 * whole (docs/mirror.md). A piece's compressed bytes depend on its bytes and
 * the piece before it only, so an edit, an addition or a removal changes the
 * pieces around it and the rest of a list keeps its cuts; the next archive
 * copies those pieces' compressed bytes (a `PieceTable` of the archives it
 * may copy from) rather than deflate them again.
 */
import { sha256Hash } from "../../hashes.ts";
import { constants, deflateRawSync } from "node:zlib";
import { localRecordBytes } from "./zip-writer.ts";
import type { PriorEntry } from "./zip-reader.ts";

/** The least a piece holds but at a file's end: the deflate window, so a piece's dictionary lies within the piece before it. */
const PIECE_MIN = 32 << 10;
/** The most a piece holds. */
const PIECE_MAX = 256 << 10;
/**
 * The least a file cut in pieces holds: a page or record slice (under 100 kB)
 * shifted by a removal shares no piece with its old self but in the middle,
 * so it is deflated whole, as fast as before.
 */
const PIECED_FROM = PIECE_MAX;
/** A cut where the gear hash's top 15 bits are zero: pieces of 80 kB on average. */
const CUT_MASK = ((1 << 15) - 1) << 17;
/** The end of a deflate stream: an empty final block of fixed codes. */
const FINAL_BLOCK = Uint8Array.of(0x03, 0x00);

/** The gear table: 256 fixed pseudo-random words (xorshift32), the same in every build. */
const GEAR = (() => {
  const gear = new Int32Array(256);
  let x = 0x9e3779b9 | 0;
  for (let i = 0; i < 256; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    gear[i] = x;
  }
  return gear;
})();

/** Where each piece of `data` ends. */
function pieceEnds(data: Uint8Array): number[] {
  const ends: number[] = [];
  for (let start = 0; start < data.length;) {
    const last = Math.min(data.length, start + PIECE_MAX);
    let at = start + PIECE_MIN;
    if (at < last) {
      let hash = 0;
      for (; at < last; at++) {
        hash = ((hash << 1) + GEAR[data[at]]) | 0;
        if ((hash & CUT_MASK) === 0) {
          at++;
          break;
        }
      }
    }
    start = Math.min(at, last);
    ends.push(start);
  }
  return ends;
}

/**
 * An entry's pieces as kept for the next archive, packed: for each, its key
 * (16 bytes, naming its bytes and the piece before it), its size and its
 * compressed size (each 4 bytes, little-endian); a piece's compressed bytes
 * follow those of the pieces before it.
 */
export type PackedPieces = Uint8Array;
const PACKED = 24;
const KEY = 16;

/** The pieces of every entry cut in pieces, by entry name. */
export type PieceIndex = ReadonlyMap<string, PackedPieces>;

/** The archives a table finds pieces in, and the entries and pieces of each. */
export interface PieceSource {
  readonly entries: ReadonlyMap<string, PriorEntry>;
  readonly pieces: PieceIndex;
}

/**
 * Where pieces' compressed bytes are, by key: a sorted table of words (key ×
 * 4, archive, compressed size, offset low and high), in shared memory so the
 * deflate threads search it without a copy.
 */
export type PieceTable = SharedArrayBuffer;
const WORDS = 8;

export function pieceTable(sources: readonly PieceSource[]): PieceTable {
  const rows: Uint32Array[] = [];
  sources.forEach(({ entries, pieces }, archive) => {
    for (const [name, packed] of pieces) {
      const entry = entries.get(name);
      if (!entry) continue;
      const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
      let at = entry.offset + localRecordBytes(entry) - entry.stored;
      for (let p = 0; p < packed.length; p += PACKED) {
        const stored = view.getUint32(p + KEY + 4, true);
        const row = new Uint32Array(WORDS);
        for (let w = 0; w < 4; w++) row[w] = view.getUint32(p + 4 * w, false);
        row.set([archive, stored, at % 2 ** 32, Math.floor(at / 2 ** 32)], 4);
        rows.push(row);
        at += stored;
      }
    }
  });
  rows.sort(compareKeys);
  const table = new Uint32Array(new SharedArrayBuffer(rows.length * WORDS * 4));
  rows.forEach((row, i) => table.set(row, i * WORDS));
  return table.buffer as SharedArrayBuffer;
}

function compareKeys(a: Uint32Array, b: Uint32Array): number {
  for (let w = 0; w < 4; w++) if (a[w] !== b[w]) return a[w] - b[w];
  return 0;
}

/** Where a piece of this key is: the archive (its index in the table's sources), its offset and compressed size. */
export function findPiece(table: PieceTable, key: Uint8Array): { archive: number; at: number; stored: number } | undefined {
  const words = new Uint32Array(table);
  const view = new DataView(key.buffer, key.byteOffset, KEY);
  const sought = Uint32Array.from({ length: 4 }, (_, w) => view.getUint32(4 * w, false));
  let [low, high] = [0, words.length / WORDS];
  while (low < high) {
    const mid = (low + high) >>> 1;
    const order = compareKeys(words.subarray(mid * WORDS, mid * WORDS + 4), sought);
    if (order === 0) {
      const row = words.subarray(mid * WORDS, (mid + 1) * WORDS);
      return { archive: row[4], stored: row[5], at: row[6] + row[7] * 2 ** 32 };
    }
    if (order < 0) low = mid + 1;
    else high = mid;
  }
  return undefined;
}

export interface Pieced {
  /** The entry's compressed bytes. */
  readonly data: Uint8Array;
  readonly pieces: PackedPieces;
  /** Bytes of the file whose compressed bytes were copied (`reuse` found them). */
  readonly reused: number;
}

/**
 * `data` deflated in pieces at `level`, each taken from `reuse` when it finds
 * its key, else deflated; undefined when the file is one piece (deflated whole, as
 * before).
 */
export function deflatePieces(data: Uint8Array, level: number, reuse: (key: Uint8Array) => Uint8Array | undefined): Pieced | undefined {
  if (data.length < PIECED_FROM) return undefined;
  const ends = pieceEnds(data);
  if (ends.length < 2) return undefined;
  const parts: Uint8Array[] = [];
  const packed = new Uint8Array(ends.length * PACKED);
  const view = new DataView(packed.buffer);
  let [start, before, reused] = [0, new Uint8Array(32), 0];
  ends.forEach((end, i) => {
    const piece = data.subarray(start, end);
    const digest = sha256Hash().update(piece).digest();
    const key = sha256Hash().update(before).update(digest).digest().subarray(0, KEY);
    let deflated = reuse(key);
    if (deflated) reused += piece.length;
    else
      deflated = deflateRawSync(piece, {
        level,
        memLevel: 9, // the most zlib takes: 3 % faster on a piece than the default, as for a whole file (deflate-worker.ts)
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(start > 0 && { dictionary: data.subarray(Math.max(0, start - PIECE_MIN), start) }),
      });
    parts.push(deflated);
    packed.set(key, i * PACKED);
    view.setUint32(i * PACKED + KEY, piece.length, true);
    view.setUint32(i * PACKED + KEY + 4, deflated.length, true);
    [start, before] = [end, digest];
  });
  parts.push(FINAL_BLOCK);
  return { data: Buffer.concat(parts), pieces: packed, reused };
}
