/** Runs the real build command (`npm run build`'s script) into a temporary folder. */
import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const PROJECT_DIR = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(PROJECT_DIR, "node_modules/.bin/tsx");

export interface BuildResult {
  outDir: string;
  code: number;
  stdout: string;
  stderr: string;
}

export const TEST_ENV = { BASE_URL: "https://api.example.test", SITE_URL: "https://www.example.test" };

/** Build into a fresh temporary folder (or `outDir`); never throws on a failed build. */
export async function buildSite(env: Record<string, string> = {}, outDir?: string): Promise<BuildResult> {
  const out = outDir ?? path.join(await mkdtemp(path.join(tmpdir(), "catalogue-site-")), "_site");
  try {
    const { stdout, stderr } = await run(TSX, ["build-scripts/cli/build.ts"], {
      cwd: PROJECT_DIR,
      env: { ...process.env, ...TEST_ENV, ...env, OUTPUT_DIR: out },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { outDir: out, code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { outDir: out, code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

export const readOut = (build: BuildResult, file: string) => readFile(path.join(build.outDir, file), "utf8");
export const readJson = async <T = unknown>(build: BuildResult, file: string): Promise<T> => JSON.parse(await readOut(build, file)) as T;
