/**
 * The building half of `npm run dev` (the command runs it as a child process
 * and restarts it when code or templates change): one full build, then, on
 * each save in content/, only what depends on the changed records (see
 * live-site.ts). Tells the parent ("built" / "updated") so the preview reloads.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { summary } from "../../pipeline/build-report.ts";
import { ContentError } from "../../pipeline/prepare.ts";
import { runBuild } from "../../pipeline/run-build.ts";
import { loadSiteConfig } from "../../pipeline/load/load-config.ts";
import { isRecordPath, shownPath, sourceName } from "../../pipeline/load/read-sources.ts";
import { formatProblems } from "../../pipeline/validate/problems.ts";
import { ItemCollector, LiveSite, type Change } from "./live-site.ts";
import { watchFolders } from "./watch-folders.ts";
import { outputDir } from "../../core/catalogue/site-config.ts";

export interface DevMessage {
  readonly type: "built" | "updated";
}

const projectDir = process.cwd();
const outDir = outputDir(process.env);
const contentRoot = path.resolve(projectDir, loadSiteConfig(projectDir).contentDir);
const tell = (message: DevMessage) => process.send?.(message);

// The builder lives only as long as the dev command that started it.
process.on("disconnect", () => process.exit(0));

let site: LiveSite | undefined;
let queue = Promise.resolve();

await fullBuild();
watchFolders([contentRoot], (paths, seenAt) => {
  queue = queue.then(() => onSave(paths, seenAt)).catch((error) => console.error(error));
});
console.log(`Watching ${shownPath(projectDir, contentRoot) || "."}/ for changes.`);

async function fullBuild(): Promise<void> {
  const items = new ItemCollector();
  try {
    const outcome = await runBuild(outDir, { onItem: items.sink, onTerms: items.termsSink });
    console.log(summary(outcome.build, outcome.stats, outcome.seconds, outDir));
    site = new LiveSite(outcome.build, items, outDir);
    tell({ type: "built" });
  } catch (error) {
    site = undefined;
    console.error(error instanceof ContentError ? `${error.message}\n\nFix the content and save: the site is rebuilt then.` : error);
  }
}

async function onSave(paths: ReadonlySet<string>, seenAt: number): Promise<void> {
  const records = [...paths].filter((p) => isRecordPath(path.relative(contentRoot, p)));
  if (records.length === 0) return;
  if (!site) return fullBuild();
  const changes: Change[] = await Promise.all(
    records.map(async (p) => ({ ...sourceName(projectDir, p), text: await readFile(p, "utf8").catch(() => undefined) })),
  );
  const result = await site.update(changes);
  const ms = Math.round(performance.now() - seenAt);
  if (result.problems.length) console.error(formatProblems(result.problems));
  const names = changes.map((c) => c.file).join(", ");
  if (result.collections.length) {
    console.log(
      `${names}: ${result.written} files rewritten, ${result.removed} removed (lists of ${result.collections.join(", ")}) in ${ms} ms after the save.`,
    );
    tell({ type: "updated" });
  } else if (result.problems.some((p) => p.severity === "error")) {
    console.error(`${names}: not applied; the preview shows the last valid version.`);
  }
}
