/**
 * Writes every list and every resource of the catalogue in every format.
 *
 * Each resource is serialized once per format; those bytes become its own
 * file and are appended to its collection's list (page) files, which are
 * streamed. Eleventy writes the few site pages; these ~4 × N files are written
 * here because an Eleventy page per file costs time and memory per page.
 */
import type { Catalogue } from "../catalogue/catalogue.ts";
import { COLLECTIONS, type Collection } from "../catalogue/collections.ts";
import { toResource, type SourceRecord } from "../catalogue/resource.ts";
import type { SiteConfig } from "../config/site-config.ts";
import { FORMATS } from "../formats/formats.ts";
import { paginate } from "../formats/renderer.ts";
import { instanceView, listView, type Page, type RenderContext } from "../formats/views.ts";
import { instanceFile, listPageFile } from "../layout/output-tree.ts";
import { FileWriter, type StreamedFile } from "./file-writer.ts";
import type { ItemSink } from "../build/build-report.ts";
import type { WriteStats } from "./write-stats.ts";

export type Progress = (collection: string, done: number, total: number) => void;

export interface WriteOptions {
  readonly progress?: Progress;
  /** Given each resource's items as they are serialized (watch mode keeps them). */
  readonly onItem?: ItemSink;
}

export async function writeApiTree(catalogue: Catalogue, config: SiteConfig, outDir: string, options: WriteOptions = {}): Promise<WriteStats> {
  const writer = new FileWriter(outDir);
  const context: RenderContext = { config };
  for (const collection of COLLECTIONS) {
    const entries = catalogue.lists.get(collection.name) ?? [];
    const lists = collectionLists(writer, collection, entries.length, context);
    for (const [i, { record }] of entries.entries()) {
      const items = await writeResource(writer, collection, record, context);
      for (const [f, item] of items.entries()) await lists[f].add(item);
      options.onItem?.(collection.name, i, items);
      if (options.progress && (i + 1) % 1000 === 0) options.progress(collection.name, i + 1, entries.length);
    }
    for (const list of lists) await list.close();
  }
  await writer.flush();
  return writer.stats;
}

/** Serialize one resource in every format and queue its own files; returns its items (in the order of FORMATS). */
export async function writeResource(writer: FileWriter, collection: Collection, record: SourceRecord, context: RenderContext): Promise<string[]> {
  const resource = toResource(collection, record, context.config);
  const iview = instanceView(collection, resource);
  const items: string[] = [];
  for (const format of FORMATS) {
    const item = format.renderer.item(resource, context);
    await writer.write(instanceFile(collection.name, record.uuid, format.extension), format.renderer.instance(item, iview, context));
    items.push(item);
  }
  return items;
}

/** A collection's lists, one per format (in the order of FORMATS), ready for `total` items. */
export function collectionLists(writer: FileWriter, collection: Collection, total: number, context: RenderContext): PagedList[] {
  const view = listView(collection, total);
  return FORMATS.map((format) => new PagedList(writer, format.extension, format.renderer, view, context, total));
}

/** One format's list of a collection, written page by page as items arrive. */
export class PagedList {
  private readonly pages: Page[];
  private pageIndex = 0;
  private indexInPage = 0;
  private file?: StreamedFile;

  constructor(
    private readonly writer: FileWriter,
    private readonly extension: string,
    private readonly renderer: (typeof FORMATS)[number]["renderer"],
    private readonly view: ReturnType<typeof listView>,
    private readonly context: RenderContext,
    total: number,
  ) {
    this.pages = paginate(total, renderer.pageSize);
  }

  private get page(): Page {
    return this.pages[this.pageIndex];
  }

  private async open(): Promise<StreamedFile> {
    if (!this.file) {
      this.file = await this.writer.stream(listPageFile(this.view.collection.name, this.page.number, this.extension));
      await this.file.append(this.renderer.listHead(this.view, this.page, this.context));
    }
    return this.file;
  }

  async add(item: string): Promise<void> {
    const file = await this.open();
    await file.append(this.renderer.listEntry(item, this.indexInPage++));
    if (this.indexInPage === this.page.count && this.pageIndex < this.pages.length - 1) {
      await this.closePage();
      this.pageIndex += 1;
      this.indexInPage = 0;
    }
  }

  private async closePage(): Promise<void> {
    const file = await this.open();
    await file.append(this.renderer.listTail(this.view, this.page, this.context));
    await file.close();
    this.file = undefined;
  }

  async close(): Promise<void> {
    await this.closePage();
  }
}
