/**
 * The building half of `npm run dev` (the command runs it as a child process
 * and restarts it when code or templates change): watches the content folder
 * and hands each batch of saves to the pipeline (pipeline/update-site.ts),
 * which builds the site whole or updates what the saved records touch; says
 * what was done, and tells the parent ("built" / "updated") so the preview
 * reloads.
 */
import { summary } from "../../pipeline/build-report.ts";
import { ContentError } from "../../pipeline/prepare.ts";
import { shownPath } from "../../pipeline/load/read-sources.ts";
import { LiveSite } from "../../pipeline/update-site.ts";
import { formatProblems } from "../../pipeline/validate/problems.ts";
import { outputDir } from "../../core/catalogue/site-config.ts";
import { watchFolders } from "./watch-folders.ts";

export interface DevMessage {
  readonly type: "built" | "updated";
}

const projectDir = process.cwd();
const outDir = outputDir(process.env);
const site = new LiveSite(projectDir, outDir);
const tell = (message: DevMessage) => process.send?.(message);

// The builder lives only as long as the dev command that started it.
process.on("disconnect", () => process.exit(0));

let queue = Promise.resolve();
await fullBuild();
watchFolders([site.contentRoot], (paths, seenAt) => {
  queue = queue.then(() => onSave(paths, seenAt)).catch((error) => console.error(error));
});
console.log(`Watching ${shownPath(projectDir, site.contentRoot) || "."}/ for changes.`);

async function fullBuild(): Promise<void> {
  try {
    const outcome = await site.rebuild();
    console.log(summary(outcome.build, outcome.stats, outcome.seconds, outDir));
    tell({ type: "built" });
  } catch (error) {
    console.error(error instanceof ContentError ? `${error.message}\n\nFix the content and save: the site is rebuilt then.` : error);
  }
}

async function onSave(paths: ReadonlySet<string>, seenAt: number): Promise<void> {
  const update = await site.saved(paths);
  if (update === "rebuild") return fullBuild();
  if (!update) return;
  if (update.unread.length) console.error(`${formatProblems(update.unread)}\n\nNot applied; the preview shows the last valid version.`);
  if (update.files.length === 0) return;
  const ms = Math.round(performance.now() - seenAt);
  if (update.problems.length) console.error(formatProblems(update.problems));
  const names = update.files.join(", ");
  if (update.stats) {
    const { files, removed } = update.stats;
    console.log(
      `${names}: ${files} files rewritten, ${removed} removed (lists of ${update.collections.join(", ")}) in ${ms} ms after the save.`,
    );
    tell({ type: "updated" });
  } else if (update.problems.some((p) => p.severity === "error")) {
    console.error(`${names}: not applied; the preview shows the last valid version.`);
  }
}
