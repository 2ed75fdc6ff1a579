/**
 * Writes a synthetic catalogue as content/<collection>/<name>.json files, in
 * the layout and formatting of the sample records (two-space JSON, final newline).
 */
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { findCollection } from "../../build-scripts/core/catalogue/collections.ts";
import { schemaPathFrom } from "../../build-scripts/pipeline/load/schema-path.ts";
import { syntheticCatalogue, type SyntheticOptions } from "./synthetic-catalogue.ts";

const IN_FLIGHT = 64;

/** Writes into `outDir` (which must be empty or new); returns the number of records per collection. */
export async function writeSyntheticCatalogue(
  options: SyntheticOptions,
  outDir: string,
  progress?: (written: number) => void,
): Promise<Map<string, number>> {
  const existing = await readdir(outDir).catch(() => []);
  if (existing.length) throw new Error(`${outDir} is not empty; give --out a new or empty folder.`);
  const counts = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  let written = 0;
  for (const { collection, name, record } of syntheticCatalogue(options)) {
    if (!counts.has(collection)) await mkdir(path.join(outDir, collection), { recursive: true });
    counts.set(collection, (counts.get(collection) ?? 0) + 1);
    // "$schema" leads the record (recordKeys); its value is the path from where the file goes.
    const $schema = schemaPathFrom(path.join(outDir, collection), findCollection(collection)!.kind);
    const job = writeFile(path.join(outDir, collection, `${name}.json`), `${JSON.stringify({ ...record, $schema }, null, 2)}\n`).then(
      () => {
        pending.delete(job);
        if (++written % 5000 === 0) progress?.(written);
      },
    );
    pending.add(job);
    if (pending.size >= IN_FLIGHT) await Promise.race(pending);
  }
  await Promise.all(pending);
  return counts;
}
