/** The messages between the render threads (render-threads.ts) and each thread (render-worker.ts). */
import type { SourceRecord } from "../../core/catalogue/resource.ts";
import type { SiteConfig } from "../../core/catalogue/site-config.ts";
import type { ResourceTranslation } from "../../core/translations/localize.ts";
import type { WriteCounts } from "./write-stats.ts";
import { RECORDS_PER_FILE } from "../../core/search/build-index.ts";

/** Records per task: whole search record files (a list file takes a task's entries across its pages). */
export const CHUNK = 4 * RECORDS_PER_FILE;

/**
 * Render records start… of a collection's list and write their own files
 * below `outDir`. A task holds whole search record files.
 */
export interface RenderTask {
  readonly id: number;
  readonly outDir: string;
  readonly config: SiteConfig;
  readonly collection: string;
  /** The list index of the first record. */
  readonly start: number;
  readonly records: readonly SourceRecord[];
  /** A language's tree: its language (the HTML view's), and what each record's XLIFF says of its texts. */
  readonly translations?: { readonly language: string; readonly records: readonly ResourceTranslation[] };
  /** Send back each record's items too (watch mode keeps them). */
  readonly keepItems: boolean;
}

export type RenderReply =
  | {
      readonly kind: "rendered";
      readonly id: number;
      /** entries[f]: the records' list entries in FORMATS[f], one after another, as UTF-8 (transferred, not copied). */
      readonly entries: Uint8Array[];
      /** entryBytes[f][i]: how many of those bytes record i's entry takes. */
      readonly entryBytes: Int32Array[];
      /** columns[f][k]: for a format with parts, the records' parts of field k, each a netstring (UTF-8); empty otherwise. */
      readonly columns: Uint8Array[][];
      /** columnDigests[f][k]: the segmentDigest of columns[f][k]. */
      readonly columnDigests: string[][];
      /** The names of the record files written (the task's records, RECORDS_PER_FILE at a time). */
      readonly recordFiles: string[];
      /** items[i][f]: record i serialized in FORMATS[f] (empty unless asked for). */
      readonly items: string[][];
      /** parts[i][f]: record i's parts in FORMATS[f], for the formats with parts (empty unless items are asked for). */
      readonly parts: (readonly string[] | undefined)[][];
      /** The terms this thread numbered since its last reply, in number order (see TermTable). */
      readonly newTerms: string[];
      /** The records' search terms as numbers: record i's run up to termEnds[i], from termEnds[i - 1] (or 0). */
      readonly found: Int32Array;
      readonly termEnds: Int32Array;
      /** The files written. */
      readonly stats: WriteCounts;
    }
  | { readonly kind: "error"; readonly id: number; readonly message: string; readonly newTerms: string[] };
