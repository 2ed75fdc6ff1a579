/**
 * Code made at build time — esbuild's bundles (cached-bundle.ts) and ajv's
 * schema validators (cached-validators.ts) — kept in node_modules/.cache/bundles/
 * between builds, each entry with the key of what it was made from.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { threadId } from "node:worker_threads";

export const CODE_CACHE = fileURLToPath(new URL("../../../node_modules/.cache/bundles/", import.meta.url));

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** An entry's text, or undefined when there is none (or it cannot be read). */
export function readCacheEntry(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * Keep an entry. Renamed into place: builds running side by side (the tests)
 * never read half a file. Without a cache (a read-only install) nothing is
 * kept, and the code is made again next time.
 */
export function writeCacheEntry(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.${threadId}`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true }); // no cache (or a full disk): nothing left behind
  }
}
