/**
 * Reads the central directory of an archive zip-writer.ts wrote (classic or
 * ZIP64 end records, APPNOTE 4.3.14–4.3.16), so that the next archive can
 * copy the compressed bytes of every entry whose name, CRC-32 and size are
 * unchanged rather than deflate them again (write-archive.ts).
 */
import { closeSync, fstatSync, openSync } from "node:fs";
import { readAt } from "../load/read-at.ts";
import { dosDateTime, localRecordBytes, type ZipEntryInfo, type ZipMethod } from "./zip-writer.ts";

/** An entry of an earlier archive: what its central record says, and where its local record starts. */
export interface PriorEntry extends ZipEntryInfo {
  readonly offset: number;
}

const METHODS: Record<number, ZipMethod> = { 0: "stored", 8: "deflated" };
const END = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const CENTRAL = 0x02014b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;

/** The archive's entries by name; throws, saying where, when it is not an archive this writer could have made. */
export function readCentralDirectory(file: string): Map<string, PriorEntry> {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    // The writer puts no comment after the end record: it is the file's last 22 bytes.
    if (size < 22) throw new Error(`${file}: ${size} bytes, too short for an archive`);
    const end = readAt(fd, size - 22, 22);
    if (end.readUInt32LE(0) !== END) throw new Error(`${file}: no end of central directory record in its last 22 bytes`);
    let count = end.readUInt16LE(10);
    let start = end.readUInt32LE(16);
    let length = end.readUInt32LE(12);
    if (count === MAX16 || start === MAX32 || length === MAX32) {
      const locator = readAt(fd, size - 42, 20);
      if (locator.readUInt32LE(0) !== ZIP64_LOCATOR) throw new Error(`${file}: an overflowing end record without a ZIP64 locator`);
      const zip64 = readAt(fd, Number(locator.readBigUInt64LE(8)), 56);
      if (zip64.readUInt32LE(0) !== ZIP64_END) throw new Error(`${file}: the ZIP64 locator points at no ZIP64 end record`);
      count = Number(zip64.readBigUInt64LE(32));
      length = Number(zip64.readBigUInt64LE(40));
      start = Number(zip64.readBigUInt64LE(48));
    }
    const central = readAt(fd, start, length);
    const entries = new Map<string, PriorEntry>();
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (central.readUInt32LE(at) !== CENTRAL) throw new Error(`${file}: central record ${n} at ${start + at} has no signature`);
      const method = METHODS[central.readUInt16LE(at + 10)];
      const nameLength = central.readUInt16LE(at + 28);
      const extraLength = central.readUInt16LE(at + 30);
      const name = central.toString("utf8", at + 46, at + 46 + nameLength);
      // The ZIP64 field holds, in this order, only the values whose classic field is all ones.
      const classic = [central.readUInt32LE(at + 24), central.readUInt32LE(at + 20), central.readUInt32LE(at + 42)];
      const fields = at + 46 + nameLength;
      if (classic.includes(MAX32) && central.readUInt16LE(fields) !== 1) throw new Error(`${file}: ${name} lacks its ZIP64 field`);
      let extra = fields + 4;
      const [size, stored, offset] = classic.map((value) => {
        if (value !== MAX32) return value;
        const big = Number(central.readBigUInt64LE(extra));
        extra += 8;
        return big;
      });
      if (!method) throw new Error(`${file}: ${name} has compression method ${central.readUInt16LE(at + 10)}`);
      entries.set(name, { name, method, crc: central.readUInt32LE(at + 16), size, stored, offset });
      at += 46 + nameLength + extraLength + central.readUInt16LE(at + 32);
    }
    return entries;
  } finally {
    closeSync(fd);
  }
}

/** An entry's compressed bytes, read from its local record (whose name must be the entry's). */
export const readStoredBytes = (fd: number, entry: PriorEntry): Buffer => readStoredRun(fd, [entry])[0];

/** The local records of entries that follow one another, read at once, and where each starts in them (its name checked). */
function runRecords(fd: number, entries: readonly PriorEntry[]): { records: Buffer; starts: number[] } {
  const start = entries[0].offset;
  const records = readAt(fd, start, entries.at(-1)!.offset + localRecordBytes(entries.at(-1)!) - start);
  const starts = entries.map(({ name, offset }) => {
    const at = offset - start;
    const nameLength = records.readUInt16LE(at + 26);
    if (records.readUInt32LE(at) !== 0x04034b50 || records.toString("utf8", at + 30, at + 30 + nameLength) !== name)
      throw new Error(`no local record of ${name} at ${offset}`);
    return at;
  });
  return { records, starts };
}

/** The compressed bytes of entries that follow one another, read at once. */
export function readStoredRun(fd: number, entries: readonly PriorEntry[]): Buffer[] {
  const { records, starts } = runRecords(fd, entries);
  return entries.map(({ stored }, n) => {
    const data = starts[n] + 30 + records.readUInt16LE(starts[n] + 26) + records.readUInt16LE(starts[n] + 28);
    return records.subarray(data, data + stored);
  });
}

/** Whether `next` is the entry right after `entry` in the archive. */
export const followedBy = (entry: PriorEntry, next: PriorEntry) => next.offset === entry.offset + localRecordBytes(entry);

/**
 * The local records of entries that follow one another, read at once,
 * each header given `mtime` (the writer made them alike but for the time).
 */
export function copiedRecords(fd: number, entries: readonly PriorEntry[], mtime: Date): { records: Buffer; infos: ZipEntryInfo[] } {
  const { records, starts } = runRecords(fd, entries);
  const dos = dosDateTime(mtime);
  const infos = entries.map(({ name, method, crc, size, stored }, n) => {
    records.writeUInt16LE(dos.time, starts[n] + 10);
    records.writeUInt16LE(dos.date, starts[n] + 12);
    return { name, method, crc, size, stored };
  });
  return { records, infos };
}
