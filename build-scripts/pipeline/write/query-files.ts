/**
 * Writes what `search` and `fields` are answered from (docs/search.md): each
 * list's manifest and the files it names — the index's term and fragment
 * files, the record files, the uuid index's buckets, where each entry of a data format's list file starts, and
 * each data format's columns (every item's part of one field). Every file but
 * the manifest is named after its content, so it can be cached for good.
 */
import type { Collection } from "../../core/catalogue/collections.ts";
import { hashedName, queryFile, recordSliceName, searchManifestFile } from "../../core/routes/output-tree.ts";
import { RECORDS_PER_FILE, type QueryFiles, type SearchIndex, type SearchManifest } from "../../core/search/build-index.ts";
import { uuidBucketTexts } from "../../core/search/uuid-index.ts";
import { sha1 } from "../../hashes.ts";
import type { FileWriter, StreamedFile } from "./file-writer.ts";
import type { ColumnSegment } from "./render-messages.ts";

const contentHash = (data: string | Uint8Array) => sha1(data).slice(0, 12);

/**
 * A column is hashed a segment (the RECORDS_PER_TASK records of a render task) at a
 * time, in the render threads, and named after the hash of its segments'
 * hashes: its content's hash still, without hashing every byte again on the
 * main thread.
 */
export const segmentDigest = (data: string | Uint8Array) => sha1(data);
const columnName = (extension: string, field: string, segmentDigests: readonly string[]) =>
  hashedName(`column-${extension}-${field}`, contentHash(segmentDigests.join("")), "txt");

/** Write a query file named after its content; returns its name. */
function writeHashed(writer: FileWriter, collection: Collection, stem: string, extension: string, data: string | Uint8Array): string {
  const name = hashedName(stem, contentHash(data), extension);
  writer.write(queryFile(collection.name, name), data);
  return name;
}

/** The record files of records start… (`start` begins a file), from their JSON items; returns their names. */
export function writeRecordFiles(
  writer: FileWriter,
  collection: Collection,
  start: number,
  jsonItems: readonly string[],
  slicesPerFolder?: number,
): string[] {
  const names: string[] = [];
  for (let i = 0; i < jsonItems.length; i += RECORDS_PER_FILE) {
    const text = `[${jsonItems.slice(i, i + RECORDS_PER_FILE).join(",")}]`;
    const name = recordSliceName((start + i) / RECORDS_PER_FILE, contentHash(text), slicesPerFolder);
    writer.write(queryFile(collection.name, name), text);
    names.push(name);
  }
  return names;
}

/** The columns of one data format, streamed as the parts of each chunk's records arrive. */
export class ColumnFiles {
  private readonly files: { field: string; file: StreamedFile; digests: string[] }[];

  constructor(
    writer: FileWriter,
    private readonly collection: Collection,
    private readonly extension: string,
    fields: readonly string[],
  ) {
    this.files = fields.map((field) => ({
      field,
      file: writer.stream(queryFile(collection.name, `column-${extension}-${field}.partial.txt`)),
      digests: [],
    }));
  }

  /** The next segment of every column. */
  add(segments: Readonly<Record<string, ColumnSegment>>): void {
    for (const { field, file, digests } of this.files) {
      file.append(segments[field].bytes);
      digests.push(segments[field].digest);
    }
  }

  /** Finish every column under its content's name; returns the names by field. */
  close(): Record<string, string> {
    const names: Record<string, string> = {};
    for (const { field, file, digests } of this.files) {
      names[field] = columnName(this.extension, field, digests);
      file.close(queryFile(this.collection.name, names[field]));
    }
    return names;
  }

  abandon(): void {
    for (const { file } of this.files) file.discard();
  }
}

export interface ListQueryFiles {
  readonly index: SearchIndex;
  /** The record files' names, in order. */
  readonly records: readonly string[];
  /** The records' uuids, in list order. */
  readonly uuids: readonly string[];
  /** Per data format's extension: where each entry of its list file starts, and where the last one ends. */
  readonly entries: ReadonlyMap<string, Uint32Array>;
  /** Per data format's extension: the columns' names by field (written already). */
  readonly columns: ReadonlyMap<string, Record<string, string>>;
}

/** A list's manifest, term and fragment files and entry offsets; returns every query file the list has now, the manifest first. */
export function writeListQueryFiles(writer: FileWriter, collection: Collection, list: ListQueryFiles): string[] {
  const terms = list.index.termFiles.map((text, n) => writeHashed(writer, collection, `terms-${n}`, "txt", text));
  const fragments = list.index.fragmentFiles.map((text, n) => writeHashed(writer, collection, `fragments-${n}`, "txt", text));
  const buckets = uuidBucketTexts(list.uuids);
  // An empty list has no bucket to find a resource in.
  const uuids = list.uuids.length === 0 ? [] : buckets.texts.map((text, k) => writeHashed(writer, collection, `uuids-${k}`, "txt", text));
  const entries = Object.fromEntries(
    [...list.entries].map(([extension, offsets]) => [
      extension,
      writeHashed(writer, collection, `entries-${extension}`, "bin", littleEndian(offsets)),
    ]),
  );
  const files: QueryFiles = { terms, fragments, records: list.records, uuids, entries, columns: Object.fromEntries(list.columns) };
  const manifest: SearchManifest = { version: 4, ...list.index.manifest, uuidBits: buckets.bits, files };
  writer.write(searchManifestFile(collection.name), JSON.stringify(manifest));
  const named = [
    ...terms,
    ...fragments,
    ...list.records,
    ...uuids,
    ...Object.values(entries),
    ...[...list.columns.values()].flatMap((byField) => Object.values(byField)),
  ];
  return [searchManifestFile(collection.name), ...named.map((name) => queryFile(collection.name, name))];
}

/** Offsets as the edge reads them (a Uint32Array over the file's bytes): little-endian, whatever this machine is. */
function littleEndian(offsets: Uint32Array): Uint8Array {
  const bytes = new Uint8Array(offsets.length * 4);
  const view = new DataView(bytes.buffer);
  offsets.forEach((offset, i) => view.setUint32(i * 4, offset, true));
  return bytes;
}
