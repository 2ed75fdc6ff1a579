/**
 * Zips a built site into one archive, every file below a top folder, with
 * files made in memory beside them. Two deflate threads (deflate-worker.ts)
 * read and compress the files in batches, so both cores compress, and make
 * their local records; this thread writes them in order and keeps the central
 * directory. Only a few batches are in
 * memory at once.
 */
import { createWriteStream, readdirSync } from "node:fs";
import path from "node:path";
import { inOrder } from "../threads/in-order.ts";
import { ownBuffers } from "../threads/own-buffers.ts";
import { WorkerPool } from "../threads/worker-pool.ts";
import type { DeflateReply, DeflateSource, DeflateTask } from "./deflate-worker.ts";
import { ZipWriter, type ZipWritten } from "./zip-writer.ts";

/** Files per batch: enough to make a message's cost small beside the work. */
const BATCH = 32;
/** In-memory bytes that end a batch. */
const BATCH_BYTES = 1 << 20;
/** Batches posted ahead of the one being written: eight per thread, so neither waits while a batch is written. */
const WINDOW = 16;

/** One pair of threads for every archive a process writes: they start on first use, and idle unreferenced. */
const threads = new WorkerPool<DeflateTask, DeflateReply, Extract<DeflateReply, { kind: "deflated" }>>(
  new URL("./deflate-worker.ts", import.meta.url),
  {
    answer: (reply) => {
      if (reply.kind === "error") throw new Error(reply.message);
      return reply;
    },
  },
);

/** A file made in memory; `name` is its path below the site's root. */
export interface InMemoryFile {
  readonly name: string;
  readonly data: Uint8Array;
}

export interface ArchiveInput {
  /** The built site. */
  readonly siteDir: string;
  /** Folders below the site not to include (e.g. downloads/, which holds the archive). */
  readonly exclude: readonly string[];
  /** When given, the site's files to include (below the site root), rather than all of them. */
  readonly only?: readonly string[];
  /** The folder the archive unpacks to. */
  readonly folder: string;
  /** Files made in memory, archived first, in their order; none may share a name with a file of the site. */
  readonly extra: AsyncIterable<InMemoryFile> | Iterable<InMemoryFile>;
  readonly mtime: Date;
  readonly progress?: (done: number, total: number) => void;
}

/**
 * The sources in batches of up to BATCH files, a batch ended early once the
 * bytes made in memory reach BATCH_BYTES: the reader's search files run to
 * tens of MB each, and a window of such batches would hold gigabytes.
 */
async function* batches(sources: AsyncIterable<DeflateSource>): AsyncGenerator<DeflateSource[]> {
  let batch: DeflateSource[] = [];
  let bytes = 0;
  for await (const source of sources) {
    batch.push(source);
    if ("data" in source) bytes += source.data.length;
    if (batch.length === BATCH || bytes >= BATCH_BYTES) {
      yield batch;
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length) yield batch;
}

/** Writes the archive; resolves with how many entries and bytes it holds. */
export async function writeArchive(target: string, input: ArchiveInput): Promise<ZipWritten> {
  // Listed synchronously: Node 20's asynchronous recursive readdir takes one trip to the thread pool per folder,
  // 2.4 s of wall time for the 50,000-resource site against 0.4 s (nothing else runs meanwhile).
  const files = (
    input.only ??
    readdirSync(input.siteDir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.relative(input.siteDir, path.join(d.parentPath, d.name)).split(path.sep).join("/"))
  )
    .filter((file) => !input.exclude.some((dir) => file.startsWith(`${dir}/`)))
    .sort();
  const names = new Set(files);

  async function* sources(): AsyncGenerator<DeflateSource> {
    for await (const { name, data } of input.extra) {
      if (names.has(name)) throw new Error(`Two files named ${name} for the archive: the site has one, and one was made for the archive.`);
      names.add(name);
      yield { name: `${input.folder}/${name}`, data };
    }
    for (const file of files) yield { name: `${input.folder}/${file}`, file: path.join(input.siteDir, file) };
  }

  const out = createWriteStream(target);
  const zip = new ZipWriter(out, input.mtime);
  let done = 0;
  try {
    // Files made in memory are moved to a thread, not copied: a reader's column file runs to hundreds of MB.
    const deflated = (batch: DeflateSource[]) =>
      threads.ask({ sources: batch, mtime: input.mtime }, ownBuffers(batch.flatMap((source) => ("data" in source ? [source.data] : []))));
    for await (const { records, infos } of inOrder(batches(sources()), WINDOW, deflated)) {
      await zip.add(records, infos);
      const before = done;
      done += infos.length;
      if (input.progress && Math.floor(done / 5000) > Math.floor(before / 5000)) input.progress(done, names.size);
    }
    return await zip.end();
  } catch (error) {
    out.destroy();
    throw error;
  }
}
