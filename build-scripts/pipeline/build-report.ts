/** What the build tells its user: progress on long work, and a closing summary. */
import type { PreparedBuild } from "./prepare.ts";
import { runBuild, type BuildOutcome } from "./run-build.ts";
import type { WriteStats } from "./write/write-stats.ts";
import { crowdedFolders } from "./write/folder-limit.ts";
import { formatProblem, type Problem, type WarningKind } from "./validate/problems.ts";

/**
 * How the summary counts each kind of warning (singular, plural), in the
 * order it lists them: first what readers see changed (a translation showing
 * its source text, a link leading nowhere), which it also shows one by one,
 * then what is only not published or not written yet.
 */
const WARNING_KINDS: Record<WarningKind, { readonly one: string; readonly many: string; readonly readersSee: boolean }> = {
  "stale-translation": { one: "stale translation", many: "stale translations", readersSee: true },
  "missing-lesson": { one: "link to a missing lesson", many: "links to missing lessons", readersSee: true },
  "unpublished-translation": { one: "unpublished translation", many: "unpublished translations", readersSee: false },
  "unfilled-field": { one: "field left empty", many: "fields left empty", readersSee: false },
};

/** A size for people: "701.8 kB", "1.3 MB". */
export const formatBytes = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);

/** The languages with translations, and how many resources each translates (each has a whole tree, <lang>/api/). */
function translatedLine(build: PreparedBuild): string[] {
  const languages = [...build.translations].map(([language, translations]) => `${language} ${translations.size}`);
  return languages.length ? [`  translated resources: ${languages.join(", ")} (each language's tree: <lang>/api/)`] : [];
}

/** "132 warnings: 1 stale translation, 3 links to missing lessons, 128 fields left empty", then the first two kinds' warnings. */
function warningLines(build: PreparedBuild): string[] {
  const byKind = new Map<WarningKind, Problem[]>();
  for (const w of build.warnings) if (w.severity === "warning") byKind.set(w.kind, [...(byKind.get(w.kind) ?? []), w]);
  const kinds = Object.entries(WARNING_KINDS).flatMap(([kind, { one, many, readersSee }]) => {
    const found = byKind.get(kind as WarningKind) ?? [];
    return found.length ? [{ count: `${found.length} ${found.length === 1 ? one : many}`, shown: readersSee ? found : [] }] : [];
  });
  const total = build.warnings.length;
  if (!total) return [];
  return [
    `  ${total} warning${total === 1 ? "" : "s"}: ${kinds.map((k) => k.count).join(", ")} (npm run validate lists each one)`,
    ...kinds.flatMap((k) => k.shown).map((w) => `  ${formatProblem(w).replace(/\n/g, "\n  ")}`),
  ];
}

export function summary(build: PreparedBuild, stats: WriteStats, seconds: number, outDir: string): string {
  const counts = [...build.catalogue.lists].filter(([, list]) => list.length > 0).map(([name, list]) => `${name} ${list.length}`);
  const total = [...build.catalogue.lists.values()].reduce((n, l) => n + l.length, 0);
  const rows = [...stats.byExtension]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([ext, s]) => `  ${ext.padEnd(6)} ${String(s.files).padStart(8)} files ${formatBytes(s.bytes).padStart(10)}`);
  return [
    `Built ${outDir}/ in ${seconds.toFixed(2)} s`,
    `  resources: ${total} (${counts.join(", ") || "none"}) in ${build.catalogue.lists.size} collections`,
    ...translatedLine(build),
    ...rows,
    `  total  ${String(stats.files).padStart(8)} files ${formatBytes(stats.bytes).padStart(10)}`,
    ...warningLines(build),
    ...crowdedFolders(stats.filesByFolder).map((line) => `  warning: ${line}`),
  ].join("\n");
}

/** A whole build as `npm run build` and `npm run mirror` run it: each collection's progress, then the summary. */
export async function reportedBuild(outDir: string): Promise<BuildOutcome> {
  const outcome = await runBuild(outDir, { progress: (collection, done, total) => console.log(`  ${collection}: ${done} / ${total}`) });
  console.log(summary(outcome.build, outcome.stats, outcome.seconds, outDir));
  return outcome;
}
