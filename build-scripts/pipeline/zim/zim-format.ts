/**
 * The binary parts of a ZIM file (openZIM's format, major version 6, minor 1:
 * the "new namespace scheme", content in C), as zim-writer.ts lays them out:
 *
 *   header (80 bytes) | MIME type list | clusters | directory entries |
 *   path pointer list | cluster pointer list | MD5 of all before it
 *
 * Every number is little-endian. A cluster is one byte saying how its body is
 * compressed, then the body: n + 1 offsets (32 bits, from the body's start)
 * and the n blobs they bound. A directory entry names an entry by namespace
 * and path, with a title, and either a blob (cluster and blob number) or
 * another entry it redirects to.
 */

export const HEADER_BYTES = 80;
const MAGIC = 0x044d495a;
const MAJOR = 6;
/** Minor version 1: user content in namespace C, metadata in M, well-known entries in W, indexes in X. */
const MINOR = 1;
/** No layout page (a field of version 5, unused). */
const NO_ENTRY = 0xffffffff;
const REDIRECT_MIME = 0xffff;

/** A cluster's first byte: its body stored as it is, or compressed with Zstandard. */
export const CLUSTER_STORED = 1;
export const CLUSTER_ZSTD = 5;

export type Namespace = "C" | "M" | "W" | "X";

export interface Header {
  readonly uuid: Uint8Array;
  readonly entryCount: number;
  readonly clusterCount: number;
  readonly pathPointers: number;
  /** Where the title-ordered list of every entry's index is (the X/listing/titleOrdered/v0 blob). */
  readonly titlePointers: number;
  readonly clusterPointers: number;
  /** The index of the entry opened first (W/mainPage). */
  readonly mainPage: number;
  readonly checksum: number;
}

export function headerBytes(header: Header): Buffer {
  const bytes = Buffer.alloc(HEADER_BYTES);
  bytes.writeUInt32LE(MAGIC, 0);
  bytes.writeUInt16LE(MAJOR, 4);
  bytes.writeUInt16LE(MINOR, 6);
  bytes.set(header.uuid.subarray(0, 16), 8);
  bytes.writeUInt32LE(header.entryCount, 24);
  bytes.writeUInt32LE(header.clusterCount, 28);
  bytes.writeBigUInt64LE(BigInt(header.pathPointers), 32);
  bytes.writeBigUInt64LE(BigInt(header.titlePointers), 40);
  bytes.writeBigUInt64LE(BigInt(header.clusterPointers), 48);
  bytes.writeBigUInt64LE(BigInt(HEADER_BYTES), 56);
  bytes.writeUInt32LE(header.mainPage, 64);
  bytes.writeUInt32LE(NO_ENTRY, 68);
  bytes.writeBigUInt64LE(BigInt(header.checksum), 72);
  return bytes;
}

/** The header's fields a reader of an earlier file needs: where its entries and clusters are. */
export function readHeader(bytes: Buffer): Pick<Header, "entryCount" | "clusterCount" | "pathPointers" | "clusterPointers"> | undefined {
  if (bytes.length < HEADER_BYTES || bytes.readUInt32LE(0) !== MAGIC || bytes.readUInt16LE(4) !== MAJOR) return undefined;
  return {
    entryCount: bytes.readUInt32LE(24),
    clusterCount: bytes.readUInt32LE(28),
    pathPointers: Number(bytes.readBigUInt64LE(32)),
    clusterPointers: Number(bytes.readBigUInt64LE(48)),
  };
}

/** The MIME type list: each type zero-terminated, then an empty one. */
export const mimeListBytes = (types: readonly string[]) => Buffer.from(types.map((type) => `${type}\0`).join("") + "\0", "utf8");

/** A directory entry: a blob's (`blob`: its cluster and number) or a redirect's (`redirect`: the target's index). */
export function direntBytes(
  entry: { readonly namespace: Namespace; readonly path: string; readonly title: string },
  target: { readonly mime: number; readonly cluster: number; readonly blob: number } | { readonly redirect: number },
): Buffer {
  const names = Buffer.from(`${entry.path}\0${entry.title === entry.path ? "" : entry.title}\0`, "utf8");
  const fixed = "redirect" in target ? 12 : 16;
  const bytes = Buffer.alloc(fixed + names.length);
  bytes.writeUInt16LE("redirect" in target ? REDIRECT_MIME : target.mime, 0);
  bytes.writeUInt8(0, 2); // no parameters
  bytes.write(entry.namespace, 3, "latin1");
  bytes.writeUInt32LE(0, 4); // revision
  if ("redirect" in target) bytes.writeUInt32LE(target.redirect, 8);
  else {
    bytes.writeUInt32LE(target.cluster, 8);
    bytes.writeUInt32LE(target.blob, 12);
  }
  bytes.set(names, fixed);
  return bytes;
}

/** A cluster's body before compression: the offsets of its blobs, then the blobs. */
export function clusterBody(blobs: readonly Uint8Array[]): Buffer {
  const table = 4 * (blobs.length + 1);
  const body = Buffer.allocUnsafe(table + blobs.reduce((sum, blob) => sum + blob.length, 0));
  let at = table;
  blobs.forEach((blob, i) => {
    body.writeUInt32LE(at, 4 * i);
    body.set(blob, at);
    at += blob.length;
  });
  body.writeUInt32LE(at, 4 * blobs.length);
  return body;
}

/** A list of 32-bit entry indexes, as the title listings hold them. */
export function indexListBytes(indexes: readonly number[]): Buffer {
  const bytes = Buffer.alloc(4 * indexes.length);
  indexes.forEach((index, i) => bytes.writeUInt32LE(index, 4 * i));
  return bytes;
}

/** A list of 64-bit offsets, as the path and cluster pointer lists hold them. */
export function offsetListBytes(offsets: readonly number[]): Buffer {
  const bytes = Buffer.alloc(8 * offsets.length);
  offsets.forEach((offset, i) => bytes.writeBigUInt64LE(BigInt(offset), 8 * i));
  return bytes;
}
