/**
 * A ZIM file's compressed clusters, written as they fill: blobs in the order
 * given, cut into clusters where their own keys say (a blob whose key hashes
 * to a cut, once the cluster holds CLUSTER_MIN bytes), so an edit, an
 * addition or a removal changes the clusters around it and the rest keep
 * their cuts, as the mirror's pieces do (mirror/pieces.ts). A cluster is
 * named by a digest of its uncompressed body, made of its blobs' sizes and
 * checksums (as the body is of the blobs' bytes); one the previous file
 * holds under the same digest is copied from it, compressed, its blobs never
 * read. Zstandard runs on libuv's threads, a few clusters at once, written in
 * order.
 */
import { createHash } from "node:crypto";
import { writeSync } from "node:fs";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { CLUSTER_ZSTD, clusterBody } from "./zim-format.ts";
import type { PreviousClusters } from "./zim-previous.ts";

/** A cluster is cut, at a cut key, once it holds this many bytes… */
const CLUSTER_MIN = 256 << 10;
/** …and at any blob once it holds this many. */
const CLUSTER_MAX = 1 << 20;
/** One blob key in CUT_EVERY is a cut: clusters of about CLUSTER_MIN and CUT_EVERY small blobs. */
const CUT_EVERY = 32;
/** Zstandard's level: its default; level 9 makes the 10,000-record file 7 % smaller in twice the time (docs/performance.md). */
const LEVEL = 3;
/** Clusters compressed at once: libuv's four threads busy while one is written… */
const WINDOW = 6;
/** …unless their bodies hold this many bytes: a list's column file runs to tens of MB at 100,000 records. */
const WINDOW_BYTES = 64 << 20;

const zstd = typeof zlib.zstdCompress === "function" ? promisify(zlib.zstdCompress) : undefined;
const ZSTD_OPTIONS = { params: { [zlib.constants.ZSTD_c_compressionLevel]: LEVEL } };

/** Why this runtime cannot write a ZIM file, or undefined when it can. */
export const zstdMissing = (): string | undefined =>
  zstd ? undefined : `Node ${process.versions.node}'s zlib has no Zstandard (it has since 22.15)`;

/**
 * A blob to place: its size, a checksum of its bytes (the same bytes, the same
 * checksum; a CRC-32 an archive already holds, or a SHA-256), and its bytes,
 * read only if its cluster is compressed.
 */
export interface Blob {
  readonly size: number;
  readonly checksum: Uint8Array;
  bytes(): Uint8Array;
}

/** A blob of bytes in memory, its checksum their SHA-256. */
export const blobOf = (data: Uint8Array): Blob => ({
  size: data.length,
  checksum: createHash("sha256").update(data).digest(),
  bytes: () => data,
});

/** Where a blob is: its cluster's number and its own within it. */
export interface Placement {
  readonly cluster: number;
  readonly blob: number;
}

/** The file being written, from its current end. */
export class ZimOutput {
  constructor(
    readonly fd: number,
    public end: number,
  ) {}

  /** Appends, and says where the bytes start. */
  write(bytes: Uint8Array): number {
    const at = this.end;
    this.writeAt(bytes, at);
    this.end += bytes.length;
    return at;
  }

  /** Writes over the file from `at` (the header, once all after it is known). */
  writeAt(bytes: Uint8Array, at: number): void {
    for (let done = 0; done < bytes.length;) done += writeSync(this.fd, bytes, done, bytes.length - done, at + done);
  }
}

/** FNV-1a of a key: whether a cluster may end after its blob. */
function cutAfter(key: string): boolean {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % CUT_EVERY === 0;
}

export class ClusterWriter {
  /** Each written cluster's offset in the file. */
  readonly offsets: number[] = [];
  /** Each cluster's digest (hex), in order: what the next file finds them by. */
  readonly digests: string[] = [];
  /** Clusters, and blobs in them, copied from the previous file. */
  copiedClusters = 0;
  copiedBlobs = 0;
  #blobs: Blob[] = [];
  #bytes = 0;
  #pending: { readonly bytes: number; readonly compressed: Promise<Uint8Array> }[] = [];
  #pendingBytes = 0;

  constructor(
    private readonly out: ZimOutput,
    private readonly previous: PreviousClusters | undefined,
  ) {}

  /** Places a blob; a blob of CLUSTER_MAX bytes or more has a cluster of its own. */
  async add(blob: Blob, key: string): Promise<Placement> {
    if (blob.size >= CLUSTER_MAX && this.#blobs.length) await this.#close();
    const placement = { cluster: this.digests.length, blob: this.#blobs.length };
    this.#blobs.push(blob);
    this.#bytes += blob.size;
    if (this.#bytes >= CLUSTER_MAX || (this.#bytes >= CLUSTER_MIN && cutAfter(key))) await this.#close();
    return placement;
  }

  /** Closes the last cluster and writes every cluster still being compressed. */
  async end(): Promise<void> {
    if (this.#blobs.length) await this.#close();
    while (this.#pending.length) await this.#writeFirst();
  }

  async #close(): Promise<void> {
    const blobs = this.#blobs;
    const hash = createHash("sha256");
    for (const { size, checksum } of blobs) {
      const head = Buffer.alloc(9);
      head.writeDoubleLE(size, 0);
      head[8] = checksum.length;
      hash.update(head).update(checksum);
    }
    const digest = hash.digest("hex").slice(0, 32);
    const copied = this.previous?.read(digest);
    if (copied) {
      this.copiedClusters++;
      this.copiedBlobs += blobs.length;
    }
    const compressed = copied
      ? Promise.resolve(copied)
      : zstd!(clusterBody(blobs.map((blob) => blob.bytes())), ZSTD_OPTIONS).then((bytes) =>
          Buffer.concat([Uint8Array.of(CLUSTER_ZSTD), bytes]),
        );
    // Awaited in turn below; until then a failure must not count as unhandled.
    compressed.catch(() => undefined);
    this.#pending.push({ bytes: this.#bytes, compressed });
    this.#pendingBytes += this.#bytes;
    this.digests.push(digest);
    [this.#blobs, this.#bytes] = [[], 0];
    while (this.#pending.length > WINDOW || (this.#pending.length > 1 && this.#pendingBytes > WINDOW_BYTES)) await this.#writeFirst();
  }

  async #writeFirst(): Promise<void> {
    const { bytes, compressed } = this.#pending.shift()!;
    this.offsets.push(this.out.write(await compressed));
    this.#pendingBytes -= bytes;
  }
}
