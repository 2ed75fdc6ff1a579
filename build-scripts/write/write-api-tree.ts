/**
 * Writes every list and every resource of the catalogue in every format.
 *
 * Each resource is serialized once per format; those bytes become its own
 * file and are appended to its collection's list (page) files, which are
 * streamed. Eleventy writes the few site pages; these ~4 × N files are written
 * here because an Eleventy page per file costs time and memory per page.
 */
import type { Catalogue } from "../catalogue/catalogue.ts";
import { COLLECTIONS } from "../catalogue/collections.ts";
import { toResource } from "../catalogue/resource.ts";
import type { SiteConfig } from "../config/site-config.ts";
import { FORMATS } from "../formats/formats.ts";
import { paginate } from "../formats/renderer.ts";
import { instanceView, listView, type Page, type RenderContext } from "../formats/views.ts";
import { instanceFile, listPageFile } from "../layout/output-tree.ts";
import { FileWriter, type StreamedFile } from "./file-writer.ts";
import type { WriteStats } from "./write-stats.ts";

export type Progress = (collection: string, done: number, total: number) => void;

export async function writeApiTree(catalogue: Catalogue, config: SiteConfig, outDir: string, progress?: Progress): Promise<WriteStats> {
  const writer = new FileWriter(outDir);
  try {
    await writeCollections(writer, catalogue, config, progress);
  } catch (error) {
    await writer.abort();
    throw error;
  }
  return writer.flush();
}

async function writeCollections(writer: FileWriter, catalogue: Catalogue, config: SiteConfig, progress?: Progress): Promise<void> {
  const context: RenderContext = { config };
  for (const collection of COLLECTIONS) {
    const entries = catalogue.lists.get(collection.name) ?? [];
    const view = listView(collection, entries.length);
    const lists = FORMATS.map((format) => new PagedList(writer, format.extension, format.renderer, view, context, entries.length));
    for (const [i, { record }] of entries.entries()) {
      const resource = toResource(collection, record, config);
      const iview = instanceView(collection, resource);
      for (const [f, format] of FORMATS.entries()) {
        const item = format.renderer.item(resource, context);
        await writer.write(instanceFile(collection.name, record.uuid, format.extension), format.renderer.instance(item, iview, context));
        await lists[f].add(item);
      }
      if (progress && (i + 1) % 1000 === 0) progress(collection.name, i + 1, entries.length);
    }
    for (const list of lists) await list.close();
  }
}

/** One format's list of a collection, written page by page as items arrive. */
class PagedList {
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
