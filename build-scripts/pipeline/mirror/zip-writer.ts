/**
 * A ZIP writer for entries compressed beforehand (so they can be compressed in
 * parallel), with ZIP64 records wherever a count, size or offset does not fit
 * the classic fields (APPNOTE 6.3.10, sections 4.3 and 4.5.3). It writes
 * entries in the order given, sizes and CRC-32 in the local headers (no data
 * descriptors), names flagged as UTF-8.
 *
 * Our own because no maintained writer takes pre-compressed entries at this
 * scale; see docs/dependencies.md for those measured.
 */
import { once } from "node:events";
import { finished } from "node:stream/promises";
import type { Writable } from "node:stream";

/** How an entry's bytes are stored: deflated, or as they are (when deflate would not make them smaller). */
export type ZipMethod = "stored" | "deflated";
const METHOD_CODE: Record<ZipMethod, number> = { stored: 0, deflated: 8 };

export interface ZipEntry {
  /** The path inside the archive, `/`-separated. */
  readonly name: string;
  readonly method: ZipMethod;
  /** CRC-32 of the uncompressed bytes. */
  readonly crc: number;
  /** Size of the uncompressed bytes. */
  readonly size: number;
  /** The bytes as stored (deflated raw, without a zlib header, if `method` is "deflated"). */
  readonly data: Uint8Array;
}

export interface ZipWritten {
  readonly entries: number;
  readonly bytes: number;
}

// A field holding its all-ones value means "read the ZIP64 record" (APPNOTE 4.4.8, 4.4.22).
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
const VERSION_DEFAULT = 20;
const VERSION_ZIP64 = 45;
const MADE_BY_UNIX = 3 << 8;
const UTF8_NAMES = 1 << 11;
const FILE_MODE = 0o100644;
const ZIP64_EXTRA = 0x0001;

/** Local time in MS-DOS form, as Info-ZIP's unzip reads it back (years 1980–2107). */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** The ZIP64 extended information field with the given 8-byte values (those whose classic field is all ones). */
function zip64Extra(values: readonly number[]): Buffer {
  if (values.length === 0) return Buffer.alloc(0);
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(ZIP64_EXTRA, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, i) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
  return extra;
}

export class ZipWriter {
  readonly #out: Writable;
  readonly #dos: { time: number; date: number };
  readonly #central: Buffer[] = [];
  #centralBytes = 0;
  #offset = 0;
  #failure: Error | undefined;

  /** Every entry gets `mtime` as its modification time. */
  constructor(out: Writable, mtime: Date) {
    this.#out = out;
    this.#dos = dosDateTime(mtime);
    // Kept for the next write: an error with no listener would end the process.
    out.on("error", (error) => (this.#failure = error));
  }

  async add(entry: ZipEntry): Promise<void> {
    const name = Buffer.from(entry.name, "utf8");
    const compressed = entry.data.length;
    const bigSizes = entry.size >= MAX32 || compressed >= MAX32;
    const offset = this.#offset;

    // A local header with ZIP64 sizes carries both of them (APPNOTE 4.5.3).
    const localExtra = zip64Extra(bigSizes ? [entry.size, compressed] : []);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(bigSizes ? VERSION_ZIP64 : VERSION_DEFAULT, 4);
    const localSizes: [number, number] = bigSizes ? [MAX32, MAX32] : [compressed, entry.size];
    this.#common(local, 6, entry, localSizes);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(localExtra.length, 28);

    // The central record carries in its ZIP64 field only the values that overflow, in this order.
    const overflow = [entry.size, compressed, offset].filter((value) => value >= MAX32);
    const centralExtra = zip64Extra(overflow);
    const version = overflow.length ? VERSION_ZIP64 : VERSION_DEFAULT;
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(MADE_BY_UNIX | version, 4);
    central.writeUInt16LE(version, 6);
    this.#common(central, 8, entry, [Math.min(compressed, MAX32), Math.min(entry.size, MAX32)]);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(centralExtra.length, 30);
    central.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
    central.writeUInt32LE(Math.min(offset, MAX32), 42);
    const record = Buffer.concat([central, name, centralExtra]);
    this.#central.push(record);
    this.#centralBytes += record.length;

    await this.#write(Buffer.concat([local, name, localExtra]));
    await this.#write(entry.data);
  }

  /** Writes the central directory and its end records, closes the stream, and says what it holds. */
  async end(): Promise<ZipWritten> {
    const entries = this.#central.length;
    const start = this.#offset;
    for (const record of this.#central) await this.#write(record);
    const size = this.#centralBytes;
    if (entries >= MAX16 || start >= MAX32 || size >= MAX32) {
      const zip64End = this.#offset;
      const record = Buffer.alloc(56);
      record.writeUInt32LE(0x06064b50, 0);
      record.writeBigUInt64LE(44n, 4);
      record.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
      record.writeUInt16LE(VERSION_ZIP64, 14);
      record.writeBigUInt64LE(BigInt(entries), 24);
      record.writeBigUInt64LE(BigInt(entries), 32);
      record.writeBigUInt64LE(BigInt(size), 40);
      record.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(zip64End), 8);
      locator.writeUInt32LE(1, 16);
      await this.#write(Buffer.concat([record, locator]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(entries, MAX16), 8);
    end.writeUInt16LE(Math.min(entries, MAX16), 10);
    end.writeUInt32LE(Math.min(size, MAX32), 12);
    end.writeUInt32LE(Math.min(start, MAX32), 16);
    await this.#write(end);
    this.#out.end();
    await finished(this.#out);
    return { entries, bytes: this.#offset };
  }

  /** The fields local header and central record share, from the flags to the sizes (as each header writes them). */
  #common(header: Buffer, at: number, entry: ZipEntry, [compressed, size]: readonly [number, number]): void {
    header.writeUInt16LE(UTF8_NAMES, at);
    header.writeUInt16LE(METHOD_CODE[entry.method], at + 2);
    header.writeUInt16LE(this.#dos.time, at + 4);
    header.writeUInt16LE(this.#dos.date, at + 6);
    header.writeUInt32LE(entry.crc >>> 0, at + 8);
    header.writeUInt32LE(compressed, at + 12);
    header.writeUInt32LE(size, at + 16);
  }

  async #write(bytes: Uint8Array): Promise<void> {
    if (this.#failure) throw this.#failure;
    this.#offset += bytes.length;
    if (!this.#out.write(bytes)) await once(this.#out, "drain");
  }
}
