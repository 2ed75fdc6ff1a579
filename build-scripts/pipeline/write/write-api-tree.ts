/**
 * Writes the lists and resources of a tree (api/…, or a language's
 * <lang>/api/…) in every format, and each list's search files.
 *
 * Each resource is serialized once per format, in the render threads, which
 * write its own files and, from the same JSON, the search's record files; the
 * main thread appends the same text (as UTF-8 from the threads), as list
 * entries, to its collection's list (page) files, which are streamed, and
 * builds the search indexes.
 * Eleventy writes the few site pages; these ~4 × N files are written here
 * because an Eleventy page per file costs time and memory per page (docs/performance.md).
 */
import path from "node:path";
import { COLLECTIONS } from "../../core/catalogue/collections.ts";
import { FIELD_ORDER } from "../../core/catalogue/resource.ts";
import { FORMATS, type Format } from "../../core/formats/formats.ts";
import { listView, type RenderContext } from "../../core/formats/views.ts";
import { bucketPath, listFile, queryFile } from "../../core/routes/output-tree.ts";
import { levelsOf, slicesPerFolder } from "../../core/routes/tree-layout.ts";
import { RECORDS_PER_FILE, SearchIndexBuilder } from "../../core/search/build-index.ts";
import { wordRules } from "../../core/search/languages.ts";
import { uuidBits } from "../../core/search/uuid-index.ts";
import { UpdatingWriter, type FileWriter } from "./file-writer.ts";
import { ListFiles } from "./list-files.ts";
import type { RecordToRender } from "./render-messages.ts";
import { recordTermNumbers, type ChunkStore, type RenderJob, type RenderThreads, type TakeChunk } from "./render-threads.ts";
import { ColumnFiles, writeListQueryFiles } from "./query-files.ts";
import { appendAll } from "../../core/append-all.ts";

export type Progress = (collection: string, done: number, total: number) => void;

/** What a run of the site's writer (write-site.ts) is told; the writer it is given says where, and how, it writes. */
export interface WriteOptions {
  readonly threads: RenderThreads;
  /** Chunks rendered by earlier runs (`npm run dev`: in this process; `npm run mirror`: stored), taken again where their records are the same. */
  readonly kept?: ChunkStore;
  /** Only these collections' lists and resources (`npm run dev`: the ones a save touched); every one by default. */
  readonly only?: ReadonlySet<string>;
  /**
   * Over an older tree (`npm run mirror`'s update): whether a record's own
   * files are there as this run would write them, its record unchanged since
   * (they follow from the record alone, the rest being in the build's
   * fingerprint): a chunk rendered again, as an addition or removal before it
   * shifts it, writes them no more.
   */
  readonly unchanged?: (collection: string, uuid: string) => boolean;
  /** Told how far each collection's files are. */
  readonly progress?: Progress;
  /** Stops the writing (the build failed elsewhere). */
  readonly signal?: AbortSignal;
}

/** A tree of the API: how it is rendered, and what it lists. */
export interface Tree {
  readonly context: RenderContext;
  /** Each collection's records, in list order; a collection left out is not written. */
  readonly lists: ReadonlyMap<string, readonly RecordToRender[]>;
  /** The entries a folder may hold (SiteConfig.folderLimit): past it, a list's record slices go into subfolders. */
  readonly folderLimit: number;
}

/** A format's files of the collection being written: its list, and its columns for a format with parts. */
interface FormatFiles {
  readonly format: Format;
  readonly list: ListFiles;
  readonly columns?: ColumnFiles;
}

/** The collection whose files are being written: its lists in every format, its search index. */
interface Current {
  readonly job: RenderJob;
  readonly formats: readonly FormatFiles[];
  readonly recordFiles: string[];
  readonly index: SearchIndexBuilder;
}

export async function writeApiTree(tree: Tree, writer: FileWriter, options: WriteOptions): Promise<void> {
  const rules = await wordRules(tree.context.language);
  // Empty collections first, then the largest: each collection's search index
  // is finished on this thread after its last chunk while the render threads
  // go on with the next one, so only the last collection's finish waits alone,
  // and that is a small one; an empty collection's files are written while
  // the threads render their first chunks.
  const weight = (job: RenderJob) => job.records.length || Number.MAX_SAFE_INTEGER;
  const jobs: RenderJob[] = COLLECTIONS.flatMap((collection) => {
    const records = tree.lists.get(collection.name);
    if (!records) return [];
    // Beside the slices, known now: per format with parts, its entry offsets and a column per field, and the uuid index's buckets (none for an empty list).
    const others =
      records.length === 0
        ? 0
        : FORMATS.filter((f) => f.renderer.parts).length * (1 + FIELD_ORDER[collection.kind].length) + 2 ** uuidBits(records.length);
    const slices = Math.ceil(records.length / RECORDS_PER_FILE);
    const { unchanged } = options;
    return [
      {
        collection,
        records,
        slicesPerFolder: slicesPerFolder(slices, others, tree.folderLimit),
        unchanged: unchanged && ((uuid: string) => unchanged(collection.name, uuid)),
      },
    ];
  }).sort((a, b) => weight(b) - weight(a));
  let current: Current | undefined;
  const take: TakeChunk = (job, start, chunk, last) => {
    const { collection, records } = job;
    if (current?.job !== job) {
      const view = listView(collection, records.length);
      // An empty list has no columns: a `fields` answer of it needs none.
      const fields = records.length === 0 ? [] : FIELD_ORDER[collection.kind];
      const formats = FORMATS.map((format) => ({
        format,
        list: new ListFiles(writer, format, view, tree.context, records.length),
        columns: format.renderer.parts && new ColumnFiles(writer, collection, format.extension, fields),
      }));
      current = { job, formats, recordFiles: [], index: new SearchIndexBuilder(rules.stem) };
    }
    writer.stats.merge(chunk.stats);
    const { terms } = chunk;
    const count = terms.ends.length;
    for (const { format, list, columns } of current.formats) {
      const rendered = chunk.formats[format.name];
      list.addEntries(rendered.entries, count, rendered.entryBytes);
      if (columns && rendered.columns) columns.add(rendered.columns);
    }
    appendAll(current.recordFiles, chunk.recordFiles);
    for (let i = 0; i < count; i++) current.index.addNumbered(recordTermNumbers(terms, i), terms.table);
    const done = start + count;
    // Every thousand resources (whatever the chunk size), reported at the chunk that passes it.
    if (options.progress && Math.floor(done / 1000) > Math.floor(start / 1000)) options.progress(collection.name, done, records.length);
    if (!last) return;
    const pages: string[] = [];
    const entries = new Map<string, Uint32Array>();
    const columns = new Map<string, Record<string, string>>();
    for (const { format, list, columns: formatColumns } of current.formats) {
      list.close();
      appendAll(
        pages,
        list.pages.map((page) => list.fileOf(page.number)),
      );
      if (formatColumns && list.entryOffsets) entries.set(format.extension, list.entryOffsets);
      if (formatColumns) columns.set(format.extension, formatColumns.close());
    }
    const query = writeListQueryFiles(writer, collection, {
      index: current.index.finish(),
      records: current.recordFiles,
      uuids: records.map(({ record }) => record.uuid),
      entries,
      columns,
    });
    current = undefined;
    // Over an older tree (npm run dev): what the list no longer has goes (the search's superseded files are not counted as removed).
    if (!(writer instanceof UpdatingWriter)) return;
    const levels = levelsOf(tree.context.layout, collection.name);
    const below = (folder: string, files: readonly string[]) =>
      files.filter((file) => file.startsWith(`${folder}/`)).map((file) => file.slice(folder.length + 1));
    const listFolder = path.posix.dirname(listFile(collection.name, "json"));
    const own = records.map(({ record }) => `${bucketPath(record.uuid, levels)}${record.uuid}`);
    writer.stats.removed += removeOutside(writer, listFolder, [...own, ...below(listFolder, pages)]);
    const queryFolder = path.posix.dirname(queryFile(collection.name, "-"));
    removeOutside(writer, queryFolder, below(queryFolder, query));
  };
  // Chunks kept from a run of another layout wrote their files elsewhere.
  options.kept?.forLayout(JSON.stringify(tree.context.layout));
  try {
    // Only the source tree's chunks are kept: a language's records are made afresh on every run.
    const kept = tree.context.language === undefined ? options.kept : undefined;
    await options.threads.render(jobs, tree.context, writer.target, take, { kept, signal: options.signal });
  } catch (error) {
    // No file left open (`npm run dev` lives on).
    for (const { list, columns } of current?.formats ?? []) {
      list.abandon();
      columns?.abandon();
    }
    throw error;
  }
}

/** Removes from `folder` what is not `keep` (paths below it) nor holds any of it, folder by folder (a writer over an older tree). */
function removeOutside(writer: UpdatingWriter, folder: string, keep: readonly string[]): number {
  const inside = new Map<string, string[]>();
  for (const file of keep) {
    const at = file.indexOf("/");
    const name = at < 0 ? file : file.slice(0, at);
    const below = inside.get(name) ?? [];
    if (at >= 0) below.push(file.slice(at + 1));
    inside.set(name, below);
  }
  let removed = writer.removeOthers(folder, new Set(inside.keys()));
  for (const [name, below] of inside) if (below.length > 0) removed += removeOutside(writer, `${folder}/${name}`, below);
  return removed;
}
