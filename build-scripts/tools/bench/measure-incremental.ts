/**
 * The incremental path of `npm run dev`, measured from outside: its builder
 * (build-scripts/tools/dev/dev-worker.ts) builds a copy of the catalogue once and
 * watches it; then one video record is edited a few times, and each time the
 * clock runs from writing the record to the builder reporting its files
 * written (its own figure, from the save event, is kept too).
 */
import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { readContent } from "../../pipeline/load/read-sources.ts";

export interface IncrementalMeasure {
  /** Milliseconds from writing the record to the builder's "files rewritten" line, per edit. */
  readonly editToWrittenMs: number[];
  /** The builder's own figure: from the file system event to written files. */
  readonly builderMs: number[];
  /** Files the builder rewrote for one edit. */
  readonly filesRewritten: number;
}

const DEV_WORKER = "build-scripts/tools/dev/dev-worker.ts";
const EDITS = 3;

/** `contentDir` is edited: give it a copy. */
export async function measureIncremental(
  projectDir: string,
  contentDir: string,
  outDir: string,
  env: NodeJS.ProcessEnv,
): Promise<IncrementalMeasure> {
  const videos = readContent(projectDir, contentDir).records.filter((s) => s.collection === "videos");
  const target = path.resolve(projectDir, videos[Math.floor(videos.length / 2)].file);
  const child = spawn(process.execPath, ["--import", "tsx", DEV_WORKER], {
    cwd: projectDir,
    env: { ...env, CONTENT_DIR: contentDir, OUTPUT_DIR: outDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines = lineReader(child);
  try {
    await lines.waitFor((line) => line.startsWith("Watching "));
    const result = { editToWrittenMs: [] as number[], builderMs: [] as number[], filesRewritten: 0 };
    for (let edit = 1; edit <= EDITS; edit++) {
      const record = JSON.parse(await readFile(target, "utf8")) as { uuid: string; title: string };
      record.title = `${record.title.replace(/ \(edit \d+\)$/, "")} (edit ${edit})`;
      const started = performance.now();
      await writeFile(target, `${JSON.stringify(record, null, 2)}\n`);
      const line = await lines.waitFor((l) => / files rewritten, .* in \d+ ms after the save\.$/.test(l));
      result.editToWrittenMs.push(performance.now() - started);
      result.builderMs.push(Number(line.match(/in (\d+) ms after the save/)![1]));
      result.filesRewritten = Number(line.match(/: (\d+) files rewritten/)![1]);
      const written = await readFile(path.join(outDir, "api/videos", record.uuid, "index.json"), "utf8");
      if (!written.includes(`(edit ${edit})`))
        throw new Error(`The dev builder reported the edit but api/videos/${record.uuid}/index.json does not show it.`);
    }
    return result;
  } finally {
    child.kill();
  }
}

/** The child's output lines, awaited in order (lines already seen count); fails if the child exits first. */
function lineReader(child: ReturnType<typeof spawn>) {
  const lines: string[] = [];
  let partial = "";
  let next = 0;
  let exited: Error | undefined;
  let wake = () => {};
  const onData = (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split("\n");
    partial = parts.pop()!;
    lines.push(...parts);
    wake();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  child.on("exit", (code) => {
    exited = new Error(`The dev builder exited (${code}):\n${lines.slice(-30).join("\n")}`);
    wake();
  });
  return {
    async waitFor(test: (line: string) => boolean): Promise<string> {
      for (;;) {
        while (next < lines.length) if (test(lines[next++])) return lines[next - 1];
        if (exited) throw exited;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}
