/**
 * Writes what search and field selection need in the browser and at the
 * edge: each list's search index (manifest and term files), its records in
 * slices of RECORDS_PER_FILE (a JSON array of the resources: the JSON items of
 * the API's lists, reused), and the browser shim's bundle.
 */
import type { Collection } from "../catalogue/collections.ts";
import type { SiteConfig } from "../config/site-config.ts";
import { searchManifestFile, searchRecordsFile, searchTermFile } from "../layout/output-tree.ts";
import { RECORDS_PER_FILE, searchIndexOfTerms } from "../search/build-index.ts";
import { bundleShim } from "../shim/bundle.ts";
import type { FileWriter } from "./file-writer.ts";

/** A records file's text from its resources' JSON items. */
const recordsText = (jsonItems: readonly string[]) => `[${jsonItems.join(",")}]`;

/** The browser shim and the HTML view's script (bundled as soon as this is called, written by the function it gives). */
export function writeBrowserScripts(config: SiteConfig): (writer: FileWriter) => Promise<void> {
  const bundled = bundleShim(config);
  return async (writer) => {
    for (const { file, text } of await bundled) writer.write(file, text);
  };
}

/** A list's search files, written as its resources go by in list order: record slices as they fill, the index at the end. */
export class SearchFilesWriter {
  private readonly terms: (readonly string[])[] = [];
  private slice: string[] = [];
  private slices = 0;

  constructor(private readonly writer: FileWriter, private readonly collection: Collection) {}

  add(jsonItem: string, terms: readonly string[]): void {
    this.terms.push(terms);
    this.slice.push(jsonItem);
    if (this.slice.length === RECORDS_PER_FILE) this.writeSlice();
  }

  private writeSlice(): void {
    this.writer.write(searchRecordsFile(this.collection.name, this.slices++), recordsText(this.slice));
    this.slice = [];
  }

  /** Write what is left and the index; returns every entry's terms. */
  close(): readonly (readonly string[])[] {
    if (this.slice.length > 0) this.writeSlice();
    writeSearchIndex(this.writer, this.collection, this.terms);
    return this.terms;
  }
}

/** A list's index: manifest and term files; returns the files. */
function writeSearchIndex(writer: FileWriter, collection: Collection, terms: readonly (readonly string[])[]): string[] {
  const { manifest, termFiles } = searchIndexOfTerms(terms);
  const files = [searchManifestFile(collection.name), ...termFiles.map((_, n) => searchTermFile(collection.name, n))];
  for (const [i, text] of [JSON.stringify(manifest), ...termFiles].entries()) writer.write(files[i], text);
  return files;
}

/** What `npm run dev` holds of a list: each entry's search terms and JSON item, and which record slices changed. */
export interface KnownSearch {
  readonly terms: readonly (readonly string[])[];
  readonly jsonItems: readonly string[];
  /** Only the record slices holding entries from..to changed (the others are on disk already); 0..Infinity: all. */
  readonly from: number;
  readonly to: number;
}

/** Rewrite one list's search files after a change; returns the files it has now (written or left as they are). */
export function rewriteCollectionSearch(writer: FileWriter, collection: Collection, known: KnownSearch): string[] {
  const files = writeSearchIndex(writer, collection, known.terms);
  for (let start = 0, n = 0; start < known.jsonItems.length; start += RECORDS_PER_FILE, n++) {
    const end = start + RECORDS_PER_FILE;
    const file = searchRecordsFile(collection.name, n);
    files.push(file);
    if (end > known.from && start <= known.to) writer.write(file, recordsText(known.jsonItems.slice(start, end)));
  }
  return files;
}
