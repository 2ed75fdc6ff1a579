/**
 * Worker threads run an esbuild bundle of a TypeScript module, cached in
 * node_modules/.cache between processes (cache/cached-bundle.ts): a change
 * to any file the bundle holds is seen by the next process, never a stale
 * bundle.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { bundleCacheFile } from "../build-scripts/pipeline/cache/cached-bundle.ts";
import { bundleOptions } from "../build-scripts/pipeline/threads/worker-pool.ts";
import { PROJECT_DIR, TSX } from "./helpers/run-cli.ts";

const run = promisify(execFile);

/** In a new process: start a WorkerPool on `module`, send it one request, print its answer. */
async function answerOf(module: string): Promise<string> {
  const script = `
    import { WorkerPool } from ${JSON.stringify(pathToFileURL(path.join(PROJECT_DIR, "build-scripts/pipeline/threads/worker-pool.ts")).href)};
    const pool = new WorkerPool(new URL(${JSON.stringify(pathToFileURL(module).href)}), { result: (message) => message });
    pool.ask("ping").then(
      (message) => console.log(message),
      (error) => { console.error(error.message); process.exitCode = 1; },
    );`;
  const folder = path.dirname(module);
  await writeFile(path.join(folder, "main.ts"), script);
  const { stdout } = await run(TSX, [path.join(folder, "main.ts")], { cwd: PROJECT_DIR });
  return stdout.trim();
}

describe("worker threads", () => {
  it("run the module's current code, from the cache or bundled again", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "worker-thread-"));
    await writeFile(path.join(folder, "package.json"), '{ "type": "module" }');
    const module = path.join(folder, "worker.ts");
    await writeFile(
      module,
      `import { parentPort } from "node:worker_threads";\nimport { word } from "./word.ts";\nparentPort!.on("message", (m: string) => parentPort!.postMessage(\`\${m} \${word}\`));\n`,
    );
    await writeFile(path.join(folder, "word.ts"), 'export const word: string = "one";\n');
    const cacheFile = bundleCacheFile(bundleOptions(pathToFileURL(module)));
    expect(await answerOf(module)).toBe("ping one");
    const made = (await stat(cacheFile)).mtimeMs; // the first process bundled it and kept it
    expect(await answerOf(module)).toBe("ping one");
    expect((await stat(cacheFile)).mtimeMs).toBe(made); // the second ran it from the cache, bundling nothing
    await writeFile(path.join(folder, "word.ts"), 'export const word: string = "two";\n');
    expect(await answerOf(module)).toBe("ping two");
    await rm(cacheFile); // this throwaway module's cache entry
  });
});
