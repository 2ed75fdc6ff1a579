/**
 * Zips a built site into one archive, every file below a top folder, with
 * files made in memory beside them. Two deflate threads (deflate-worker.ts)
 * read and compress the files in batches, so both cores compress, and make
 * their local records; this thread writes them in order and keeps the central
 * directory. Only a few batches are in
 * memory at once. Given the previous archive, an entry whose name, CRC-32 and
 * size are unchanged is copied from it rather than deflated again, and so is
 * each piece of a large file it holds (pieces.ts); the new archive is written
 * beside the target and takes its name when complete.
 */
import { closeSync, createWriteStream, existsSync, openSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { inOrder } from "../threads/in-order.ts";
import { ownBuffers } from "../threads/own-buffers.ts";
import { WorkerPool } from "../threads/worker-pool.ts";
import type { DeflateReply, DeflateSource, DeflateTask, Prior } from "./deflate-worker.ts";
import { pieceTable, type PackedPieces, type PieceIndex, type PieceSource } from "./pieces.ts";
import { copiedRecords, followedBy, readCentralDirectory, type PriorEntry } from "./zip-reader.ts";
import { ZipWriter, type ZipWritten } from "./zip-writer.ts";

/** Files per batch: enough to make a message's cost small beside the work. */
const BATCH = 32;
/** In-memory bytes that end a batch: the reader's search files run to tens of MB each, and a window of such batches would hold gigabytes. */
const BATCH_BYTES = 1 << 20;
/** At most this many bytes of the previous archive copied with one read. */
const COPY_BYTES = 4 << 20;
/** Unchanged entries' bytes that end a batch with nothing to deflate, so that a long stretch of copies is written as it is found. */
const COPY_AHEAD = 64 << 20;
/** Batches posted ahead of the one being written: eight per thread, so neither waits while a batch is written. */
const WINDOW = 16;

/** One pair of threads for every archive a process writes: they start on first use, and idle unreferenced. */
const threads = new WorkerPool<DeflateTask, DeflateReply, Extract<DeflateReply, { kind: "deflated" }>>(
  new URL("./deflate-worker.ts", import.meta.url),
  {
    result: (reply) => {
      if (reply.kind === "error") throw new Error(reply.message);
      return reply;
    },
  },
);

/** A file made in memory; `name` is its path below the site's root. */
export interface InMemoryFile {
  readonly name: string;
  readonly data: Uint8Array;
  /** The site file it is made from alone (below the site's root): while that is unchanged, so is this. */
  readonly from?: string;
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
  /** An earlier archive of the same folder (often the target itself), whose unchanged entries are copied. */
  readonly previous?: string;
  /**
   * Another archive this run wrote from the same site (the mirror, for the
   * reader), unpacking to `folder`: a file it holds with the same bytes takes
   * its compressed bytes rather than being deflated again.
   */
  readonly sibling?: { readonly file: string; readonly folder: string; readonly pieces: PieceIndex };
  /**
   * When the previous archive was made from the site as it was before this
   * run wrote it: what the run wrote and removed (OutputChanges), and how
   * many of the previous archive's first entries were made in memory. Any
   * other file has the previous archive's entry of its name, copied unread,
   * and the site's files are those of the previous archive, less the
   * removed, plus the written: the site is not listed. `pieces`: the
   * previous archive's (ArchiveWritten's), whose compressed bytes are copied.
   */
  readonly update?: { readonly changed: ReadonlyMap<string, boolean>; readonly made: number; readonly pieces: PieceIndex };
  readonly progress?: (done: number, total: number) => void;
}

export interface ArchiveWritten extends ZipWritten {
  /** Entries copied from the previous archive (or the sibling), not deflated. */
  readonly copied: number;
  /** Entries made in memory (the first ones). */
  readonly made: number;
  /** The entries deflated in pieces, with their pieces: what the next archive may copy. */
  readonly pieces: PieceIndex;
  /** Bytes of files deflated in pieces that were copied, piece by piece, from the previous archive or the sibling. */
  readonly reused: number;
  /** Why the previous archive could not be used, if it was given and exists. */
  readonly previousIgnored?: string;
}

/** A file to deflate, or one whose entry is the previous archive's, unchanged (see `update`). */
type Source = DeflateSource | { readonly unchanged: PriorEntry };

/**
 * A batch for the deflate threads, and the unchanged entries before it, in
 * runs that follow one another in the previous archive, each copied with one
 * read when its turn to be written comes: the window counts the threads'
 * batches alone, so both threads have work while a long stretch of copies is
 * written, and no copy is read long before it is written.
 */
interface Batch {
  readonly copy: PriorEntry[][];
  readonly deflate: DeflateSource[];
}

function* batches(sources: Iterable<Source>): Generator<Batch> {
  let [copy, run, deflate]: [PriorEntry[][], PriorEntry[], DeflateSource[]] = [[], [], []];
  let [runBytes, copyBytes, deflateBytes] = [0, 0, 0];
  const endRun = () => {
    if (run.length) copy.push(run);
    [run, runBytes] = [[], 0];
  };
  const batch = (): Batch => {
    endRun();
    const made = { copy, deflate };
    [copy, deflate, copyBytes, deflateBytes] = [[], [], 0, 0];
    return made;
  };
  for (const source of sources) {
    if ("unchanged" in source) {
      if (deflate.length) yield batch();
      const last = run.at(-1);
      if (last && (!followedBy(last, source.unchanged) || runBytes > COPY_BYTES)) endRun();
      run.push(source.unchanged);
      runBytes += source.unchanged.stored;
      copyBytes += source.unchanged.stored;
      if (copyBytes >= COPY_AHEAD) yield batch();
    } else {
      endRun();
      deflate.push(source);
      if ("data" in source) deflateBytes += source.data.length;
      if (deflate.length === BATCH || deflateBytes >= BATCH_BYTES) yield batch();
    }
  }
  if (run.length || copy.length || deflate.length) yield batch();
}

/** The previous archive's entries by name, or why they cannot be used. */
function priorEntries(previous: string | undefined): { prior?: Map<string, PriorEntry>; ignored?: string } {
  if (previous === undefined || !existsSync(previous)) return {};
  try {
    return { prior: readCentralDirectory(previous) };
  } catch (error) {
    return { ignored: error instanceof Error ? error.message : String(error) };
  }
}

/** The site's files to archive (below the site root), sorted: `only`, or those of the previous archive as `update` changed them, or a listing. */
function siteFiles(input: ArchiveInput, prior: Map<string, PriorEntry> | undefined): string[] {
  let files: Iterable<string>;
  if (input.only) files = input.only;
  else if (prior && input.update) {
    const { changed, made } = input.update;
    const found = new Set<string>();
    let n = 0;
    for (const name of prior.keys()) if (n++ >= made && name.startsWith(`${input.folder}/`)) found.add(name.slice(input.folder.length + 1));
    for (const [file, written] of changed) {
      if (written) found.add(file);
      else found.delete(file);
    }
    files = found;
  } else {
    // Listed synchronously: Node 20's asynchronous recursive readdir takes one trip to the thread pool per folder,
    // 2.4 s of wall time for the 50,000-resource site against 0.4 s (nothing else runs meanwhile).
    files = readdirSync(input.siteDir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.relative(input.siteDir, path.join(d.parentPath, d.name)).split(path.sep).join("/"));
  }
  return [...files].filter((file) => !input.exclude.some((dir) => file.startsWith(`${dir}/`))).sort();
}

/** Writes the archive; resolves with how many entries and bytes it holds, and how many were copied. */
export async function writeArchive(target: string, input: ArchiveInput): Promise<ArchiveWritten> {
  const { prior, ignored } = priorEntries(input.previous);
  const previous = prior && input.previous;
  // Gathered first, as their names tell the previous archive's files of the site; their bytes are made only when read.
  const extra: InMemoryFile[] = [];
  for await (const made of input.extra) extra.push(made);
  const files = siteFiles(input, prior);
  const names = new Set(files);
  for (const { name } of extra) {
    if (names.has(name)) throw new Error(`Two files named ${name} for the archive: the site has one, and one was made for the archive.`);
    names.add(name);
  }

  const sibling = input.sibling && { ...input.sibling, entries: readCentralDirectory(input.sibling.file) };
  const previousPieces = (previous && input.update?.pieces) || new Map<string, PackedPieces>();
  /** The sibling's entry of a file (named below the site root), with its pieces. */
  const inSibling = (name: string): Prior | undefined => {
    const entry = sibling?.entries.get(`${sibling.folder}/${name}`);
    return entry && { entry, in: sibling!.file, pieces: sibling!.pieces.get(entry.name) };
  };
  /** Where a file to deflate may find its bytes compressed: the sibling archive, made from the site as it is now, else the previous one. */
  const priorOf = (name: string, found: PriorEntry | undefined): Prior | undefined =>
    inSibling(name) ?? (found && previous ? { entry: found, in: previous, pieces: previousPieces.get(found.name) } : undefined);
  /** The archives whose pieces may be copied, and where each piece is in them. */
  const pieceSources: [string, PieceSource][] = [
    ...(previous && prior ? [[previous, { entries: prior, pieces: previousPieces }] as [string, PieceSource]] : []),
    ...(sibling ? [[sibling.file, sibling] as [string, PieceSource]] : []),
  ].filter(([, source]) => source.pieces.size > 0);
  const pieces = pieceSources.length
    ? { table: pieceTable(pieceSources.map(([, source]) => source)), archives: pieceSources.map(([file]) => file) }
    : undefined;
  const changed = previous ? input.update?.changed : undefined;
  /** Whether the entry of a file of the site is unchanged since the previous archive: this run did not write or remove it. */
  const unchanged = (file: string, prior: PriorEntry | undefined): prior is PriorEntry =>
    prior !== undefined && changed !== undefined && !changed.has(file);

  /**
   * The sibling's entry of a file of the site, or of a file made from one alone:
   * the sibling was made from the site as it is, so it holds the very bytes.
   */
  const sameIn = (name: string): DeflateSource | undefined => {
    const same = inSibling(name);
    return same && { name: `${input.folder}/${name}`, same };
  };

  function* sources(): Generator<Source> {
    for (const made of extra) {
      const { name, from } = made;
      const entry = `${input.folder}/${name}`;
      const found = prior?.get(entry);
      if (from !== undefined && unchanged(from, found)) yield { unchanged: found };
      else yield (from !== undefined && sameIn(name)) || { name: entry, data: made.data, prior: priorOf(name, found) };
    }
    for (const file of files) {
      const entry = `${input.folder}/${file}`;
      const found = prior?.get(entry);
      // The path on disk is made for a file to read alone: path.join costs 0.2 s over 400,000 copied entries.
      if (unchanged(file, found)) yield { unchanged: found };
      else yield sameIn(file) ?? { name: entry, file: path.join(input.siteDir, file), prior: priorOf(file, found) };
    }
  }

  const partial = `${target}.part`;
  const out = createWriteStream(partial);
  const zip = new ZipWriter(out, input.mtime);
  let done = 0;
  let copied = 0;
  let reused = 0;
  const written = new Map<string, PackedPieces>();
  const fd = previous ? openSync(previous, "r") : undefined;
  const work = async (batch: Batch) => ({
    copy: batch.copy,
    deflated: batch.deflate.length
      ? // Files made in memory are moved to a thread, not copied: a reader's column file runs to hundreds of MB.
        await threads.ask(
          { sources: batch.deflate, mtime: input.mtime, pieces },
          ownBuffers(batch.deflate.flatMap((source) => ("data" in source ? [source.data] : []))),
        )
      : undefined,
  });
  /** Writes local records, and counts what they hold. */
  const add = async (reply: Omit<Extract<DeflateReply, { kind: "deflated" }>, "kind">) => {
    await zip.add(reply.records, reply.infos);
    copied += reply.copied;
    reused += reply.reused;
    reply.infos.forEach((info, i) => reply.pieces[i] && written.set(info.name, reply.pieces[i]));
    const before = done;
    done += reply.infos.length;
    if (input.progress && Math.floor(done / 5000) > Math.floor(before / 5000)) input.progress(done, names.size);
  };
  try {
    for await (const { copy, deflated } of inOrder(batches(sources()), WINDOW, work)) {
      for (const run of copy) {
        const pieces = run.map((entry) => previousPieces.get(entry.name));
        await add({ ...copiedRecords(fd!, run, input.mtime), copied: run.length, reused: 0, pieces });
      }
      if (deflated) await add(deflated);
    }
    const archive = await zip.end();
    renameSync(partial, target);
    return { ...archive, copied, made: extra.length, pieces: written, reused, ...(ignored && { previousIgnored: ignored }) };
  } catch (error) {
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
