/**
 * The building half of `npm run dev` (the command runs it as a child process
 * and restarts it when code or templates change): one full build, then, on
 * each save in content/, the build's writer again for the collections the
 * changed records touch (pipeline/update-site.ts). Tells the parent ("built" /
 * "updated") so the preview reloads.
 */
import { existsSync, lstatSync } from "node:fs";
import path from "node:path";
import { summary } from "../../pipeline/build-report.ts";
import { ContentError } from "../../pipeline/prepare.ts";
import { runBuild } from "../../pipeline/run-build.ts";
import { updateSite, type Change } from "../../pipeline/update-site.ts";
import { KeptChunks, RenderThreads } from "../../pipeline/write/render-threads.ts";
import type { PreparedBuild } from "../../pipeline/prepare.ts";
import { loadSiteConfig } from "../../pipeline/load/load-config.ts";
import { isRecordPath, isTranslationPath, shownPath, sourceName } from "../../pipeline/load/read-sources.ts";
import { fileProblem, formatProblems, type Problem } from "../../pipeline/validate/problems.ts";
import { readTextFile } from "../../pipeline/load/read-text-file.ts";
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

/** The last build, as saves have changed it (none while the content has errors). */
let build: PreparedBuild | undefined;
// Kept for every build of this process: the threads, and what they rendered.
const writing = { threads: new RenderThreads(), kept: new KeptChunks() };
let queue = Promise.resolve();

await fullBuild();
watchFolders([contentRoot], (paths, seenAt) => {
  queue = queue.then(() => onSave(paths, seenAt)).catch((error) => console.error(error));
});
console.log(`Watching ${shownPath(projectDir, contentRoot) || "."}/ for changes.`);

async function fullBuild(): Promise<void> {
  try {
    const outcome = await runBuild(outDir, writing);
    console.log(summary(outcome.build, outcome.stats, outcome.seconds, outDir));
    build = outcome.build;
    tell({ type: "built" });
  } catch (error) {
    build = undefined;
    console.error(error instanceof ContentError ? `${error.message}\n\nFix the content and save: the site is rebuilt then.` : error);
  }
}

const isLink = (file: string) => {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
};

async function onSave(paths: ReadonlySet<string>, seenAt: number): Promise<void> {
  const records = [...paths].filter((p) => isRecordPath(path.relative(contentRoot, p)));
  const translations = [...paths].filter((p) => isTranslationPath(path.relative(contentRoot, p)));
  if (records.length === 0 && translations.length === 0) return;
  // A translation, or a record that the language trees hold too, is rebuilt whole (docs/translations.md).
  if (!build || translations.length > 0 || build.translations.size > 0) return fullBuild();
  // Read as the build reads content: a link, a folder or a pipe is a named problem, never read (nor quoted).
  const unreadable: Problem[] = [];
  const changes: Change[] = [];
  for (const p of records) {
    const name = sourceName(projectDir, p);
    const outcome = readTextFile(p, "a JSON file");
    if ("text" in outcome) changes.push({ ...name, text: outcome.text });
    else if (!existsSync(p) && !isLink(p)) changes.push({ ...name, text: undefined });
    else unreadable.push(fileProblem(name.file, outcome.expected, outcome.found));
  }
  if (unreadable.length) console.error(`${formatProblems(unreadable)}\n\nNot applied; the preview shows the last valid version.`);
  if (changes.length === 0) return;
  const result = await updateSite(build, changes, outDir, writing);
  build = result.build;
  const ms = Math.round(performance.now() - seenAt);
  if (result.problems.length) console.error(formatProblems(result.problems));
  const names = changes.map((c) => c.file).join(", ");
  if (result.stats) {
    const { files, removed } = result.stats;
    console.log(
      `${names}: ${files} files rewritten, ${removed} removed (lists of ${result.collections.join(", ")}) in ${ms} ms after the save.`,
    );
    tell({ type: "updated" });
  } else if (result.problems.some((p) => p.severity === "error")) {
    console.error(`${names}: not applied; the preview shows the last valid version.`);
  }
}
