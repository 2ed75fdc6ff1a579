/** The messages between the render threads (render-threads.ts) and each thread (render-worker.ts). */
import type { SourceRecord } from "../catalogue/resource.ts";
import type { SiteConfig } from "../config/site-config.ts";

/** Render these records of a collection and write their own files below `outDir`. */
export interface RenderTask {
  readonly id: number;
  readonly outDir: string;
  readonly config: SiteConfig;
  readonly collection: string;
  readonly records: readonly SourceRecord[];
}

export type RenderReply =
  | {
      readonly kind: "rendered";
      readonly id: number;
      /** items[i][f]: record i serialized in FORMATS[f], for the lists. */
      readonly items: string[][];
      /** terms[i]: record i's search terms, separated by spaces (a term never holds one). */
      readonly terms: string[];
      /** The files written, per extension. */
      readonly byExtension: [string, { files: number; bytes: number }][];
    }
  | { readonly kind: "error"; readonly id: number; readonly message: string };
