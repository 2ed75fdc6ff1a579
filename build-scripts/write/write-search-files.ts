/**
 * Writes what search and field selection need in the browser and at the
 * edge: each list's search index (manifest and term files), its records in
 * slices of RECORDS_PER_FILE, and the browser shim's bundle.
 */
import type { Catalogue, CatalogueEntry } from "../catalogue/catalogue.ts";
import { COLLECTIONS, type Collection } from "../catalogue/collections.ts";
import { toResource, type JsonObject } from "../catalogue/resource.ts";
import type { SiteConfig } from "../config/site-config.ts";
import { toJson } from "../formats/json.ts";
import { searchManifestFile, searchRecordsFile, searchTermFile } from "../layout/output-tree.ts";
import { recordTerms, searchIndexOfTerms } from "../search/build-index.ts";
import { searchTexts } from "../search/search-fields.ts";
import { bundleShim } from "../shim/bundle.ts";
import { FileWriter } from "./file-writer.ts";
import type { WriteStats } from "./write-stats.ts";
import type { TermsSink } from "../build/build-report.ts";

export async function writeSearchFiles(catalogue: Catalogue, config: SiteConfig, outDir: string, stats: WriteStats, onTerms?: TermsSink): Promise<void> {
  const writer = new FileWriter(outDir, stats);
  for (const collection of COLLECTIONS) {
    const entries = catalogue.lists.get(collection.name) ?? [];
    const terms = entries.map((entry) => resourceTerms(collection, toResource(collection, entry.record, config)));
    onTerms?.(collection.name, terms);
    await writeCollectionSearch(writer, collection, entries, config, { terms, from: 0, to: Infinity });
  }
  for (const { file, text } of await bundleShim(config)) await writer.write(file, text);
  await writer.flush();
}

/** A list's search terms, and which record slices to write. */
export interface KnownSearch {
  /** Each entry's search terms (see resourceTerms). */
  readonly terms: readonly (readonly string[])[];
  /** Only the record slices holding entries from..to changed (the others are on disk already); 0..Infinity: all. */
  readonly from: number;
  readonly to: number;
}

/** One list's search files (manifest, term files, record slices); returns the files it queued or left as they are. */
export async function writeCollectionSearch(
  writer: FileWriter, collection: Collection, entries: readonly CatalogueEntry[], config: SiteConfig, known: KnownSearch,
): Promise<string[]> {
  const resource = (entry: CatalogueEntry) => toResource(collection, entry.record, config);
  const { manifest, termFiles } = searchIndexOfTerms(known.terms);
  const files: string[] = [];
  const write = async (file: string, text: string) => {
    files.push(file);
    await writer.write(file, text);
  };
  await write(searchManifestFile(collection.name), JSON.stringify(manifest));
  for (const [n, text] of termFiles.entries()) await write(searchTermFile(collection.name, n), text);
  for (let start = 0, n = 0; start < entries.length; start += manifest.recordsPerFile, n++) {
    const end = start + manifest.recordsPerFile;
    const file = searchRecordsFile(collection.name, n);
    if (end <= known.from || start > known.to) files.push(file);
    else await write(file, toJson(entries.slice(start, end).map(resource)));
  }
  return files;
}

/** The terms a resource is found by in its list's search. */
export const resourceTerms = (collection: Collection, resource: JsonObject) => recordTerms(searchTexts(collection.kind, resource));
