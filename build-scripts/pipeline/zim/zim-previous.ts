/**
 * The ZIM file an earlier run wrote, read for its compressed clusters: its
 * metadata entry DIGESTS_METADATA names each cluster by the digest of its
 * blobs (zim-clusters.ts), so a cluster of the same blobs is copied,
 * compressed, into the next file. Only that entry, the header and the
 * cluster pointers are read; the clusters' bytes when copied.
 */
import { closeSync, existsSync, fstatSync, openSync } from "node:fs";
import { readAt } from "../load/read-at.ts";
import { HEADER_BYTES, readHeader } from "./zim-format.ts";

/** The metadata entry holding the clusters' digests, one hex line per compressed cluster, in order ("X-": a name of our own). */
export const DIGESTS_METADATA = "X-ClusterDigests";

/** Bytes read of an entry to find its path. */
const DIRENT_READ = 4096;

export interface PreviousClusters {
  /** The compressed bytes (its first byte included) of the cluster of this digest, if the previous file holds one. */
  read(digest: string): Uint8Array | undefined;
  close(): void;
}

/** The previous file's clusters, or why they cannot be used (undefined when there is no file). */
export function previousClusters(file: string): PreviousClusters | string | undefined {
  if (!existsSync(file)) return undefined;
  const fd = openSync(file, "r");
  try {
    const found = clustersByDigest(fd);
    if (typeof found === "string") {
      closeSync(fd);
      return `${file}: ${found}`;
    }
    return {
      read: (digest) => {
        const cluster = found.get(digest);
        return cluster && readAt(fd, cluster.at, cluster.bytes);
      },
      close: () => closeSync(fd),
    };
  } catch (error) {
    closeSync(fd);
    return `${file}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function clustersByDigest(fd: number): Map<string, { at: number; bytes: number }> | string {
  const size = fstatSync(fd).size;
  const header = readHeader(readAt(fd, 0, Math.min(HEADER_BYTES, size)));
  if (!header) return "not a ZIM file of major version 6";
  const pointers = readAt(fd, header.clusterPointers, 8 * header.clusterCount);
  const offsets = Array.from({ length: header.clusterCount }, (_, i) => Number(pointers.readBigUInt64LE(8 * i)));
  const digests = metadata(fd, size, header, offsets);
  if (digests === undefined) return `no ${DIGESTS_METADATA} metadata`;
  const byDigest = new Map<string, { at: number; bytes: number }>();
  // A digest names a cluster followed by another, which ends it (the writer's stored cluster comes last).
  digests
    .split("\n")
    .filter(Boolean)
    .forEach((digest, i) => offsets[i + 1] !== undefined && byDigest.set(digest, { at: offsets[i], bytes: offsets[i + 1] - offsets[i] }));
  return byDigest;
}

/** The digests' text, found by path among the entries (sorted by namespace and path), its blob in a stored cluster. */
function metadata(
  fd: number,
  size: number,
  header: { entryCount: number; pathPointers: number },
  clusters: readonly number[],
): string | undefined {
  const sought = Buffer.from(`M${DIGESTS_METADATA}`, "utf8");
  let [low, high] = [0, header.entryCount];
  while (low < high) {
    const mid = (low + high) >>> 1;
    const at = Number(readAt(fd, header.pathPointers + 8 * mid, 8).readBigUInt64LE(0));
    // A path, and the fixed fields before it, end within these bytes: the writer's paths are names of the site's files.
    const dirent = readAt(fd, at, Math.min(DIRENT_READ, size - at));
    const redirect = dirent.readUInt16LE(0) === 0xffff;
    const start = redirect ? 12 : 16;
    const key = Buffer.concat([dirent.subarray(3, 4), dirent.subarray(start, dirent.indexOf(0, start))]);
    const order = Buffer.compare(key, sought);
    if (order === 0) {
      if (redirect) return undefined;
      const cluster = clusters[dirent.readUInt32LE(8)];
      const blob = dirent.readUInt32LE(12);
      const bounds = readAt(fd, cluster + 1 + 4 * blob, 8);
      if (readAt(fd, cluster, 1)[0] !== 1) return undefined;
      const from = bounds.readUInt32LE(0);
      return readAt(fd, cluster + 1 + from, bounds.readUInt32LE(4) - from).toString("utf8");
    }
    if (order < 0) low = mid + 1;
    else high = mid;
  }
  return undefined;
}
