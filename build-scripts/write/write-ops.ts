/** The messages between FileWriter and its writing thread (write-worker.ts). */

export type WriteOp =
  /** A whole file. */
  | { readonly kind: "file"; readonly file: string; readonly text: string }
  /** A file written piece by piece: open, append…, close. */
  | { readonly kind: "open"; readonly id: number; readonly file: string }
  | { readonly kind: "append"; readonly id: number; readonly text: string }
  | { readonly kind: "close"; readonly id: number };

export type WorkerReply =
  | { readonly kind: "done" }
  | { readonly kind: "error"; readonly message: string }
  | { readonly kind: "stats"; readonly byExtension: [string, { files: number; bytes: number }][] };
