/**
 * The Node side's hashes, one home for the build, the servers and the tools
 * (the pure core hashes nothing). SHA-1: what the build names files after,
 * the local server's and the GitHub-API server's ETags, git's ids. SHA-256:
 * a record's digest and the keys of what is kept between builds. Chosen for
 * speed and git's sake, not for secrecy.
 */
import { createHash, type Hash } from "node:crypto";

type Part = string | Uint8Array;

/** A SHA-1 hash to feed (a stream can be piped into it). */
export const sha1Hash = (): Hash => createHash("sha1");

/** The SHA-1 of the parts, one after the other, in hex. */
export const sha1 = (...parts: Part[]): string => parts.reduce((hash, part) => hash.update(part), sha1Hash()).digest("hex");

/** A SHA-256 hash to feed. */
export const sha256Hash = (): Hash => createHash("sha256");

/** The SHA-256 of the parts, one after the other, in hex. */
export const sha256 = (...parts: Part[]): string => parts.reduce((hash, part) => hash.update(part), sha256Hash()).digest("hex");
