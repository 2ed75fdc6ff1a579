/**
 * Writes a ZIM file (zim-format.ts) as openZIM's libzim lays one out: the
 * content's blobs go into compressed clusters as they are added
 * (zim-clusters.ts, which copies the previous file's unchanged clusters);
 * metadata and the title listings into one stored cluster at the end, where
 * the header's title pointer can point into it; then the directory entries
 * sorted by namespace and path, their pointers, the clusters' pointers, the
 * header, and the MD5 of it all. Like libzim, it adds the Counter metadata
 * (the content's items by MIME type) and W/mainPage. Titles sort as UTF-8
 * bytes, as libzim's do: X/listing/titleOrdered/v0 lists every entry, v1 the
 * front articles (the entries Kiwix's title search and suggestions offer).
 * The file is written beside the target and takes its name when complete.
 */
import { createHash } from "node:crypto";
import { closeSync, openSync, readSync, renameSync, rmSync } from "node:fs";
import { blobOf, ClusterWriter, ZimOutput, type Blob, type Placement } from "./zim-clusters.ts";
import {
  CLUSTER_STORED,
  HEADER_BYTES,
  clusterBody,
  direntBytes,
  headerBytes,
  indexListBytes,
  mimeListBytes,
  offsetListBytes,
  type Namespace,
} from "./zim-format.ts";
import { DIGESTS_METADATA, previousClusters } from "./zim-previous.ts";

const LISTING_MIME = "application/octet-stream+zimlisting";
const METADATA_MIME = "text/plain;charset=utf-8";
const LISTINGS = ["listing/titleOrdered/v0", "listing/titleOrdered/v1"];
/** Bytes of directory entries written at once. */
const DIRENT_BATCH = 1 << 20;

export interface ZimItem {
  readonly path: string;
  /** The title Kiwix shows and finds it by; its path when none. */
  readonly title?: string;
  readonly mime: string;
  /** Whether it is a front article: one Kiwix's title search and suggestions offer. */
  readonly front?: boolean;
}

interface Entry {
  readonly namespace: Namespace;
  readonly path: string;
  readonly title: string;
  readonly front: boolean;
  /** A blob's MIME type and place; `stored`: a blob of the last, stored cluster. */
  readonly blob?: { readonly mime: number; readonly at?: Placement; readonly stored?: number };
  /** A redirect's target. */
  readonly redirect?: { readonly namespace: Namespace; readonly path: string };
}

export interface ZimWritten {
  readonly entries: number;
  readonly bytes: number;
  /** Entries whose cluster was copied from the previous file. */
  readonly copied: number;
  /** Why the previous file was not used, when there was one. */
  readonly previousIgnored?: string;
}

const sortKey = (namespace: Namespace, text: string) => Buffer.from(namespace + text, "utf8");

export class ZimWriter {
  readonly #partial: string;
  readonly #out: ZimOutput;
  readonly #clusters: ClusterWriter;
  readonly #previous: ReturnType<typeof previousClusters>;
  readonly #mimes: string[];
  readonly #entries: Entry[] = [];
  readonly #stored: Uint8Array[] = [];
  #done = false;

  /** `mimes`: every MIME type of the content, as the list follows the header, before the clusters. */
  constructor(
    private readonly target: string,
    mimes: readonly string[],
  ) {
    this.#mimes = [...new Set([...mimes, METADATA_MIME, LISTING_MIME])].sort();
    this.#previous = previousClusters(target);
    this.#partial = `${target}.part`;
    const fd = openSync(this.#partial, "w+");
    this.#out = new ZimOutput(fd, HEADER_BYTES);
    this.#out.write(mimeListBytes(this.#mimes));
    this.#clusters = new ClusterWriter(this.#out, typeof this.#previous === "object" ? this.#previous : undefined);
  }

  /** Content (namespace C), compressed with its neighbours: bytes, or a blob read only if its cluster is not copied. */
  async add(item: ZimItem, data: Uint8Array | Blob): Promise<void> {
    const at = await this.#clusters.add(data instanceof Uint8Array ? blobOf(data) : data, item.path);
    this.#entries.push({
      namespace: "C",
      path: item.path,
      title: item.title ?? item.path,
      front: item.front ?? false,
      blob: { mime: this.#mime(item.mime), at },
    });
  }

  /** A content entry whose bytes are another's. */
  redirect(item: Pick<ZimItem, "path" | "title">, target: string): void {
    this.#entries.push({
      namespace: "C",
      path: item.path,
      title: item.title ?? item.path,
      front: false,
      redirect: { namespace: "C", path: target },
    });
  }

  /** A metadata entry (namespace M): text, or bytes of its MIME type. */
  metadata(name: string, value: string | { readonly mime: string; readonly data: Uint8Array }): void {
    const { mime, data } = typeof value === "string" ? { mime: METADATA_MIME, data: Buffer.from(value, "utf8") } : value;
    this.#storedEntry("M", name, this.#mime(mime), data);
  }

  /** Writes what remains, with `mainPage` (a content path) as the entry Kiwix opens first. */
  async end(mainPage: string): Promise<ZimWritten> {
    try {
      return await this.#end(mainPage);
    } catch (error) {
      this.abort();
      throw error;
    }
  }

  /** Stops, leaving the target as it was: the partial file is removed. Once written or stopped, does nothing. */
  abort(): void {
    if (this.#done) return;
    this.#done = true;
    closeSync(this.#out.fd);
    rmSync(this.#partial, { force: true });
    if (typeof this.#previous === "object") this.#previous.close();
  }

  async #end(mainPage: string): Promise<ZimWritten> {
    await this.#clusters.end();
    this.metadata(DIGESTS_METADATA, this.#clusters.digests.map((digest) => `${digest}\n`).join(""));
    this.metadata("Counter", this.#counter());
    this.#entries.push({ namespace: "W", path: "mainPage", title: "mainPage", front: false, redirect: { namespace: "C", path: mainPage } });
    const listings = LISTINGS.map((path) => this.#storedEntry("X", path, this.#mime(LISTING_MIME), new Uint8Array()));

    // Sorted by their keys as UTF-8 bytes, each key made once.
    const byPath = this.#entries.map((entry) => ({ entry, key: sortKey(entry.namespace, entry.path) }));
    const entries = byPath.sort((a, b) => Buffer.compare(a.key, b.key)).map(({ entry }) => entry);
    const indexOf = new Map(entries.map((entry, i) => [`${entry.namespace}${entry.path}`, i]));
    const byTitle = entries
      .map((entry, index) => ({ index, key: sortKey(entry.namespace, entry.title) }))
      .sort((a, b) => Buffer.compare(a.key, b.key) || a.index - b.index)
      .map(({ index }) => index);
    this.#stored[listings[0]] = indexListBytes(byTitle);
    this.#stored[listings[1]] = indexListBytes(byTitle.filter((index) => entries[index].front));

    const stored = clusterBody(this.#stored);
    const storedAt = this.#out.write(Buffer.concat([Uint8Array.of(CLUSTER_STORED), stored]));
    const clusterOffsets = [...this.#clusters.offsets, storedAt];
    const storedCluster = this.#clusters.offsets.length;
    const v0 = stored.readUInt32LE(4 * listings[0]);

    const direntOffsets: number[] = [];
    let batch: Buffer[] = [];
    let batchStart = this.#out.end;
    let batchBytes = 0;
    for (const entry of entries) {
      let target: Parameters<typeof direntBytes>[1];
      if (entry.redirect) {
        const redirect = indexOf.get(`${entry.redirect.namespace}${entry.redirect.path}`);
        if (redirect === undefined)
          throw new Error(`${entry.namespace}/${entry.path} redirects to ${entry.redirect.path}, which is no entry`);
        target = { redirect };
      } else target = { mime: entry.blob!.mime, ...(entry.blob!.at ?? { cluster: storedCluster, blob: entry.blob!.stored! }) };
      const bytes = direntBytes(entry, target);
      direntOffsets.push(batchStart + batchBytes);
      batch.push(bytes);
      batchBytes += bytes.length;
      // Written a megabyte at a time: one write per entry is a system call per resource.
      if (batchBytes >= DIRENT_BATCH) {
        this.#out.write(Buffer.concat(batch));
        [batch, batchStart, batchBytes] = [[], this.#out.end, 0];
      }
    }
    this.#out.write(Buffer.concat(batch));
    const pathPointers = this.#out.write(offsetListBytes(direntOffsets));
    const clusterPointers = this.#out.write(offsetListBytes(clusterOffsets));
    const checksum = this.#out.end;
    // The same content makes the same file: its UUID is a digest of its clusters.
    const uuid = createHash("md5").update(this.#clusters.digests.join("")).update(stored).digest();
    const header = {
      uuid,
      entryCount: entries.length,
      clusterCount: clusterOffsets.length,
      pathPointers,
      titlePointers: storedAt + 1 + v0,
      clusterPointers,
      mainPage: indexOf.get("WmainPage")!,
      checksum,
    };
    this.#out.writeAt(headerBytes(header), 0);
    this.#out.write(this.#md5(checksum));
    this.#done = true;
    closeSync(this.#out.fd);
    renameSync(this.#partial, this.target);
    if (typeof this.#previous === "object") this.#previous.close();
    const previousIgnored = typeof this.#previous === "string" ? this.#previous : undefined;
    return {
      entries: entries.length,
      bytes: this.#out.end,
      copied: this.#clusters.copiedBlobs,
      ...(previousIgnored && { previousIgnored }),
    };
  }

  /** The content's items by MIME type (`text/html=10001;text/javascript=12`), as libzim counts them for Kiwix's library. */
  #counter(): string {
    const counts = new Map<string, number>();
    for (const { namespace, blob } of this.#entries) {
      if (namespace === "C" && blob) counts.set(this.#mimes[blob.mime], (counts.get(this.#mimes[blob.mime]) ?? 0) + 1);
    }
    return [...counts]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([mime, count]) => `${mime}=${count}`)
      .join(";");
  }

  #mime(type: string): number {
    const index = this.#mimes.indexOf(type);
    if (index < 0) throw new Error(`the MIME type ${type} was not given to the ZIM writer`);
    return index;
  }

  /** An entry whose blob is in the stored cluster; returns the blob's number. */
  #storedEntry(namespace: Namespace, path: string, mime: number, data: Uint8Array): number {
    const stored = this.#stored.push(data) - 1;
    this.#entries.push({ namespace, path, title: path, front: false, blob: { mime, stored } });
    return stored;
  }

  /** The MD5 of the file's first `length` bytes, read back: the header, written last, comes first. */
  #md5(length: number): Buffer {
    const hash = createHash("md5");
    const buffer = Buffer.allocUnsafe(4 << 20);
    for (let at = 0; at < length;) {
      const read = readSync(this.#out.fd, buffer, 0, Math.min(buffer.length, length - at), at);
      if (read === 0) throw new Error(`the ZIM file ends at ${at} bytes, before its checksum's ${length}`);
      hash.update(buffer.subarray(0, read));
      at += read;
    }
    return hash.digest();
  }
}
