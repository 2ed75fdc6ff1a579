/**
 * A ZIP writer for entries compressed beforehand (so they can be compressed in
 * parallel, and their local records made there too: `localRecords`), with
 * ZIP64 records wherever a count, size or offset does not fit the classic
 * fields (APPNOTE 6.3.10, sections 4.3 and 4.5.3). Entries go in the order
 * given, sizes and CRC-32 in the local headers (no data descriptors), names
 * flagged as UTF-8.
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

/** An entry as the central directory describes it. */
export interface ZipEntryInfo {
  /** The path inside the archive, `/`-separated. */
  readonly name: string;
  readonly method: ZipMethod;
  /** CRC-32 of the uncompressed bytes. */
  readonly crc: number;
  /** Size of the uncompressed bytes. */
  readonly size: number;
  /** Size of the bytes as stored. */
  readonly stored: number;
}

export interface ZipEntry extends Omit<ZipEntryInfo, "stored"> {
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
/** Bytes per block of the central directory kept in memory until the end. */
const CENTRAL_BLOCK = 1 << 20;

/**
 * The time in MS-DOS form (years 1980–2107), taken in UTC so that the same
 * time makes the same archive on any machine; unzip reads it as local time.
 */
export interface DosTime {
  readonly time: number;
  readonly date: number;
}

export function dosDateTime(date: Date): DosTime {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
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

/** Sizes past 4 GiB go into a local header's ZIP64 field, both of them (APPNOTE 4.5.3). */
const bigSizes = (entry: ZipEntryInfo) => entry.size >= MAX32 || entry.stored >= MAX32;
const localHeaderBytes = (entry: ZipEntryInfo, name: Uint8Array) => 30 + name.length + (bigSizes(entry) ? 20 : 0);

/** The bytes of an entry's local record: its header, name and stored bytes. */
export const localRecordBytes = (entry: ZipEntryInfo) => localHeaderBytes(entry, Buffer.from(entry.name, "utf8")) + entry.stored;

/** The fields local header and central record share, from the flags to the sizes (as each header writes them). */
function writeCommon(header: Buffer, at: number, entry: ZipEntryInfo, dos: DosTime, [stored, size]: readonly [number, number]) {
  header.writeUInt16LE(UTF8_NAMES, at);
  header.writeUInt16LE(METHOD_CODE[entry.method], at + 2);
  header.writeUInt16LE(dos.time, at + 4);
  header.writeUInt16LE(dos.date, at + 6);
  header.writeUInt32LE(entry.crc >>> 0, at + 8);
  header.writeUInt32LE(stored, at + 12);
  header.writeUInt32LE(size, at + 16);
}

/**
 * Entries' local records (header, name, bytes), one after another, and what
 * the central directory needs of each. A local header holds no offset, so
 * this runs in the deflate threads and the writer gets one buffer a batch.
 */
export function localRecords(entries: readonly ZipEntry[], mtime: Date): { records: Buffer; infos: ZipEntryInfo[] } {
  const dos = dosDateTime(mtime);
  const parts: Uint8Array[] = [];
  const infos = entries.map(({ data, ...rest }) => {
    const entry = { ...rest, stored: data.length };
    const name = Buffer.from(entry.name, "utf8");
    const big = bigSizes(entry);
    const header = Buffer.alloc(localHeaderBytes(entry, name) - name.length);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(big ? VERSION_ZIP64 : VERSION_DEFAULT, 4);
    writeCommon(header, 6, entry, dos, big ? [MAX32, MAX32] : [entry.stored, entry.size]);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(header.length - 30, 28);
    zip64Extra(big ? [entry.size, entry.stored] : []).copy(header, 30);
    parts.push(header.subarray(0, 30), name, header.subarray(30), data);
    return entry;
  });
  return { records: Buffer.concat(parts), infos };
}

export class ZipWriter {
  readonly #out: Writable;
  readonly #dos: DosTime;
  /** The central directory so far, in blocks, each cut to its records but the last, filled up to #centralUsed. */
  readonly #central: Buffer[] = [];
  #centralUsed = 0;
  #entries = 0;
  #offset = 0;
  #failure: Error | undefined;

  /** `mtime` is the modification time of every entry, as given to `localRecords`. */
  constructor(out: Writable, mtime: Date) {
    this.#out = out;
    this.#dos = dosDateTime(mtime);
    // Kept for the next write: an error with no listener would end the process.
    out.on("error", (error) => (this.#failure = error));
  }

  /** Writes local records made by `localRecords`, and keeps their entries for the central directory. */
  async add(records: Uint8Array, infos: readonly ZipEntryInfo[]): Promise<void> {
    let offset = this.#offset;
    for (const entry of infos) {
      const name = Buffer.from(entry.name, "utf8");
      // The central record carries in its ZIP64 field only the values that overflow, in this order.
      const overflow = [entry.size, entry.stored, offset].filter((value) => value >= MAX32);
      const extra = zip64Extra(overflow);
      const version = overflow.length ? VERSION_ZIP64 : VERSION_DEFAULT;
      const central = this.#centralRecord(46 + name.length + extra.length);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(MADE_BY_UNIX | version, 4);
      central.writeUInt16LE(version, 6);
      writeCommon(central, 8, entry, this.#dos, [Math.min(entry.stored, MAX32), Math.min(entry.size, MAX32)]);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt16LE(extra.length, 30);
      central.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
      central.writeUInt32LE(Math.min(offset, MAX32), 42);
      name.copy(central, 46);
      extra.copy(central, 46 + name.length);
      this.#entries++;
      offset += localHeaderBytes(entry, name) + entry.stored;
    }
    if (offset !== this.#offset + records.length)
      throw new Error(`Local records of ${records.length} bytes, where their entries say ${offset - this.#offset}.`);
    await this.#write(records);
  }

  /**
   * Room for one central record, zeroed, at the end of the last block: a few
   * large blocks rather than a buffer per record, which cost more than their
   * bytes when an archive holds hundreds of thousands of entries.
   */
  #centralRecord(length: number): Buffer {
    let block = this.#central.at(-1);
    if (!block || this.#centralUsed + length > block.length) {
      if (block) this.#central[this.#central.length - 1] = block.subarray(0, this.#centralUsed);
      block = Buffer.alloc(Math.max(CENTRAL_BLOCK, length));
      this.#central.push(block);
      this.#centralUsed = 0;
    }
    const record = block.subarray(this.#centralUsed, this.#centralUsed + length);
    this.#centralUsed += length;
    return record;
  }

  /** Writes the central directory and its end records, closes the stream, and says what it holds. */
  async end(): Promise<ZipWritten> {
    const entries = this.#entries;
    const start = this.#offset;
    for (const [i, block] of this.#central.entries())
      await this.#write(i === this.#central.length - 1 ? block.subarray(0, this.#centralUsed) : block);
    this.#central.length = 0;
    const size = this.#offset - start;
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

  async #write(bytes: Uint8Array): Promise<void> {
    if (this.#failure) throw this.#failure;
    this.#offset += bytes.length;
    if (!this.#out.write(bytes)) await once(this.#out, "drain");
  }
}
