/** Runs one of the project's commands (build-scripts/cli/*.ts) as npm would, and collects what it prints. */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const PROJECT_DIR = path.resolve(import.meta.dirname, "../..");
export const TSX = path.join(PROJECT_DIR, "node_modules/.bin/tsx");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Never throws on a non-zero exit: the result says how it ended. */
export async function runCli(script: string, args: string[] = [], env: Record<string, string> = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(TSX, [`build-scripts/cli/${script}`, ...args], {
      cwd: PROJECT_DIR,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
