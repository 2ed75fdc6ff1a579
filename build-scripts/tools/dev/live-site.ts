/**
 * The site as `npm run dev` holds it between saves: every collection's
 * entries in list order, each entry's serialized items (one per format)
 * from the last build, and its search terms. A changed record is validated and re-serialized on its
 * own; its own files are rewritten and so are its collection's lists, by
 * concatenating the items in memory (for the paged HTML view, only the pages
 * the change reaches), and so is its collection's search index. Nothing else
 * is touched.
 */
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { compareEntries, type Catalogue, type CatalogueEntry } from "../../core/catalogue/catalogue.ts";
import { findCollection, type Collection } from "../../core/catalogue/collections.ts";
import type { PreparedBuild } from "../../pipeline/prepare.ts";
import { schemaValidators } from "../../pipeline/cache/cached-validators.ts";
import { FORMATS, JSON_ITEM } from "../../core/formats/formats.ts";
import { paginate } from "../../core/formats/renderer.ts";
import { listView, type RenderContext } from "../../core/formats/views.ts";
import { instanceFile, queryFile } from "../../core/routes/output-tree.ts";
import type { Problem } from "../../pipeline/validate/problems.ts";
import { crossRecordProblems } from "../../pipeline/validate/record-rules.ts";
import { validateSource, type SourceFile } from "../../pipeline/validate/validate-catalogue.ts";
import type { ItemSink, TermsSink } from "../../pipeline/write/write-api-tree.ts";
import { writeResource } from "../../pipeline/write/write-resource.ts";
import { writeColumns, writeListQueryFiles, writeRecordFiles } from "../../pipeline/write/query-files.ts";
import { RECORDS_PER_FILE, SearchIndexBuilder } from "../../core/search/build-index.ts";
import { FIELD_ORDER } from "../../core/catalogue/resource.ts";
import { resourceTerms } from "../../core/search/search-fields.ts";
import { browserScripts } from "../../pipeline/write/browser-scripts.ts";
import { FileWriter } from "../../pipeline/write/file-writer.ts";
import { ListFiles } from "../../pipeline/write/list-files.ts";
import { render as renderHome } from "../../../templates/home.11ty.ts";

/** A record file that changed: its new text, or undefined when it was deleted. */
export interface Change {
  readonly file: string;
  readonly collection: string;
  readonly text: string | undefined;
}

export interface UpdateResult {
  /** Problems of the changed records; a change with errors is not applied. */
  readonly problems: readonly Problem[];
  /** Files written. */
  readonly written: number;
  /** Files removed (a deleted record's, pages a list no longer has). */
  readonly removed: number;
  /** Collections whose lists were (partly) rewritten. */
  readonly collections: readonly string[];
}

/** What a batch did to a collection's list: its length before, and the indexes where entries left or arrived. */
interface Touched {
  readonly before: number;
  readonly from: number;
  readonly to: number;
}

/** The list indexes whose pages changed: the touched ones, or all of them when the list grew or shrank (pages show the total, slices shift). */
const reach = (touched: Touched, total: number): [number, number] =>
  total === touched.before ? [touched.from, touched.to] : [0, Infinity];

interface LiveCollection {
  readonly collection: Collection;
  /** In list order, as in the catalogue. */
  readonly entries: CatalogueEntry[];
  /** items[i][f]: entry i serialized in FORMATS[f]. */
  readonly items: string[][];
  /** parts[i][f]: entry i's parts in FORMATS[f], for the formats with parts. */
  readonly parts: (readonly string[] | undefined)[][];
  /** terms[i]: the search terms of entry i. */
  readonly terms: (readonly string[])[];
}

/**
 * Collects the serialized items and search terms of a build (pass `sink` as
 * runBuild's `onItem`, `termsSink` as its `onTerms`) for a LiveSite.
 */
export class ItemCollector {
  readonly byCollection = new Map<string, string[][]>();
  readonly partsByCollection = new Map<string, (readonly string[] | undefined)[][]>();
  readonly termsByCollection = new Map<string, (readonly string[])[]>();
  readonly termsSink: TermsSink = (collection, terms) => {
    this.termsByCollection.set(collection, [...terms]);
  };
  readonly sink: ItemSink = (collection, index, items, parts) => {
    let list = this.byCollection.get(collection);
    if (!list) this.byCollection.set(collection, (list = []));
    list[index] = [...items];
    let partLists = this.partsByCollection.get(collection);
    if (!partLists) this.partsByCollection.set(collection, (partLists = []));
    partLists[index] = [...parts];
  };
}

export class LiveSite {
  private readonly collections = new Map<string, LiveCollection>();
  private readonly context: RenderContext;

  constructor(
    private readonly build: PreparedBuild,
    items: ItemCollector,
    private readonly outDir: string,
  ) {
    this.context = { config: build.config, scripts: browserScripts(build.config).list };
    for (const [name, entries] of build.catalogue.lists) {
      const collection = findCollection(name)!;
      const terms = items.termsByCollection.get(name) ?? [];
      const parts = items.partsByCollection.get(name) ?? [];
      this.collections.set(name, { collection, entries: [...entries], items: items.byCollection.get(name) ?? [], parts, terms });
    }
  }

  /** Apply changed records: valid ones are written with their collections' lists; ones with errors change nothing. */
  async update(changes: readonly Change[]): Promise<UpdateResult> {
    const writer = new FileWriter(this.outDir);
    const problems: Problem[] = [];
    const touched = new Map<string, Touched>();
    let removed = 0;
    for (const change of changes) {
      const live = this.collections.get(change.collection);
      const before = live?.entries.length ?? 0;
      const result = await this.apply(change, writer);
      problems.push(...result.problems);
      removed += result.removed;
      if (!live || result.moved.length === 0) continue;
      const seen = touched.get(change.collection);
      touched.set(change.collection, {
        before: seen?.before ?? before,
        from: Math.min(seen?.from ?? Infinity, ...result.moved),
        to: Math.max(seen?.to ?? -Infinity, ...result.moved),
      });
    }
    for (const [name, range] of touched) {
      const live = this.collections.get(name)!;
      const { removed: pages, entryOffsets } = await this.rewriteLists(live, range, writer);
      removed += pages;
      await this.rewriteSearch(live, range, writer, entryOffsets);
    }
    if ([...touched].some(([name, { before }]) => this.collections.get(name)!.entries.length !== before)) {
      writer.write("index.html", renderHome({ build: { ...this.build, catalogue: this.catalogue() } }));
    }
    return { problems, written: writer.stats.files, removed, collections: [...touched.keys()] };
  }

  /** The catalogue as it stands now. */
  catalogue(): Catalogue {
    return { lists: new Map([...this.collections].map(([name, live]) => [name, live.entries])) };
  }

  /** `moved`: the list indexes an entry left or arrived at (none if the change was not applied). */
  private async apply(change: Change, writer: FileWriter): Promise<{ problems: Problem[]; moved: number[]; removed: number }> {
    const live = this.collections.get(change.collection);
    const index = live ? live.entries.findIndex((e) => e.file === change.file) : -1;
    if (change.text === undefined) {
      if (!live || index < 0) return { problems: [], moved: [], removed: 0 };
      const [old] = this.take(live, index);
      return { problems: [], moved: [index], removed: await this.removeInstance(old) };
    }
    const checked = validateSource(change as SourceFile, await schemaValidators());
    const { entry, parsed } = checked;
    if (!live || !parsed) return { problems: checked.problems, moved: [], removed: 0 };
    // As in the build, a record with errors of its own still meets the cross-record rules.
    const others = this.allEntries().filter((e) => e.file !== change.file);
    const cross = crossRecordProblems([...others, parsed]).filter((p) => p.severity === "error" || p.file === change.file);
    const problems = [...checked.problems, ...cross];
    if (!entry || cross.some((p) => p.severity === "error")) return { problems, moved: [], removed: 0 };

    let removed = 0;
    if (index >= 0) {
      const [old] = this.take(live, index);
      if (old.record.uuid !== entry.record.uuid) removed = await this.removeInstance(old);
    }
    const { items, parts, resource } = writeResource(writer, live.collection, entry.record, this.context);
    const at = live.entries.findIndex((e) => compareEntries(entry, e) < 0);
    const position = at < 0 ? live.entries.length : at;
    live.entries.splice(position, 0, entry);
    live.items.splice(position, 0, items);
    live.parts.splice(position, 0, parts);
    live.terms.splice(position, 0, resourceTerms(live.collection, resource));
    return { problems, moved: index >= 0 ? [index, position] : [position], removed };
  }

  /** Remove entry `index` (with its items and terms) from the list. */
  private take(live: LiveCollection, index: number): CatalogueEntry[] {
    live.items.splice(index, 1);
    live.parts.splice(index, 1);
    live.terms.splice(index, 1);
    return live.entries.splice(index, 1);
  }

  private allEntries(): CatalogueEntry[] {
    return [...this.collections.values()].flatMap((live) => live.entries);
  }

  private async removeInstance(entry: CatalogueEntry): Promise<number> {
    const dir = path.dirname(instanceFile(entry.collection.name, entry.record.uuid, FORMATS[0].extension));
    await rm(path.join(this.outDir, dir), { recursive: true, force: true });
    return FORMATS.length;
  }

  /**
   * The collection's query files from what is in memory: its index, the
   * record files the change reaches (the others keep their names), entry
   * offsets (of the list files just written) and columns; query files it no
   * longer has are removed: superseded by their new versions, they are not
   * counted as removed from the site.
   */
  private async rewriteSearch(
    live: LiveCollection,
    touched: Touched,
    writer: FileWriter,
    entryOffsets: Map<string, Uint32Array>,
  ): Promise<void> {
    const { collection } = live;
    const total = live.entries.length;
    const [from, to] = reach(touched, total);
    const jsonItems = live.items.map((items) => items[JSON_ITEM]);
    const records: string[] = [];
    for (let start = 0; start < total; start += RECORDS_PER_FILE) {
      const reached = start <= to && start + RECORDS_PER_FILE > from;
      records.push(...writeRecordFiles(writer, collection, start, jsonItems.slice(start, start + RECORDS_PER_FILE), reached));
    }
    const index = new SearchIndexBuilder();
    for (const terms of live.terms) index.add(terms);
    const withParts = [...FORMATS.entries()].filter(([, format]) => format.renderer.parts);
    const written = writeListQueryFiles(writer, collection, {
      index: index.finish(),
      records,
      entries: entryOffsets,
      columns: new Map(
        withParts.map(([f, format]) => {
          const parts = live.parts.map((record) => record[f]!);
          return [format.extension, writeColumns(writer, collection, format.extension, FIELD_ORDER[collection.kind], parts)];
        }),
      ),
    });
    const kept = new Set(written);
    const folder = path.dirname(queryFile(collection.name, "x"));
    const stale = (await readdir(path.join(this.outDir, folder)).catch(() => [] as string[]))
      .map((name) => `${folder}/${name}`)
      .filter((file) => !kept.has(file));
    for (const file of stale) await rm(path.join(this.outDir, file), { force: true });
  }

  /**
   * Rewrite the list pages that hold a touched index, from the items in memory
   * (a data format's list is one page, so always); when the list grew or
   * shrank, every page (each shows the total). Pages it no longer has are
   * removed. Returns how many, and the data formats' entry offsets.
   */
  private async rewriteLists(
    live: LiveCollection,
    touched: Touched,
    writer: FileWriter,
  ): Promise<{ removed: number; entryOffsets: Map<string, Uint32Array> }> {
    const total = live.entries.length;
    const view = listView(live.collection, total);
    const [from, to] = reach(touched, total);
    let removed = 0;
    const entryOffsets = new Map<string, Uint32Array>();
    for (const [f, format] of FORMATS.entries()) {
      const list = new ListFiles(writer, format, view, this.context, total);
      for (const page of list.pages) {
        if (page.start + page.count <= from || page.start > to) continue;
        list.writePage(
          page,
          live.items.slice(page.start, page.start + page.count).map((i) => i[f]),
        );
      }
      for (let n = list.pages.length + 1; n <= paginate(touched.before, format.renderer.pageSize).length; n++) {
        await rm(path.join(this.outDir, list.fileOf(n)), { force: true });
        removed += 1;
      }
      if (format.renderer.parts) entryOffsets.set(format.extension, list.entryOffsets!);
    }
    return { removed, entryOffsets };
  }
}
