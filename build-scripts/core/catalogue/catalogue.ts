/**
 * The validated catalogue: every collection's records, in list order.
 */
import { COLLECTIONS, type Collection } from "./collections.ts";
import type { SourceRecord } from "./resource.ts";

export interface CatalogueEntry {
  readonly collection: Collection;
  readonly record: SourceRecord;
  /** The source file, relative to the project (for messages). */
  readonly file: string;
  /** A hash of the file's text as read: the record is what that text parses to, so an update compares this (pipeline/build-state.ts). */
  readonly digest: string;
}

export interface Catalogue {
  /** Every one of the 31 collections (empty ones too), records in list order. */
  readonly lists: ReadonlyMap<string, readonly CatalogueEntry[]>;
}

/**
 * List order: by `position`, as a database returns rows ordered by a column
 * that need not be unique (DRF's `ordering = ["position", …]`), then by file
 * name: records that share a position (two made between deploys, on the
 * published site, each one past the last as that build knew it) keep a stated
 * order. Records without a position follow, by file name. `new` and `import`
 * always write a position, so a hand-written record without one simply goes last.
 */
function compareEntries(a: CatalogueEntry, b: CatalogueEntry): number {
  const pa = a.record.position as number | undefined;
  const pb = b.record.position as number | undefined;
  if (pa !== undefined && pb !== undefined && pa !== pb) return pa - pb;
  if (pa !== undefined && pb === undefined) return -1;
  if (pb !== undefined && pa === undefined) return 1;
  // Without `.json`, so that `tides.json` comes before `tides-1.json`, as "tides" before "tides-1".
  const [fa, fb] = [a.file.replace(/\.json$/, ""), b.file.replace(/\.json$/, "")];
  return fa < fb ? -1 : fa > fb ? 1 : 0;
}

export function buildCatalogue(entries: readonly CatalogueEntry[]): Catalogue {
  const lists = new Map<string, CatalogueEntry[]>(COLLECTIONS.map((c) => [c.name, []]));
  for (const entry of entries) lists.get(entry.collection.name)!.push(entry);
  for (const list of lists.values()) list.sort(compareEntries);
  return { lists };
}

export const resourceCount = (catalogue: Catalogue) => [...catalogue.lists.values()].reduce((n, list) => n + list.length, 0);
