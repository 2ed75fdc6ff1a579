/**
 * Writes what search and field selection need in the browser and at the
 * edge: each list's search index (manifest and term files), its records in
 * slices of RECORDS_PER_FILE, and the browser shim's bundle.
 */
import type { Catalogue } from "../catalogue/catalogue.ts";
import { COLLECTIONS } from "../catalogue/collections.ts";
import { toResource } from "../catalogue/resource.ts";
import type { SiteConfig } from "../config/site-config.ts";
import { toJson } from "../formats/json.ts";
import { searchManifestFile, searchRecordsFile, searchTermFile } from "../layout/output-tree.ts";
import { buildSearchIndex } from "../search/build-index.ts";
import { searchTexts } from "../search/search-fields.ts";
import { bundleShim } from "../shim/bundle.ts";
import { FileWriter } from "./file-writer.ts";
import type { WriteStats } from "./write-stats.ts";

export async function writeSearchFiles(catalogue: Catalogue, config: SiteConfig, outDir: string, stats: WriteStats): Promise<void> {
  const writer = new FileWriter(outDir, stats);
  for (const collection of COLLECTIONS) {
    const resources = (catalogue.lists.get(collection.name) ?? []).map(({ record }) => toResource(collection, record, config));
    const { manifest, termFiles } = buildSearchIndex(resources.map((resource) => searchTexts(collection.kind, resource)));
    await writer.write(searchManifestFile(collection.name), JSON.stringify(manifest));
    for (const [n, text] of termFiles.entries()) await writer.write(searchTermFile(collection.name, n), text);
    for (let start = 0, n = 0; start < resources.length; start += manifest.recordsPerFile, n++) {
      await writer.write(searchRecordsFile(collection.name, n), toJson(resources.slice(start, start + manifest.recordsPerFile)));
    }
  }
  for (const { file, text } of await bundleShim(config)) await writer.write(file, text);
  await writer.flush();
}
