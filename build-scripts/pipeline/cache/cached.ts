/**
 * Code made at build time — esbuild's bundles, ajv's schema validators, the
 * shim's declarations — stored in node_modules/.cache/bundles/ between builds.
 * An entry's first line is `// <key>`: a hash of what it was made from (the
 * tools' versions and options, given as key parts, and the content of every
 * input file, listed after the hash), so a change to any of it makes the code
 * again; the text follows.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { threadId } from "node:worker_threads";
import { sha256Hash } from "../../hashes.ts";

const CODE_CACHE = fileURLToPath(new URL("../../../node_modules/.cache/bundles/", import.meta.url));

/** The entry's file: `name` below the cache folder (a test gives a path of its own). */
export const cacheFile = (name: string) => path.resolve(CODE_CACHE, name);

/** What a maker gives: the text to store, and the files it was made from (absolute), whose content is part of the key. */
export interface Made {
  readonly text: string;
  readonly inputs?: readonly string[];
}

/** One entry of the cache: its text if it was made from the same things, and a way to store a new one. */
export interface CacheEntry {
  /** Undefined when there is none, or it was made from anything else. */
  readonly text: string | undefined;
  store(made: Made): void;
}

function keyOf(keyParts: unknown, inputs: readonly string[]): string | undefined {
  const hash = sha256Hash().update(JSON.stringify(keyParts));
  try {
    for (const file of inputs) hash.update(file).update(readFileSync(file));
  } catch {
    return undefined; // an input is gone: make it again
  }
  return hash.digest("hex");
}

export function cacheEntry(name: string, keyParts: unknown): CacheEntry {
  const file = cacheFile(name);
  const started = Date.now();
  let text: string | undefined;
  try {
    const entry = readFileSync(file, "utf8");
    const header = /^\/\/ ([0-9a-f]{64})( .*)?\n/.exec(entry);
    const inputs = JSON.parse(header?.[2] ?? "[]") as string[];
    if (header && keyOf(keyParts, inputs) === header[1]) text = entry.slice(header[0].length);
  } catch {
    // none, or not an entry we can read: made again
  }
  return {
    text,
    store({ text, inputs = [] }) {
      // An input saved while it was read: the text may hold its old content, so it is not stored.
      const settled = inputs.every((input) => (statSync(input, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < started);
      const key = settled ? keyOf(keyParts, inputs) : undefined;
      if (key) writeEntry(file, `// ${key}${inputs.length ? ` ${JSON.stringify(inputs)}` : ""}\n${text}`);
    },
  };
}

/**
 * The text `make` makes from `keyParts` and its inputs, stored under `name`;
 * `read` turns it into what the caller uses (undefined or a throw: a damaged
 * entry, made again).
 */
export function cached<T = string>(name: string, keyParts: unknown, make: () => Made, read = (text: string) => text as T | undefined): T {
  const entry = cacheEntry(name, keyParts);
  if (entry.text !== undefined) {
    try {
      const hit = read(entry.text);
      if (hit !== undefined) return hit;
    } catch {
      // damaged: made again
    }
  }
  const made = make();
  entry.store(made);
  const value = read(made.text);
  if (value === undefined) throw new Error(`The code made for ${name} cannot be read back.`);
  return value;
}

/**
 * Renamed into place: builds running side by side (the tests) never read half
 * a file. Without a cache (a read-only install) nothing is stored, and the code
 * is made again next time.
 */
function writeEntry(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.${threadId}`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true }); // no cache (or a full disk): nothing left behind
  }
}
