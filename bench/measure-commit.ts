/**
 * What a commit costs Netlify's build (docs/editors.md): `npm run mirror` on
 * a copy of the catalogue from a clean output folder, then, after one
 * commit's worth of changes (a video's title edited, a video added at the end
 * of the list as the CMS and `npm run new` add one, one removed near its
 * start), over the output and build state it left, as Netlify's cache hands
 * them back; each timed from outside. Then the files that differ between the
 * two outputs: only those the changes reach, as no file carries the time of
 * its run.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { nextPosition } from "../build-scripts/core/catalogue/new-record.ts";
import { readContent } from "../build-scripts/pipeline/load/read-sources.ts";
import { differingFiles, hashes } from "./file-tree.ts";

/** Runs a command from outside and says how long it took (bench-size.ts's `measure`). */
type Measure = (command: string, args: readonly string[], env: NodeJS.ProcessEnv) => Promise<{ wallSeconds: number }>;

export async function measureCommit(
  projectDir: string,
  contentDir: string,
  workDir: string,
  mirror: [string, string[]],
  measure: Measure,
  env: NodeJS.ProcessEnv,
) {
  const [content, outDir] = [path.join(workDir, "content"), path.join(workDir, "_site")];
  await mkdir(workDir, { recursive: true });
  execFileSync("cp", ["-r", contentDir, content]);
  const runEnv = { ...env, CONTENT_DIR: content, OUTPUT_DIR: outDir };
  const clean = await measure(...mirror, runEnv);
  const before = hashes(outDir);

  const videos: string[] = [];
  for (const source of readContent(projectDir, content).records)
    if (source.collection === "videos") videos.push(path.resolve(projectDir, source.file));
  type Video = { uuid: string; html_path: string; title: string };
  const records = videos.map((file) => JSON.parse(readFileSync(file, "utf8")) as Video);
  const middle = Math.floor(videos.length / 2);
  await writeFile(videos[middle], `${JSON.stringify({ ...records[middle], title: `${records[middle].title} (edited)` }, null, 2)}\n`);
  const added = {
    ...records[1],
    uuid: "00000000-0000-4000-8000-00000000c0de",
    html_path: records[1].html_path.replace(/\/?$/, "-added/"),
    position: nextPosition(records),
  };
  await writeFile(path.join(path.dirname(videos[1]), "added-by-the-benchmark.json"), `${JSON.stringify(added, null, 2)}\n`);
  await rm(videos[2]);
  const commit = await measure(...mirror, runEnv);

  const after = hashes(outDir);
  const differing = differingFiles(before, after);
  const bytes = differing.reduce((sum, file) => sum + (after.has(file) ? readFileSync(path.join(outDir, file)).length : 0), 0);
  return { cleanSeconds: clean.wallSeconds, commitSeconds: commit.wallSeconds, filesDiffering: differing.length, bytesDiffering: bytes };
}
