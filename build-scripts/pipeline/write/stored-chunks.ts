/**
 * Rendered chunks kept between processes (`npm run mirror` and its next run,
 * pipeline/build-state.ts), in one file of the build's cache: the chunks one
 * after another (each compressed with Zstandard: rendered text shrinks about
 * eightfold), then their index, then the index's length. A chunk is taken
 * again when it was rendered for the same records (their digests, hashed) at
 * the same place of the same list; a translated tree's chunks, whose records'
 * digests name their language, are kept beside the source's. Each is read
 * and written alone, so memory stays flat at any size. A run writes a new
 * file beside the old one: the chunks it rendered or took, and those of the
 * collections it did not render, copied; it takes the old one's name once the
 * build is done.
 */
import { closeSync, fstatSync, mkdirSync, openSync, renameSync, writeSync } from "node:fs";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { constants, zstdCompressSync, zstdDecompressSync } from "node:zlib";
import { sha256 } from "../../hashes.ts";
import { readAt } from "../load/read-at.ts";
import type { RecordToRender } from "./render-messages.ts";
import type { ChunkStore, RenderedChunk } from "./render-threads.ts";
import { NOTHING_WRITTEN } from "./write-stats.ts";

/** Zstandard's fastest level: a chunk is compressed in every build, read back in few. */
const LEVEL = { params: { [constants.ZSTD_c_compressionLevel]: 1 } };

/** A chunk's place in the file. */
type Place = readonly [at: number, length: number];

/** The records' own digests, hashed: not the records themselves, whose text would have to be made again for each chunk. */
const digestOf = (records: readonly RecordToRender[]) => sha256(records.map((r) => r.digest).join("\n"));

/** A chunk's key: its collection (the first `/`-separated part), its place in the list, and its records. */
const keyOf = (collection: string, start: number, records: readonly RecordToRender[]) => `${collection}/${start}/${digestOf(records)}`;

/** The chunk with its terms numbered by a table of its own (a thread's table holds every term it met). */
function standalone(chunk: RenderedChunk): Omit<RenderedChunk, "stats"> {
  const { formats, recordFiles, terms } = chunk;
  const local = new Map<number, number>();
  const table: string[] = [];
  const numbers = Int32Array.from(terms.numbers, (n) => {
    let m = local.get(n);
    if (m === undefined) local.set(n, (m = table.push(terms.table.terms[n]) - 1));
    return m;
  });
  return { formats, recordFiles, terms: { table: { terms: table }, numbers, ends: terms.ends } };
}

/** The file of the build's cache that keeps them. */
export const chunksFile = (cacheDir: string) => path.join(cacheDir, "chunks.pack");

/** A pack's index, or an empty one when there is none or it is damaged (its chunks are then rendered again). */
function readIndex(fd: number): Map<string, Place> {
  try {
    const size = fstatSync(fd).size;
    const length = Number(readAt(fd, size - 8, 8).readBigUInt64LE());
    return deserialize(readAt(fd, size - 8 - length, length)) as Map<string, Place>;
  } catch {
    return new Map();
  }
}

export class StoredChunks implements ChunkStore {
  private previous?: { fd: number; index: Map<string, Place> };
  private next?: { fd: number; index: Map<string, Place>; at: number };
  /** Collections rendered this run: their chunks are all in the new file. */
  private readonly rendered = new Set<string>();
  private found = 0;

  /** How many chunks this run took again. */
  get taken(): number {
    return this.found;
  }

  constructor(private readonly file: string) {}

  /** Before rendering: whether chunks of the last run may be taken (an update); if not, none is. */
  begin(reuse: boolean): void {
    this.close();
    if (reuse) {
      try {
        const fd = openSync(this.file, "r");
        this.previous = { fd, index: readIndex(fd) };
      } catch {
        // none: every chunk is rendered
      }
    }
    mkdirSync(path.dirname(this.file), { recursive: true });
    this.next = { fd: openSync(`${this.file}.next`, "w"), index: new Map(), at: 0 };
  }

  /** A layout changed since the previous build makes a whole build (build-state.ts), which takes no chunk. */
  forLayout(): void {}

  private read(place: Place): Buffer | undefined {
    return this.previous && readAt(this.previous.fd, ...place);
  }

  private append(key: string, bytes: Uint8Array): void {
    const next = this.next!;
    writeSync(next.fd, bytes);
    next.index.set(key, [next.at, bytes.length]);
    next.at += bytes.length;
  }

  find(collection: string, start: number, records: readonly RecordToRender[]): RenderedChunk | undefined {
    const key = keyOf(collection, start, records);
    const place = this.previous?.index.get(key);
    if (!place || this.next?.index.has(key)) return undefined;
    let bytes: Buffer | undefined;
    let chunk: Omit<RenderedChunk, "stats">;
    try {
      bytes = this.read(place)!;
      chunk = deserialize(zstdDecompressSync(bytes)) as typeof chunk;
    } catch {
      return undefined; // damaged: rendered again
    }
    this.append(key, bytes);
    this.found++;
    return { ...chunk, stats: NOTHING_WRITTEN };
  }

  keep(collection: string, start: number, records: readonly RecordToRender[], chunk: RenderedChunk): void {
    this.rendered.add(collection);
    const key = keyOf(collection, start, records);
    if (!this.next!.index.has(key)) this.append(key, zstdCompressSync(serialize(standalone(chunk)), LEVEL));
  }

  /** Once the build is done: the collections not rendered keep their chunks, and the new file takes the old one's name. */
  finish(): void {
    if (!this.next) return;
    for (const [key, place] of this.previous?.index ?? []) {
      const bytes = !this.rendered.has(key.slice(0, key.indexOf("/"))) && !this.next.index.has(key) && this.read(place);
      if (bytes) this.append(key, bytes);
    }
    const index = serialize(this.next.index);
    const length = Buffer.alloc(8);
    length.writeBigUInt64LE(BigInt(index.length));
    writeSync(this.next.fd, index);
    writeSync(this.next.fd, length);
    const next = `${this.file}.next`;
    this.close();
    renameSync(next, this.file);
  }

  private close(): void {
    if (this.previous) closeSync(this.previous.fd);
    if (this.next) closeSync(this.next.fd);
    this.previous = this.next = undefined;
  }
}
