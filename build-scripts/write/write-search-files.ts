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

export async function writeSearchFiles(catalogue: Catalogue, config: SiteConfig, outDir: string, stats: WriteStats): Promise<void> {
  const writer = new FileWriter(outDir, stats);
  for (const collection of COLLECTIONS) await writeCollectionSearch(writer, collection, catalogue.lists.get(collection.name) ?? [], config);
  for (const { file, text } of await bundleShim(config)) await writer.write(file, text);
  await writer.flush();
}

/**
 * One list's search files (manifest, term files, record slices); returns the files it queued.
 * `terms`: each entry's search terms if the caller keeps them (see resourceTerms), else they are worked out.
 */
export async function writeCollectionSearch(
  writer: FileWriter, collection: Collection, entries: readonly CatalogueEntry[], config: SiteConfig, terms?: readonly (readonly string[])[],
): Promise<string[]> {
  const resources = entries.map(({ record }) => toResource(collection, record, config));
  const { manifest, termFiles } = searchIndexOfTerms(terms ?? resources.map((resource) => resourceTerms(collection, resource)));
  const files: string[] = [];
  const write = async (file: string, text: string) => {
    files.push(file);
    await writer.write(file, text);
  };
  await write(searchManifestFile(collection.name), JSON.stringify(manifest));
  for (const [n, text] of termFiles.entries()) await write(searchTermFile(collection.name, n), text);
  for (let start = 0, n = 0; start < resources.length; start += manifest.recordsPerFile, n++) {
    await write(searchRecordsFile(collection.name, n), toJson(resources.slice(start, start + manifest.recordsPerFile)));
  }
  return files;
}

/** The terms a resource is found by in its list's search. */
export const resourceTerms = (collection: Collection, resource: JsonObject) => recordTerms(searchTexts(collection.kind, resource));
