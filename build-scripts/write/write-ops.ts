/** The messages between FileWriter and its writing thread (write-worker.ts). */

export type WriteOp =
  /** A whole file. */
  | { readonly kind: "file"; readonly file: string; readonly text: string }
  /** A file written piece by piece: open, append…, close. */
  | { readonly kind: "open"; readonly id: number; readonly file: string }
  | { readonly kind: "append"; readonly id: number; readonly text: string }
  | { readonly kind: "close"; readonly id: number };

/** Operations of one FileWriter; paths are relative to `outDir`. The last batch asks for the writer's statistics. */
export interface WriteBatch {
  readonly writer: number;
  readonly outDir: string;
  readonly ops: readonly WriteOp[];
  readonly last: boolean;
}

export type WorkerReply =
  /** A batch is written. */
  | { readonly kind: "done"; readonly writer: number }
  /** A batch failed; the writer's later batches are skipped (and answered "done"). */
  | { readonly kind: "error"; readonly writer: number; readonly message: string }
  /** The answer to a last batch: what the writer wrote. */
  | { readonly kind: "stats"; readonly writer: number; readonly byExtension: [string, { files: number; bytes: number }][] };
