/**
 * The incremental path of `npm run dev`, measured from outside: its builder
 * (build-scripts/tools/dev/dev-worker.ts) builds a copy of the catalogue once and
 * watches it; then one video record is edited a few times, and each time the
 * clock runs from writing the record to the builder reporting its files
 * written.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Json } from "../build-scripts/core/catalogue/resource.ts";
import { instanceFile, LAYOUT_FILE } from "../build-scripts/core/routes/output-tree.ts";
import { levelsOf, parseLayout } from "../build-scripts/core/routes/tree-layout.ts";
import { readContent } from "../build-scripts/pipeline/load/read-sources.ts";

const DEV_WORKER = "build-scripts/tools/dev/dev-worker.ts";
const EDITS = 3;

/** The builder works on a copy of `contentDir` in `workDir`. */
export async function measureIncremental(projectDir: string, contentDir: string, workDir: string, env: NodeJS.ProcessEnv) {
  const [content, outDir] = [path.join(workDir, "content"), path.join(workDir, "_site")];
  await mkdir(workDir, { recursive: true });
  execFileSync("cp", ["-r", contentDir, content]);
  const videos = [...readContent(projectDir, content).records].filter((s) => s.collection === "videos");
  const target = path.resolve(projectDir, videos[Math.floor(videos.length / 2)].file);
  const child = spawn(process.execPath, ["--import", "tsx", DEV_WORKER], {
    cwd: projectDir,
    env: { ...env, CONTENT_DIR: content, OUTPUT_DIR: outDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk) => (errors += chunk));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  /** The next line of the builder's output that passes `test`, as soon as it is printed. */
  const waitFor = async (test: (line: string) => boolean): Promise<string> => {
    for (let next = await lines.next(); !next.done; next = await lines.next()) if (test(next.value)) return next.value;
    throw new Error(`The dev builder exited (${child.exitCode}):\n${errors}`);
  };
  try {
    await waitFor((line) => line.startsWith("Watching "));
    // Per edit, from writing the record to the builder's "files rewritten" line; and the files of one edit.
    const result = { editToWrittenMs: [] as number[], filesRewritten: 0 };
    for (let edit = 1; edit <= EDITS; edit++) {
      const record = JSON.parse(await readFile(target, "utf8")) as { uuid: string; title: string };
      record.title = `${record.title.replace(/ \(edit \d+\)$/, "")} (edit ${edit})`;
      const started = performance.now();
      await writeFile(target, `${JSON.stringify(record, null, 2)}\n`);
      const line = await waitFor((l) => / files rewritten, .* in \d+ ms after the save\.$/.test(l));
      result.editToWrittenMs.push(performance.now() - started);
      result.filesRewritten = Number(line.match(/: (\d+) files rewritten/)![1]);
      // Where the site's layout puts it: the videos may be split into bucket folders at the benchmark's sizes.
      const layout = parseLayout(JSON.parse(await readFile(path.join(outDir, LAYOUT_FILE), "utf8")) as Json);
      const file = instanceFile("videos", record.uuid, "json", levelsOf(layout, "videos"));
      const written = await readFile(path.join(outDir, file), "utf8");
      if (!written.includes(`(edit ${edit})`)) throw new Error(`The dev builder reported the edit but ${file} does not show it.`);
    }
    return result;
  } finally {
    child.kill();
  }
}
