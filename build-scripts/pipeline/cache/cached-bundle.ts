/**
 * An esbuild bundle, kept in node_modules/.cache/bundles/ between builds with
 * a hash of everything it was made from (esbuild's version, the options, the
 * content of every input file), and made again when any of it changed.
 * Reading and hashing the inputs is cheap; making a bundle starts esbuild's
 * process, which is not (docs/performance.md). Used for the render threads' code
 * and the browser's scripts, which change only with the code.
 */
import { buildSync, version as esbuildVersion, type BuildOptions } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CODE_CACHE, readCacheEntry, sha256, writeCacheEntry } from "./code-cache.ts";

/** Changes when a cache entry holds other things: an entry of another format is made again. */
const ENTRY_FORMAT = "2: files with their imports";

const PROJECT_FILES = ["tsconfig.json", "package.json"].map((name) => fileURLToPath(new URL(`../../${name}`, import.meta.url)));

export interface BundleFile {
  /** Absolute, as esbuild names its outputs. */
  readonly path: string;
  readonly text: string;
  /** The other outputs it imports (absolute): at once, or (dynamic) when the code asks. */
  readonly imports: readonly { readonly path: string; readonly dynamic: boolean }[];
}

interface CachedBundle {
  readonly key: string;
  readonly inputs: readonly string[];
  readonly files: readonly BundleFile[];
}

function keyOf(options: string, inputs: readonly string[]): string | undefined {
  const hash = createHash("sha256").update(ENTRY_FORMAT).update(esbuildVersion).update(options);
  try {
    for (const file of inputs) hash.update(file).update(readFileSync(file));
  } catch {
    return undefined; // an input is gone: bundle again
  }
  return hash.digest("hex");
}

/**
 * The cache entry's file: one per set of entry points, so that a bundle made
 * with other options (the shim's site addresses) replaces the one before.
 */
export const bundleCacheFile = (options: BuildOptions) =>
  path.join(CODE_CACHE, `${sha256(JSON.stringify(options.entryPoints)).slice(0, 16)}.json`);

/** The files of the bundle `options` describe (`write: false` is implied). */
export function cachedBundle(options: BuildOptions): BundleFile[] {
  const optionsText = JSON.stringify(options);
  const cacheFile = bundleCacheFile(options);
  try {
    const cached = JSON.parse(readCacheEntry(cacheFile) ?? "null") as CachedBundle | null;
    if (cached && keyOf(optionsText, cached.inputs) === cached.key) return [...cached.files];
  } catch {
    // not an entry we can read: bundle
  }
  const started = Date.now();
  const result = buildSync({ ...options, write: false, metafile: true });
  const outputs = new Map(Object.entries(result.metafile.outputs).map(([file, output]) => [path.resolve(file), output]));
  const files = result.outputFiles.map((f): BundleFile => {
    const output = outputs.get(f.path);
    return {
      path: f.path,
      text: f.text,
      imports: (output?.imports ?? [])
        .filter((i) => !i.external)
        .map((i) => ({ path: path.resolve(i.path), dynamic: i.kind === "dynamic-import" })),
    };
  });
  // Virtual inputs, such as <define:…>, come from the options, which are part
  // of the key; esbuild also reads the project's tsconfig.json and package.json.
  const inputs = [
    ...Object.keys(result.metafile.inputs).filter((file) => !file.startsWith("<")),
    ...PROJECT_FILES.filter((file) => existsSync(file)),
  ].map((file) => path.resolve(file));
  // A file saved while esbuild read it: the bundle may hold its old text, so it is not kept.
  const settled = inputs.every((file) => (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < started);
  const key = settled ? keyOf(optionsText, inputs) : undefined;
  if (key) writeCacheEntry(cacheFile, JSON.stringify({ key, inputs, files } satisfies CachedBundle));
  return files;
}
