/**
 * An esbuild bundle, stored in the code cache (cached.ts) with esbuild's
 * version, the options and every input file as its key. Reading and hashing
 * the inputs is cheap; making a bundle starts esbuild's process, which is not
 * (docs/performance.md). Used for the threads' code and the browser's scripts,
 * which change only with the code.
 */
import { buildSync, version as esbuildVersion, type BuildOptions } from "esbuild";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cached, cacheFile } from "./cached.ts";
import { sha256 } from "../../hashes.ts";

const PROJECT_FILES = ["tsconfig.json", "package.json"].map((name) => fileURLToPath(new URL(`../../../${name}`, import.meta.url)));

export interface BundleFile {
  /** Absolute, as esbuild names its outputs. */
  readonly path: string;
  readonly text: string;
  /** The other outputs it imports (absolute): at once, or (dynamic) when the code asks. */
  readonly imports: readonly { readonly path: string; readonly dynamic: boolean }[];
}

/**
 * The cache entry's name: one per set of entry points, so that a bundle made
 * with other options (the shim's site addresses) replaces the one before.
 */
const entryName = (options: BuildOptions) => `${sha256(JSON.stringify(options.entryPoints)).slice(0, 16)}.bundle.json`;

/** Where a bundle is stored (for the tests). */
export const bundleCacheFile = (options: BuildOptions) => cacheFile(entryName(options));

/** The files of the bundle `options` describe (`write: false` is implied). */
export function cachedBundle(options: BuildOptions): BundleFile[] {
  return cached(
    entryName(options),
    [esbuildVersion, options],
    () => bundle(options),
    (text) => JSON.parse(text) as BundleFile[],
  );
}

function bundle(options: BuildOptions) {
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
  return { text: JSON.stringify(files), inputs };
}
