/**
 * npm run build: validate the content, let Eleventy build the site into a
 * staging folder, then swap it in for _site/ (env OUTPUT_DIR changes it).
 * Content errors are listed (file, JSON pointer, expected, found) and the
 * previous output stays as it was.
 */
import Eleventy from "@11ty/eleventy";
import { lastBuild, summary } from "../build/build-report.ts";
import { ContentError, prepareBuild } from "../build/prepare.ts";
import { clearStaging, stagingDir, swapInStaging } from "../write/swap-output.ts";
import { WriteStats } from "../write/write-stats.ts";

const outDir = (process.env.OUTPUT_DIR || "_site").replace(/\/+$/, "");
const started = performance.now();

try {
  const build = await prepareBuild(process.cwd());
  console.log(`Validated ${build.config.contentDir}/; building for ${build.config.baseUrl}/api/ …`);
  lastBuild.progress = (collection, done, total) => console.log(`  ${collection}: ${done} / ${total}`);
  await clearStaging(outDir);
  const eleventy = new Eleventy("templates", stagingDir(outDir), { configPath: ".eleventy.ts", quietMode: true });
  const pages = (await eleventy.write()) as unknown as { outputPath: string; content?: unknown }[];
  const stats = lastBuild.apiStats ?? new WriteStats();
  for (const page of pages) {
    if (typeof page.content === "string") stats.add(page.outputPath, Buffer.byteLength(page.content));
  }
  await swapInStaging(outDir);
  console.log(summary(build, stats, (performance.now() - started) / 1000, outDir));
} catch (error) {
  await clearStaging(outDir);
  const cause = findContentError(error);
  if (cause) {
    console.error(`${cause.message}\n\nNothing was written; ${outDir}/ is unchanged.`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}

/** Eleventy wraps errors thrown in its config; look through the causes. */
function findContentError(error: unknown): ContentError | undefined {
  for (let e = error as { cause?: unknown; originalError?: unknown } | undefined; e; e = (e.cause ?? e.originalError) as typeof e) {
    if (e instanceof ContentError) return e;
  }
  return undefined;
}
