/**
 * Rendered chunks kept on disk between processes (`npm run mirror` over its
 * previous output, pipeline/build-state.ts), one file a chunk below a folder:
 * a chunk is taken again when its records hash as those it was rendered from,
 * at the same place of the same list. Read and written one at a time, so
 * memory stays flat at any size. Only an update may take them: the folder is
 * emptied before a whole build, which stores every chunk afresh.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { deserialize, serialize } from "node:v8";
import { sha256 } from "../../hashes.ts";
import { RECORDS_PER_TASK, type RecordToRender } from "./render-messages.ts";
import type { ChunkStore, RenderedChunk } from "./render-threads.ts";
import { NOTHING_WRITTEN } from "./write-stats.ts";

interface Stored {
  readonly digest: string;
  readonly chunk: Omit<RenderedChunk, "stats">;
}

/** The records' own digests, hashed: not the records themselves, whose text would have to be made again for each chunk. */
const digestOf = (records: readonly RecordToRender[]) => sha256(records.map((r) => r.digest).join("\n"));

/** The chunk with its terms numbered by a table of its own (a thread's table holds every term it met). */
function standalone(chunk: RenderedChunk): Stored["chunk"] {
  const { formats, recordFiles, terms } = chunk;
  const local = new Map<number, number>();
  const table: string[] = [];
  const numbers = Int32Array.from(terms.numbers, (n) => {
    let m = local.get(n);
    if (m === undefined) local.set(n, (m = table.push(terms.table.terms[n]) - 1));
    return m;
  });
  return { formats, recordFiles, terms: { table: { terms: table }, numbers, ends: terms.ends } };
}

/** The folder beside the output that `npm run mirror` keeps them in. */
export const chunksDir = (outDir: string) => `${outDir}.render-chunks`;

export class StoredChunks implements ChunkStore {
  /** Chunks found this run, whose files need not be written again. */
  private readonly found = new Set<string>();
  private reuse = false;

  /** How many chunks this run took again. */
  get taken(): number {
    return this.found.size;
  }

  constructor(private readonly dir: string) {}

  /** Before rendering: whether chunks of the last run may be taken (an update); if not, the folder is emptied. */
  begin(reuse: boolean): void {
    this.reuse = reuse;
    if (!reuse) rmSync(this.dir, { recursive: true, force: true });
  }

  /** A layout changed since the previous build makes a whole build (build-state.ts), which began with an empty folder. */
  forLayout(): void {}

  private fileOf(collection: string, start: number): string {
    return `${this.dir}/${collection}/${start / RECORDS_PER_TASK}.v8`;
  }

  find(collection: string, start: number, records: readonly RecordToRender[]): RenderedChunk | undefined {
    if (!this.reuse) return undefined;
    const file = this.fileOf(collection, start);
    let stored: Stored;
    try {
      stored = deserialize(readFileSync(file)) as Stored;
    } catch {
      return undefined; // none, or damaged: rendered again
    }
    if (stored.digest !== digestOf(records)) return undefined;
    this.found.add(file);
    return { ...stored.chunk, stats: NOTHING_WRITTEN };
  }

  keep(collection: string, start: number, records: readonly RecordToRender[], chunk: RenderedChunk, last: boolean): void {
    const file = this.fileOf(collection, start);
    mkdirSync(`${this.dir}/${collection}`, { recursive: true });
    if (!this.found.has(file)) writeFileSync(file, serialize({ digest: digestOf(records), chunk: standalone(chunk) } satisfies Stored));
    if (!last) return;
    // The list ends here: a longer one's chunks beyond it go.
    for (const name of readdirSync(`${this.dir}/${collection}`))
      if (Number.parseInt(name, 10) > start / RECORDS_PER_TASK) rmSync(`${this.dir}/${collection}/${name}`);
  }
}
