/** What the build tells its user: progress on long work (on a terminal only), and a closing summary. */
import type { PreparedBuild } from "./prepare.ts";
import { runBuild, type BuildOptions, type BuildOutcome } from "./run-build.ts";
import { formatBytes, type WriteStats } from "./write/write-stats.ts";
import { warningSummary } from "./validate/problems.ts";
import { resourceCount } from "../core/catalogue/catalogue.ts";

/** The languages with translations, and how many resources each translates (each has a whole tree, <lang>/api/). */
function translatedLine(build: PreparedBuild): string[] {
  const languages = [...build.translations].map(([language, translations]) => `${language} ${translations.size}`);
  return languages.length ? [`  translated resources: ${languages.join(", ")} (each language's tree: <lang>/api/)`] : [];
}

export function summary(build: PreparedBuild, stats: WriteStats, seconds: number, outDir: string): string {
  const counts = [...build.catalogue.lists].filter(([, list]) => list.length > 0).map(([name, list]) => `${name} ${list.length}`);
  const rows = [...stats.byExtension]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([ext, s]) => `  ${ext.padEnd(6)} ${String(s.files).padStart(8)} files ${formatBytes(s.bytes).padStart(10)}`);
  return [
    `Built ${outDir}/ in ${seconds.toFixed(2)} s`,
    `  resources: ${resourceCount(build.catalogue)} (${counts.join(", ") || "none"}) in ${build.catalogue.lists.size} collections`,
    ...translatedLine(build),
    ...rows,
    `  total  ${String(stats.files).padStart(8)} files ${formatBytes(stats.bytes).padStart(10)}`,
    ...warningSummary(build.warnings).map((lines) => `  ${lines.replace(/\n/g, "\n  ")}`),
  ].join("\n");
}

/**
 * A line of progress, for a person watching: on stdout if it is a terminal, else on stderr if that is one. A log
 * (a deploy's, a redirected run's) gets none: at 100,000 records they would be hundreds of lines before the summary.
 */
export function showProgress(line: string): void {
  if (process.stdout.isTTY) console.log(line);
  else if (process.stderr.isTTY) console.error(line);
}

/** A build as `npm run build` and `npm run mirror` run it (`update`, `kept`: see BuildOptions): each collection's progress, then the summary. */
export async function reportedBuild(outDir: string, options: Pick<BuildOptions, "update" | "kept"> = {}): Promise<BuildOutcome> {
  const outcome = await runBuild(outDir, {
    ...options,
    progress: (collection, done, total) => showProgress(`  ${collection}: ${done} / ${total}`),
  });
  console.log(summary(outcome.build, outcome.stats, outcome.seconds, outDir));
  return outcome;
}
