/**
 * Writes many small files with a bounded number of writes in flight (the disk
 * is busiest with a few dozen; thousands at once only cost memory), and lists
 * as streams so a 50,000-resource list never sits in memory whole.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { WriteStats } from "./write-stats.ts";

const MAX_IN_FLIGHT = 64;
const STREAM_CHUNK = 256 * 1024;

export class FileWriter {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly madeDirs = new Map<string, Promise<unknown>>();

  /** `stats` may be shared, to count several writers' files together. */
  constructor(private readonly outDir: string, readonly stats = new WriteStats()) {}

  /** Queue a file; resolves once there is room for another. */
  async write(file: string, text: string): Promise<void> {
    const job = this.writeNow(file, text).finally(() => this.inFlight.delete(job));
    this.inFlight.add(job);
    if (this.inFlight.size >= MAX_IN_FLIGHT) await Promise.race(this.inFlight);
  }

  private async writeNow(file: string, text: string): Promise<void> {
    const target = path.join(this.outDir, file);
    await this.ensureDir(path.dirname(target));
    const bytes = Buffer.from(text, "utf8");
    await writeFile(target, bytes);
    this.stats.add(file, bytes.length);
  }

  private async ensureDir(dir: string): Promise<void> {
    let made = this.madeDirs.get(dir);
    if (!made) {
      made = mkdir(dir, { recursive: true });
      this.madeDirs.set(dir, made);
    }
    await made;
  }

  /** A file written piece by piece. */
  async stream(file: string): Promise<StreamedFile> {
    const target = path.join(this.outDir, file);
    await this.ensureDir(path.dirname(target));
    return new StreamedFile(file, createWriteStream(target), this.stats);
  }

  /** Wait for every queued write. */
  async flush(): Promise<void> {
    await Promise.all(this.inFlight);
  }
}

export class StreamedFile {
  private buffer = "";
  private bytes = 0;

  constructor(private readonly file: string, private readonly stream: WriteStream, private readonly stats: WriteStats) {}

  async append(text: string): Promise<void> {
    this.buffer += text;
    if (this.buffer.length >= STREAM_CHUNK) await this.drainBuffer();
  }

  private async drainBuffer(): Promise<void> {
    const chunk = Buffer.from(this.buffer, "utf8");
    this.buffer = "";
    this.bytes += chunk.length;
    if (!this.stream.write(chunk)) await new Promise<void>((resolve) => this.stream.once("drain", () => resolve()));
  }

  async close(): Promise<void> {
    if (this.buffer) await this.drainBuffer();
    await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
    this.stats.add(this.file, this.bytes);
  }
}
