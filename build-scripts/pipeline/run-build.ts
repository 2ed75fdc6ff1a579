/**
 * One whole build: validate the content, let Eleventy build the site into a
 * staging folder, then swap it in for the output folder. A failed build
 * clears the staging folder and leaves the previous output as it was.
 * Used by `npm run build`, `npm run dev` and `npm run mirror`, which may
 * have the build write only the collections a commit changed, over the site
 * it wrote from its cache (mirror/make-mirror.ts).
 */
import path from "node:path";
import Eleventy from "@11ty/eleventy";
import { CatalogueSite } from "./eleventy-plugin.ts";
import { ContentError, prepareBuild, type PreparedBuild } from "./prepare.ts";
import { checkFolders } from "./write/folder-limit.ts";
import { RenderThreads, type ChunkStore } from "./write/render-threads.ts";
import { clearStaging, stagingDir, swapInStaging } from "./write/swap-output.ts";
import type { Progress } from "./write/write-api-tree.ts";
import { WriteStats } from "./write/write-stats.ts";

export interface BuildOutcome {
  readonly build: PreparedBuild;
  readonly stats: WriteStats;
  readonly seconds: number;
}

export interface BuildOptions {
  /** Made for the build unless given (`npm run dev` keeps its threads and chunks for every build). */
  readonly threads?: RenderThreads;
  readonly kept?: ChunkStore;
  readonly progress?: Progress;
  /** Asked once the content is checked: what to write again over the output as it is, or undefined for a whole build in the staging folder. */
  readonly update?: (build: PreparedBuild) => Promise<UpdateScope | undefined>;
}

/** What an update writes again: these collections (the rest of the output left alone), but no file of an unchanged record. */
export interface UpdateScope {
  readonly collections: ReadonlySet<string>;
  /** Whether a record's own files are on disk as they would be written (WriteOptions' `unchanged`). */
  readonly unchanged: (collection: string, uuid: string) => boolean;
}

/** Eleventy reads templates/ and .eleventy.ts from the working folder: run it from the project. */
export async function runBuild(outDir: string, options: BuildOptions = {}): Promise<BuildOutcome> {
  const started = performance.now();
  // The threads start while the content is read and checked.
  const threads = options.threads ?? new RenderThreads();
  threads.start();
  const abort = new AbortController();
  let site: CatalogueSite | undefined;
  try {
    const build = await prepareBuild(process.cwd());
    const update = await options.update?.(build);
    const only = update?.collections;
    site = new CatalogueSite(
      build,
      { kept: options.kept, progress: options.progress, threads, signal: abort.signal, only, unchanged: update?.unchanged },
      only !== undefined,
    );
    await clearStaging(outDir);
    const staging = only ? outDir : stagingDir(outDir);
    const eleventy = new Eleventy("templates", staging, { configPath: ".eleventy.ts", quietMode: true, config: site.plugin });
    // Eleventy's closing line counts its own pages only: the build's summary counts every file.
    eleventy.logger.overrideLogger({ ...console, log: () => {} });
    const [, pages] = await eleventy.write();
    const stats = (await site.written) ?? new WriteStats();
    for (const page of pages) {
      if (typeof page.content === "string") stats.add(path.relative(staging, page.outputPath), Buffer.byteLength(page.content));
    }
    checkFolders(stats.filesByFolder);
    if (!only) await swapInStaging(outDir);
    return { build, stats, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    abort.abort(error);
    await site?.written?.catch(() => {}); // nothing may still be writing into the staging folder
    await clearStaging(outDir);
    throw findContentError(error) ?? error;
  } finally {
    // A thread's heap holds what it rendered last: what follows a build (the mirror's archives) needs that memory.
    if (!options.threads) await threads.close();
  }
}

/** Eleventy wraps errors thrown in its config; look through the causes. */
function findContentError(error: unknown): ContentError | undefined {
  for (let e = error as { cause?: unknown; originalError?: unknown } | undefined; e; e = (e.cause ?? e.originalError) as typeof e) {
    if (e instanceof ContentError) return e;
  }
  return undefined;
}
