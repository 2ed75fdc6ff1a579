/** Runs the real build command (`npm run build`'s script) into a temporary folder. */
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runCli, type CliResult } from "./run-cli.ts";

export { PROJECT_DIR } from "./run-cli.ts";

export interface BuildResult extends CliResult {
  outDir: string;
}

/** A tiny catalogue full of hard cases: one video, one unit, one lesson. */
export const GOLDEN_CONTENT = "test/fixtures/golden-content";

export const TEST_ENV = { BASE_URL: "https://api.example.test", SITE_URL: "https://www.example.test" };

/**
 * A folder limit that splits the sample catalogue's videos at one level of
 * bucket folders (docs/serving.md#the-folder-limit): below their flat folder's
 * 40 entries (35 resources, a second HTML page, 4 lists), not below the 37 of
 * their split folder (4 lists, 33 buckets), and above the lessons' 32, which
 * stay flat. (Split, a folder of so few holds about as many buckets as
 * resources, so no limit splits both.)
 */
export const SPLIT_VIDEOS = { FOLDER_LIMIT: "38" };

/** Build into a fresh temporary folder (or `outDir`); never throws on a failed build. */
export async function buildSite(env: Record<string, string> = {}, outDir?: string): Promise<BuildResult> {
  const out = outDir ?? path.join(await mkdtemp(path.join(tmpdir(), "catalogue-site-")), "_site");
  const result = await runCli("build.ts", [], { ...TEST_ENV, ...env, OUTPUT_DIR: out });
  return { ...result, outDir: out };
}

export const readOut = (build: BuildResult, file: string) => readFile(path.join(build.outDir, file), "utf8");
export const readJson = async <T = unknown>(build: BuildResult, file: string): Promise<T> => JSON.parse(await readOut(build, file)) as T;
