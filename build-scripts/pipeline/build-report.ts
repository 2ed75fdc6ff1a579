/** What the build tells its user: progress on long work, and a closing summary. */
import type { PreparedBuild } from "./prepare.ts";
import type { WriteStats } from "./write/write-stats.ts";
import { crowdedFolders } from "./write/folder-limit.ts";
import type { WarningKind } from "./validate/problems.ts";

/**
 * How the summary counts each kind of warning (singular, plural), in the
 * order it lists them: first what readers see changed (a translation showing
 * its source text, a link leading nowhere), then what is only not published yet.
 */
const WARNING_KINDS: Record<WarningKind, readonly [string, string]> = {
  "stale-translation": ["stale translation", "stale translations"],
  "missing-lesson": ["link to a missing lesson", "links to missing lessons"],
  "unpublished-translation": ["unpublished translation", "unpublished translations"],
  "unfilled-field": ["field left empty", "fields left empty"],
};

/** A size for people: "701.8 kB", "1.3 MB". */
export const formatBytes = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);

/** The languages with translations, and how many resources each translates (each has a whole tree, <lang>/api/). */
function translatedLine(build: PreparedBuild): string[] {
  const languages = [...build.translations].map(([language, translations]) => `${language} ${translations.size}`);
  return languages.length ? [`  translated resources: ${languages.join(", ")} (each language's tree: <lang>/api/)`] : [];
}

/** "132 warnings: 1 stale translation, 3 links to missing lessons, 128 fields left empty". */
function warningsLine(build: PreparedBuild): string[] {
  const counts = new Map<WarningKind, number>();
  for (const w of build.warnings) if (w.severity === "warning") counts.set(w.kind, (counts.get(w.kind) ?? 0) + 1);
  const kinds = Object.entries(WARNING_KINDS).flatMap(([kind, [one, many]]) => {
    const n = counts.get(kind as WarningKind) ?? 0;
    return n ? [`${n} ${n === 1 ? one : many}`] : [];
  });
  const total = build.warnings.length;
  return total ? [`  ${total} warning${total === 1 ? "" : "s"}: ${kinds.join(", ")} (npm run validate lists each one)`] : [];
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
    ...warningsLine(build),
    ...crowdedFolders(stats.filesByFolder).map((line) => `  warning: ${line}`),
  ].join("\n");
}
