/**
 * Writes every list and every resource of the catalogue in every format, and
 * each list's search files.
 *
 * Each resource is serialized once per format, in the render threads, which
 * write its own files and, from the same JSON, the search's record files; the
 * main thread appends the same text (as UTF-8 from the threads), as list
 * entries, to its collection's list (page) files, which are streamed, and
 * builds the search indexes.
 * Eleventy writes the few site pages; these ~4 × N files are written here
 * because an Eleventy page per file costs time and memory per page (docs/performance.md).
 */
import type { Catalogue } from "../../core/catalogue/catalogue.ts";
import { COLLECTIONS, type Collection } from "../../core/catalogue/collections.ts";
import { FIELD_ORDER } from "../../core/catalogue/resource.ts";
import type { SiteConfig } from "../../core/catalogue/site-config.ts";
import { FORMATS } from "../../core/formats/formats.ts";
import { listView, type ListScripts, type RenderContext } from "../../core/formats/views.ts";
import { FileWriter } from "./file-writer.ts";
import { ListFiles } from "./list-files.ts";
import { recordTermNumbers, renderRecords, type RenderJob, type TakeChunk } from "./render-threads.ts";
import { ColumnFiles, writeListQueryFiles } from "./query-files.ts";
import { SearchIndexBuilder } from "../../core/search/build-index.ts";
import { wordRules } from "../../core/search/languages.ts";
import type { WriteStats } from "./write-stats.ts";
import type { ResourceTranslation } from "../../core/translations/localize.ts";

/** Receives each resource's serialized items and parts (one per format, in the order of FORMATS). */
export type ItemSink = (
  collection: string,
  index: number,
  items: readonly string[],
  parts: readonly (readonly string[] | undefined)[],
) => void;

/** Receives each list's search terms (terms[i]: those of entry i), as the search files are written. */
export type TermsSink = (collection: string, terms: readonly (readonly string[])[]) => void;

export type Progress = (collection: string, done: number, total: number) => void;

export interface WriteOptions {
  /** Told how far each collection's files are. */
  readonly progress?: Progress;
  /** Given each resource's items as they are serialized (watch mode keeps them). */
  readonly onItem?: ItemSink;
  /** Given each list's search terms (watch mode keeps them). */
  readonly onTerms?: TermsSink;
  /** Stops the writing (the build failed elsewhere). */
  readonly signal?: AbortSignal;
  /** The list view script's chunks, which list pages ask for at once. */
  readonly scripts?: ListScripts;
}

/** A translated tree's language, and each collection's translations of its records (in list order). */
export interface TreeLanguage {
  readonly language: string;
  readonly translations: ReadonlyMap<string, readonly ResourceTranslation[]>;
}

/** The collection whose files are being written: its lists in every format, its search index, and (for watch mode) its entries' terms. */
interface Current {
  readonly job: RenderJob;
  readonly lists: ListFiles[];
  /** Per format with parts: its columns. */
  readonly columns: (ColumnFiles | undefined)[];
  readonly recordFiles: string[];
  readonly index: SearchIndexBuilder;
  readonly terms: (readonly string[])[];
}

export async function writeApiTree(
  catalogue: Catalogue,
  config: SiteConfig,
  outDir: string,
  options: WriteOptions = {},
  tree?: TreeLanguage,
  stats?: WriteStats,
): Promise<WriteStats> {
  const writer = new FileWriter(outDir, stats);
  const rules = await wordRules(tree?.language);
  const context: RenderContext = { config, language: tree?.language, scripts: options.scripts };
  // Empty collections first, then the largest: each collection's search index
  // is finished on this thread after its last chunk while the render threads
  // go on with the next one, so only the last collection's finish waits alone,
  // and that is a small one; an empty collection's files are written while
  // the threads render their first chunks.
  const weight = (job: RenderJob) => job.records.length || Number.MAX_SAFE_INTEGER;
  const jobs: RenderJob[] = COLLECTIONS.map((collection) => ({
    collection,
    records: (catalogue.lists.get(collection.name) ?? []).map((e) => e.record),
    translations: tree && { language: tree.language, records: tree.translations.get(collection.name) ?? [] },
  })).sort((a, b) => weight(b) - weight(a));
  let current: Current | undefined;
  const take: TakeChunk = (job, start, chunk, last) => {
    const { collection, records } = job;
    if (current?.job !== job) {
      const lists = collectionLists(writer, collection, records.length, context);
      // An empty list has no columns: a `fields` answer of it needs none.
      const fields = records.length === 0 ? [] : FIELD_ORDER[collection.kind];
      const columns = FORMATS.map((f) => (f.renderer.parts ? new ColumnFiles(writer, collection, f.extension, fields) : undefined));
      current = { job, lists, columns, recordFiles: [], index: new SearchIndexBuilder(rules.stem), terms: [] };
    }
    writer.stats.merge(chunk.stats);
    const { terms } = chunk;
    const count = terms.ends.length;
    for (const [f, list] of current.lists.entries()) list.addEntries(chunk.entries[f], count, chunk.entryBytes[f]);
    for (const [f, columns] of current.columns.entries()) columns?.add(chunk.columns[f], chunk.columnDigests[f]);
    current.recordFiles.push(...chunk.recordFiles);
    for (let i = 0; i < count; i++) {
      const numbers = recordTermNumbers(terms, i);
      current.index.addNumbered(numbers, terms.table);
      if (options.onTerms) current.terms.push(Array.from(numbers, (n) => terms.table.terms[n]));
    }
    if (options.onItem) for (const [n, items] of chunk.items.entries()) options.onItem(collection.name, start + n, items, chunk.parts[n]);
    const done = start + count;
    // Every thousand resources (whatever the chunk size), reported at the chunk that passes it.
    if (options.progress && Math.floor(done / 1000) > Math.floor(start / 1000)) options.progress(collection.name, done, records.length);
    if (!last) return;
    for (const list of current.lists) list.close();
    writeListQueryFiles(writer, collection, {
      index: current.index.finish(),
      records: current.recordFiles,
      entries: new Map(FORMATS.flatMap((f, i) => (f.renderer.parts ? [[f.extension, current!.lists[i].entryOffsets!]] : []))),
      columns: new Map(FORMATS.flatMap((f, i) => (f.renderer.parts ? [[f.extension, current!.columns[i]!.close()]] : []))),
    });
    options.onTerms?.(collection.name, current.terms);
    current = undefined;
  };
  try {
    await renderRecords(jobs, config, outDir, take, { keepItems: options.onItem !== undefined, signal: options.signal });
  } catch (error) {
    // No file left open (`npm run dev` lives on).
    for (const list of current?.lists ?? []) list.abandon();
    for (const columns of current?.columns ?? []) columns?.abandon();
    throw error;
  }
  return writer.stats;
}

/** A collection's lists, one per format (in the order of FORMATS), ready for `total` items. */
function collectionLists(writer: FileWriter, collection: Collection, total: number, context: RenderContext): ListFiles[] {
  const view = listView(collection, total);
  return FORMATS.map((format) => new ListFiles(writer, format, view, context, total));
}
