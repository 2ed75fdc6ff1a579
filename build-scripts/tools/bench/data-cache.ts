/**
 * Synthetic catalogues for the benchmark, generated once per size, seed,
 * share of other scripts and generator version and kept in the system's
 * temporary folder.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sizeMix } from "../synthetic/synthetic-catalogue.ts";
import { writeSyntheticCatalogue } from "../synthetic/write-catalogue.ts";

export const BENCH_DIR = path.join(tmpdir(), "catalogue-bench");
const GENERATOR_DIR = path.join(import.meta.dirname, "../synthetic");

/** Changes whenever the generator's code does, so a stale cache is never used. */
async function generatorVersion(): Promise<string> {
  const hash = createHash("sha256");
  for (const name of (await readdir(GENERATOR_DIR)).sort()) hash.update(name).update(await readFile(path.join(GENERATOR_DIR, name)));
  return hash.digest("hex").slice(0, 10);
}

/** The content folder of a catalogue of `resources` records, `otherScripts` of them with text in other scripts. */
export async function cachedCatalogue(resources: number, seed: number, otherScripts: number, log: (line: string) => void): Promise<string> {
  const dir = path.join(BENCH_DIR, "data", `${resources}-seed${seed}-scripts${otherScripts}-${await generatorVersion()}`);
  if (existsSync(dir)) return dir;
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  log(`  generating ${resources} records into ${dir} …`);
  await writeSyntheticCatalogue(sizeMix(resources, seed, otherScripts), partial);
  await rename(partial, dir);
  return dir;
}
