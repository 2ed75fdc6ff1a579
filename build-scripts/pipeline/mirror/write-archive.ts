/**
 * Zips a built site into one archive, every file below a top folder, with
 * files made in memory beside them. Files are read and deflated by Node's
 * zlib on libuv's thread pool, several at a time so both cores compress, and
 * handed to the writer in order; only a window of files is in memory at once.
 */
import { createWriteStream } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { crc32, deflateRaw } from "node:zlib";
import { ZipWriter, type ZipEntry, type ZipWritten } from "./zip-writer.ts";

/**
 * Deflate level 1: at 10,000 resources it zips in about half the CPU time of
 * level 6 for an archive 8 % larger (docs/mirror.md has the table).
 */
export const ARCHIVE_LEVEL = 1;
/** Files read or being deflated at once: enough to keep libuv's four threads busy. */
const WINDOW = 16;

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
  /** The folder the archive unpacks to. */
  readonly folder: string;
  /** Files made in memory, archived first, in their order; none may share a name with a file of the site. */
  readonly extra: AsyncIterable<InMemoryFile> | Iterable<InMemoryFile>;
  readonly mtime: Date;
  readonly progress?: (done: number, total: number) => void;
}

const deflate = promisify(deflateRaw);

async function compress(name: string, data: Uint8Array): Promise<ZipEntry> {
  const deflated = await deflate(data, { level: ARCHIVE_LEVEL });
  const smaller = deflated.length < data.length;
  return { name, crc: crc32(data), size: data.length, ...(smaller ? { method: "deflated", data: deflated } : { method: "stored", data }) };
}

/** `work` on each item, up to `width` at once, the results in the items' order. */
async function* inOrder<T, R>(items: AsyncIterable<T>, width: number, work: (item: T) => Promise<R>): AsyncGenerator<R> {
  const pending: Promise<R>[] = [];
  for await (const item of items) {
    const promise = work(item);
    promise.catch(() => {}); // its failure is thrown when it is awaited, in order
    pending.push(promise);
    const first = pending.length >= width ? pending.shift() : undefined;
    if (first) yield await first;
  }
  for (const promise of pending) yield await promise;
}

/** Writes the archive; resolves with how many entries and bytes it holds. */
export async function writeArchive(target: string, input: ArchiveInput): Promise<ZipWritten> {
  const files = (await readdir(input.siteDir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => path.relative(input.siteDir, path.join(d.parentPath, d.name)).split(path.sep).join("/"))
    .filter((file) => !input.exclude.some((dir) => file.startsWith(`${dir}/`)))
    .sort();
  const names = new Set(files);

  async function* sources(): AsyncGenerator<{ name: string; bytes: () => Promise<Uint8Array> }> {
    for await (const { name, data } of input.extra) {
      if (names.has(name)) throw new Error(`Two files named ${name} for the archive: the site has one, and one was made for the archive.`);
      names.add(name);
      yield { name, bytes: async () => data };
    }
    for (const file of files) yield { name: file, bytes: () => readFile(path.join(input.siteDir, file)) };
  }

  const out = createWriteStream(target);
  const zip = new ZipWriter(out, input.mtime);
  let done = 0;
  try {
    for await (const entry of inOrder(sources(), WINDOW, async ({ name, bytes }) => compress(`${input.folder}/${name}`, await bytes()))) {
      await zip.add(entry);
      done++;
      if (input.progress && done % 5000 === 0) input.progress(done, names.size);
    }
    return await zip.end();
  } catch (error) {
    out.destroy();
    throw error;
  }
}
