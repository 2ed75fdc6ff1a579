/**
 * Writes files below an output folder with synchronous calls, one after
 * another (on this machine that beats many writes in flight on libuv's thread
 * pool; docs/performance.md), making folders as needed and counting files and
 * bytes. Big files (lists) are streamed: appended text is encoded straight
 * into a buffer of STREAM_BYTES, written whenever it fills, so memory stays
 * flat however long the list is.
 *
 * The build's render threads make one per task (the resources' own files and
 * the search's record files), the main thread one for the lists and the
 * search indexes; `npm run dev` one per save.
 */
import { closeSync, existsSync, mkdirSync, openSync, renameSync, writeFileSync, writeSync } from "node:fs";
import { WriteStats } from "./write-stats.ts";

const STREAM_BYTES = 256 * 1024;

export class FileWriter {
  /** Folders made (or found) by this writer. */
  private readonly folders = new Set<string>();

  /** The output folder and a slash: what goes before a file of the output tree (nothing for "", the working folder). */
  private readonly prefix: string;

  /** `stats` may be shared, to count several writers' files together. */
  constructor(
    outDir: string,
    readonly stats = new WriteStats(),
  ) {
    this.prefix = outDir === "" || outDir.endsWith("/") ? outDir : `${outDir}/`;
  }

  /**
   * `file` is a path of the output tree ("/"-separated, relative: see
   * core/routes/output-tree.ts), so it is joined by hand, cheaper than
   * path.join and path.dirname on every file.
   */
  private target(file: string): string {
    const folder = file.slice(0, Math.max(0, file.lastIndexOf("/")));
    if (!this.folders.has(folder)) {
      mkdirSync(`${this.prefix}${folder}` || ".", { recursive: true });
      this.folders.add(folder);
    }
    return `${this.prefix}${file}`;
  }

  /** Write a whole file. */
  write(file: string, text: string): void {
    writeFileSync(this.target(file), text);
    this.stats.add(file, Buffer.byteLength(text));
  }

  /** Write a whole file of bytes (or text). */
  writeData(file: string, data: string | Uint8Array): void {
    if (typeof data === "string") return this.write(file, data);
    writeFileSync(this.target(file), data);
    this.stats.add(file, data.length);
  }

  /** Write a file named after its content, unless it is there already (then it holds these bytes). */
  writeNamedByContent(file: string, data: string | Uint8Array): void {
    if (!this.has(file)) this.writeData(file, data);
  }

  has(file: string): boolean {
    return existsSync(this.target(file));
  }

  /** Give a written file another name (its statistics stay as they were counted). */
  rename(file: string, to: string): void {
    renameSync(this.target(file), this.target(to));
  }

  /** A file written piece by piece. */
  stream(file: string): StreamedFile {
    return new StreamedFile(openSync(this.target(file), "w"), (bytes) => this.stats.add(file, bytes));
  }
}

export class StreamedFile {
  private readonly buffer = Buffer.allocUnsafe(STREAM_BYTES);
  private used = 0;
  private written = 0;

  constructor(
    private readonly fd: number,
    private readonly done: (bytes: number) => void,
  ) {}

  append(text: string): void {
    const bytes = Buffer.byteLength(text);
    if (this.used + bytes > STREAM_BYTES) this.drain();
    if (bytes > STREAM_BYTES) this.writeAll(Buffer.from(text), bytes);
    else this.used += this.buffer.write(text, this.used);
  }

  /** Bytes already encoded (UTF-8). */
  appendBytes(bytes: Uint8Array): void {
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
    for (let offset = 0; offset < length;) offset += writeSync(this.fd, data, offset, length - offset);
    this.written += length;
  }

  close(): void {
    this.drain();
    closeSync(this.fd);
    this.done(this.written);
  }

  /** Close without writing what is buffered or counting the file (the build failed). */
  discard(): void {
    closeSync(this.fd);
  }
}
