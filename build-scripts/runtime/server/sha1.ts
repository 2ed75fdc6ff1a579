/**
 * The one hash of the Node side, SHA-1 in hex: what the build names files
 * after, the local server's and the GitHub-API server's ETags, and git's ids.
 * Chosen for speed and git's sake, not for secrecy.
 */
import { createHash, type Hash } from "node:crypto";

/** A SHA-1 hash to feed (a stream can be piped into it). */
export const sha1Hash = (): Hash => createHash("sha1");

/** The SHA-1 of the parts, one after the other, in hex. */
export const sha1 = (...parts: (string | Uint8Array)[]): string =>
  parts.reduce((hash, part) => hash.update(part), sha1Hash()).digest("hex");
