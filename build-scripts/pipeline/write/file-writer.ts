/**
 * Writes files below an output folder with synchronous calls, one after
 * another (on this machine that beats many writes in flight on libuv's thread
 * pool; docs/performance.md), making folders as needed and counting files and
 * bytes. Big files (lists) are streamed: appended text is encoded straight
 * into a buffer of STREAM_BYTES, written whenever it fills, so memory stays
 * flat however long the list is.
 *
 * A writer is one run's write session: the build writes into an empty folder
 * (FileWriter); `npm run dev` re-runs the same writer over the tree the last
 * build wrote (UpdatingWriter), which leaves every file whose bytes did not
 * change as it was, and removes what a list no longer has.
 */
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { readAt } from "../load/read-at.ts";
import { WriteStats } from "./write-stats.ts";

const STREAM_BYTES = 256 * 1024;

/** Where a session writes, as plain data: a render task carries it to its thread, which opens a writer of the same kind. */
export interface WriteTarget {
  readonly dir: string;
  /** Over the tree the last build wrote (UpdatingWriter), rather than into an empty folder. */
  readonly update: boolean;
  /** `dir` below the output folder ("" or "fr/"): how the changes name its files. */
  readonly below?: string;
}

export const openWriter = ({ dir, update, below }: WriteTarget, stats?: WriteStats): FileWriter =>
  update ? new UpdatingWriter(dir, stats, below) : new FileWriter(dir, stats, below);

export class FileWriter {
  /** Folders made (or found) by this writer. */
  private readonly folders = new Set<string>();

  /** The output folder and a slash: what goes before a file of the output tree (nothing for "", the working folder). */
  protected readonly prefix: string;

  /** `stats` may be shared, to count several writers' files together; `below`: see WriteTarget. */
  constructor(
    readonly dir: string,
    readonly stats = new WriteStats(),
    protected readonly below = "",
  ) {
    this.prefix = dir === "" || dir.endsWith("/") ? dir : `${dir}/`;
  }

  get target(): WriteTarget {
    return { dir: this.dir, update: false, below: this.below };
  }

  /** A writer of the same kind into `folder` (a language's tree), counting into the same statistics. */
  within(folder: string): FileWriter {
    const below = folder === "" || folder.endsWith("/") ? `${this.below}${folder}` : `${this.below}${folder}/`;
    return openWriter({ ...this.target, dir: `${this.prefix}${folder}`, below }, this.stats);
  }

  /**
   * `file` is a path of the output tree ("/"-separated, relative: see
   * core/routes/output-tree.ts), so it is joined by hand, cheaper than
   * path.join and path.dirname on every file.
   */
  protected pathOf(file: string): string {
    const folder = file.slice(0, Math.max(0, file.lastIndexOf("/")));
    if (!this.folders.has(folder)) {
      mkdirSync(`${this.prefix}${folder}` || ".", { recursive: true });
      this.folders.add(folder);
    }
    return `${this.prefix}${file}`;
  }

  /** Write a whole file. */
  write(file: string, data: string | Uint8Array): void {
    writeFileSync(this.pathOf(file), data);
    this.stats.add(file, typeof data === "string" ? Buffer.byteLength(data) : data.length);
  }

  /** A file written piece by piece; closed, it may take another name (one made from its content). */
  stream(file: string): StreamedFile {
    const fd = openSync(this.pathOf(file), "w");
    return new StreamedFile({
      write: (data, length) => writeAll(fd, data, length),
      close: (bytes, name = file) => {
        closeSync(fd);
        if (name !== file) renameSync(this.pathOf(file), this.pathOf(name));
        this.stats.add(name, bytes);
      },
      discard: () => closeSync(fd),
    });
  }
}

/**
 * Writes over an older tree: a file whose bytes are the same is left as it
 * was, and not counted; what it writes and removes is noted in the
 * statistics' changes.
 */
export class UpdatingWriter extends FileWriter {
  override get target(): WriteTarget {
    return { ...super.target, update: true };
  }

  override write(file: string, data: string | Uint8Array): void {
    const bytes = typeof data === "string" ? Buffer.from(data) : data;
    const found = this.pathOf(file);
    const before = statSync(found, { throwIfNoEntry: false })?.size;
    if (before === bytes.length && Buffer.compare(readFileSync(found), bytes) === 0) return;
    super.write(file, bytes);
    this.stats.changes.wrote(`${this.below}${file}`, bytes.length, before);
  }

  /**
   * Compared with the file there as its bytes come, so that no list is held
   * whole (at 1,000,000 records one runs to 1.6 GB): from the first byte that
   * differs they go to `<file>.part`, after the equal ones copied from the
   * file, and that takes the file's place when closed. A file that takes
   * another name when closed (one made from its content) is left as it was if
   * that name is there, of its size.
   */
  override stream(file: string): StreamedFile {
    const found = this.pathOf(file);
    const part = `${found}.part`;
    let old: number | undefined;
    try {
      old = openSync(found, "r");
    } catch {
      // a new file: written from its first byte
    }
    const oldBytes = old === undefined ? 0 : fstatSync(old).size;
    let same = 0; // the bytes so far equal to the old file's first
    let out: number | undefined;
    const diverge = () => {
      out = openSync(part, "w");
      for (let at = 0; at < same; at += STREAM_BYTES) {
        const length = Math.min(STREAM_BYTES, same - at);
        writeAll(out, readAt(old!, at, length), length);
      }
    };
    const closeOld = () => old !== undefined && closeSync(old);
    return new StreamedFile({
      write: (data, length) => {
        if (
          out === undefined &&
          old !== undefined &&
          same + length <= oldBytes &&
          readAt(old, same, length).equals(data.subarray(0, length))
        ) {
          same += length;
          return;
        }
        if (out === undefined) diverge();
        writeAll(out!, data, length);
      },
      close: (bytes, name = file) => {
        const target = this.pathOf(name);
        const before = statSync(target, { throwIfNoEntry: false })?.size;
        const unchanged = name === file ? out === undefined && before === bytes : before === bytes;
        if (unchanged) {
          closeOld();
          if (out !== undefined) closeSync(out);
          rmSync(part, { force: true });
          return;
        }
        if (out === undefined) diverge();
        closeSync(out!);
        closeOld();
        renameSync(part, target);
        this.stats.add(name, bytes);
        this.stats.changes.wrote(`${this.below}${name}`, bytes, before);
      },
      discard: () => {
        closeOld();
        if (out !== undefined) closeSync(out);
        rmSync(part, { force: true });
      },
    });
  }

  /** Remove what `folder` holds beside `keep` (names of files and folders in it); returns how many files went. (A new tree holds nothing else.) */
  removeOthers(folder: string, keep: ReadonlySet<string>): number {
    let removed = 0;
    for (const entry of readdirSync(`${this.prefix}${folder}`, { withFileTypes: true })) {
      if (keep.has(entry.name)) continue;
      const [found, name] = [`${this.prefix}${folder}/${entry.name}`, `${folder}/${entry.name}`];
      // Files, not folders: a resource's folder counts its four files, in a bucket folder or not.
      const files = entry.isDirectory()
        ? readdirSync(found, { recursive: true, withFileTypes: true })
            .filter((e) => e.isFile())
            .map((e) => `${name}/${path.relative(found, path.join(e.parentPath, e.name)).split(path.sep).join("/")}`)
        : [name];
      for (const file of files) this.stats.changes.removed(`${this.below}${file}`, statSync(`${this.prefix}${file}`).size);
      removed += files.length;
      rmSync(found, { recursive: true, force: true });
    }
    return removed;
  }
}

function writeAll(fd: number, data: Uint8Array, length: number): void {
  for (let offset = 0; offset < length;) offset += writeSync(fd, data, offset, length - offset);
}

/** Where a streamed file's bytes go: `write` is given the buffer's first `length` bytes, which it must not keep. */
interface StreamSink {
  write(data: Uint8Array, length: number): void;
  close(bytes: number, name?: string): void;
  discard(): void;
}

export class StreamedFile {
  private readonly buffer = Buffer.allocUnsafe(STREAM_BYTES);
  private used = 0;
  private written = 0;

  constructor(private readonly sink: StreamSink) {}

  /** UTF-8 bytes (the render threads encode the entries; a list's head and tail are encoded by its writer). */
  append(bytes: Uint8Array): void {
    if (this.used + bytes.length > STREAM_BYTES) this.drain();
    if (bytes.length > STREAM_BYTES) this.writeAll(bytes, bytes.length);
    else {
      this.buffer.set(bytes, this.used);
      this.used += bytes.length;
    }
  }

  private drain(): void {
    this.writeAll(this.buffer, this.used);
    this.used = 0;
  }

  private writeAll(data: Uint8Array, length: number): void {
    this.sink.write(data, length);
    this.written += length;
  }

  /** `name`: the file's name from now on (the one it was opened with by default). */
  close(name?: string): void {
    this.drain();
    this.sink.close(this.written, name);
  }

  /** Close without writing what is buffered or counting the file (the build failed). */
  discard(): void {
    this.sink.discard();
  }
}
