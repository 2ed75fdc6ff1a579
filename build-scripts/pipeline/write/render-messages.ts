/** The messages between the render threads (render-threads.ts) and each thread (render-worker.ts). */
import type { SourceRecord } from "../../core/catalogue/resource.ts";
import type { RenderContext } from "../../core/formats/views.ts";
import type { ResourceTranslation } from "../../core/translations/localize.ts";
import { RECORDS_PER_FILE } from "../../core/search/build-index.ts";
import type { WriteTarget } from "./file-writer.ts";
import type { WriteCounts } from "./write-stats.ts";

/** Records per render task: whole search record files (a list file takes a task's entries across its pages). */
export const RECORDS_PER_TASK = 4 * RECORDS_PER_FILE;

/** A record to render; in a language's tree, with what its XLIFF says of its texts. */
export interface RecordToRender {
  readonly record: SourceRecord;
  readonly translation?: ResourceTranslation;
  /**
   * What the record is made from: its source text's hash (CatalogueEntry's),
   * with the language of a translated tree; translations and config are the
   * same for every update a stored chunk is taken in (build-state.ts).
   */
  readonly digest: string;
}

/**
 * Render records start… of a collection's list and write their own files
 * where `target` says. A task holds whole search record files.
 */
export interface RenderTask {
  readonly target: WriteTarget;
  /** The tree's context (its site addresses, its language). */
  readonly context: RenderContext;
  readonly collection: string;
  /** The list index of the first record. */
  readonly start: number;
  readonly records: readonly RecordToRender[];
  /** Record slices per subfolder of the search files, once they are split. */
  readonly slicesPerFolder?: number;
  /** unchanged[i]: record i's own files are on disk as they would be written (RenderJob's `unchanged`), so they are not written. */
  readonly unchanged?: readonly boolean[];
}

/** What a task's records give one format's list. */
export interface FormatEntries {
  /** The records' list entries, one after another, as UTF-8 (transferred, not copied). */
  readonly entries: Uint8Array;
  /** entryBytes[i]: how many of those bytes record i's entry takes. */
  readonly entryBytes: Int32Array;
  /** For a format with parts, by field: the records' parts of it (a column's segment). */
  readonly columns?: Readonly<Record<string, ColumnSegment>>;
}

/** Records' parts of one field, each a netstring (UTF-8), and the segmentDigest of those bytes. */
export interface ColumnSegment {
  readonly bytes: Uint8Array;
  readonly digest: string;
}

export type RenderReply =
  | {
      readonly kind: "rendered";
      /** By format name. */
      readonly formats: Readonly<Record<string, FormatEntries>>;
      /** The names of the record files written (the task's records, RECORDS_PER_FILE at a time). */
      readonly recordFiles: string[];
      /** The terms this thread numbered since its last reply, in number order (see TermTable). */
      readonly newTerms: string[];
      /** The records' search terms as numbers: record i's run up to termEnds[i], from termEnds[i - 1] (or 0). */
      readonly found: Int32Array;
      readonly termEnds: Int32Array;
      /** The files written. */
      readonly stats: WriteCounts;
    }
  | { readonly kind: "error"; readonly message: string; readonly newTerms: string[] };
