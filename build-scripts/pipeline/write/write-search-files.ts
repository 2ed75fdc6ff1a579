/**
 * Writes what search and field selection need in the browser and at the
 * edge: each list's search index (manifest and term files) and its records in
 * files of RECORDS_PER_FILE (a JSON array of the resources: the JSON items of
 * the API's lists, reused). The browser's code: browser-scripts.ts.
 */
import type { Collection } from "../../core/catalogue/collections.ts";
import { searchManifestFile, searchRecordsFile, searchTermFile } from "../../core/routes/output-tree.ts";
import { RECORDS_PER_FILE, SearchIndexBuilder, type SearchIndex } from "../../core/search/build-index.ts";
import type { FileWriter } from "./file-writer.ts";

/** The record files holding list entries start…, from their JSON items; `start` begins a file. */
export function writeRecordFiles(writer: FileWriter, collection: Collection, start: number, jsonItems: readonly string[]): void {
  for (let i = 0; i < jsonItems.length; i += RECORDS_PER_FILE) {
    writer.write(
      searchRecordsFile(collection.name, (start + i) / RECORDS_PER_FILE),
      `[${jsonItems.slice(i, i + RECORDS_PER_FILE).join(",")}]`,
    );
  }
}

/** A list's index: manifest and term files; returns the files. */
export function writeSearchIndex(writer: FileWriter, collection: Collection, { manifest, termFiles }: SearchIndex): string[] {
  const files = [searchManifestFile(collection.name), ...termFiles.map((_, n) => searchTermFile(collection.name, n))];
  for (const [i, text] of [JSON.stringify(manifest), ...termFiles].entries()) writer.write(files[i], text);
  return files;
}

/** What `npm run dev` holds of a list: each entry's search terms and JSON item, and which entries changed. */
export interface KnownSearch {
  readonly terms: readonly (readonly string[])[];
  readonly jsonItems: readonly string[];
  /** Only the record files holding entries from..to changed (the others are on disk already); 0..Infinity: all. */
  readonly from: number;
  readonly to: number;
}

/** Rewrite one list's search files after a change; returns the files it has now (written or left as they are). */
export function rewriteCollectionSearch(writer: FileWriter, collection: Collection, known: KnownSearch): string[] {
  const index = new SearchIndexBuilder();
  for (const terms of known.terms) index.add(terms);
  const files = writeSearchIndex(writer, collection, index.finish());
  const total = known.jsonItems.length;
  for (let n = 0; n * RECORDS_PER_FILE < total; n++) files.push(searchRecordsFile(collection.name, n));
  const first = Math.floor(known.from / RECORDS_PER_FILE) * RECORDS_PER_FILE;
  const end = Math.min(total, (Math.floor(known.to / RECORDS_PER_FILE) + 1) * RECORDS_PER_FILE); // to = Infinity: all
  if (first < end) writeRecordFiles(writer, collection, first, known.jsonItems.slice(first, end));
  return files;
}
