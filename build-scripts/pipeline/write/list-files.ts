/**
 * One format's list of a collection, page by page, from list entries already
 * rendered: each chunk's entries are streamed into it as they come back from
 * the render threads. The pieces are `listPage`'s (core/formats/renderer.ts),
 * head, entries, tail, written as they arrive rather than joined at once.
 */
import type { Format } from "../../core/formats/formats.ts";
import { paginate } from "../../core/formats/pagination.ts";
import type { ListView, Page, RenderContext } from "../../core/formats/views.ts";
import { listPageFile } from "../../core/routes/output-tree.ts";
import { levelsOf } from "../../core/routes/tree-layout.ts";
import type { FileWriter, StreamedFile } from "./file-writer.ts";

export class ListFiles {
  /** The list's pages: one for the data formats, pages of the HTML view's size otherwise. */
  readonly pages: readonly Page[];
  private pageIndex = 0;
  private indexInPage = 0;
  private file?: StreamedFile;
  /** A one-page list's entry offsets in its file (the edge cuts entries out of it): entry i spans [i], [i + 1]. */
  readonly entryOffsets?: Uint32Array;
  /** Bytes written to the file so far. */
  private at = 0;

  constructor(
    private readonly writer: FileWriter,
    private readonly format: Format,
    private readonly view: ListView,
    private readonly context: RenderContext,
    total: number,
  ) {
    this.pages = paginate(total, format.renderer.pageSize);
    if (this.pages.length === 1) this.entryOffsets = new Uint32Array(total + 1);
  }

  /** The file of page `number` (from 1). */
  fileOf(number: number): string {
    const { name } = this.view.collection;
    return listPageFile(name, number, this.format.extension, levelsOf(this.context.layout, name));
  }

  private get page(): Page {
    return this.pages[this.pageIndex];
  }

  private open(): StreamedFile {
    if (!this.file) {
      this.file = this.writer.stream(this.fileOf(this.page.number));
      const head = Buffer.from(this.format.renderer.listHead(this.view, this.page, this.context));
      this.file.append(head);
      this.at = head.length;
      if (this.entryOffsets) this.entryOffsets[0] = this.at;
    }
    return this.file;
  }

  /** The next `count` entries, already rendered as list entries (UTF-8), page after page; `sizes[i]`: entry i's bytes. */
  addEntries(entries: Uint8Array, count: number, sizes: Int32Array): void {
    let done = 0;
    let byte = 0;
    while (done < count) {
      const room = this.page.count - this.indexInPage;
      if (room <= 0) {
        throw new Error(
          `${count - done} entries do not fit on page ${this.page.number} of ${this.view.collection.name}'s ${this.format.extension} list.`,
        );
      }
      const taken = Math.min(room, count - done);
      let bytes = 0;
      for (let i = done; i < done + taken; i++) bytes += sizes[i];
      this.open().append(entries.subarray(byte, byte + bytes));
      if (this.entryOffsets) {
        for (let i = done; i < done + taken; i++) this.entryOffsets[++this.indexInPage] = this.at += sizes[i];
      } else this.indexInPage += taken;
      done += taken;
      byte += bytes;
      if (this.indexInPage === this.page.count && this.pageIndex < this.pages.length - 1) {
        this.close();
        this.pageIndex += 1;
        this.indexInPage = 0;
      }
    }
  }

  /** The page's tail, closing its file; after the last entry, the last page's. */
  close(): void {
    const file = this.open();
    file.append(Buffer.from(this.format.renderer.listTail(this.view, this.page, this.context)));
    file.close();
    this.file = undefined;
  }

  /** Close the file being written without finishing it (the build failed). */
  abandon(): void {
    this.file?.discard();
    this.file = undefined;
  }
}
