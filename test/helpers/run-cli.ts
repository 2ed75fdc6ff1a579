/** Runs one of the project's commands (build-scripts/tools/cli/*.ts) as npm would, and collects what it prints. */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { npmScriptCommand, npmScriptOf } from "../../build-scripts/tools/cli/npm-scripts.ts";

const run = promisify(execFile);
export const PROJECT_DIR = path.resolve(import.meta.dirname, "../..");
export const TSX = path.join(PROJECT_DIR, "node_modules/.bin/tsx");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs build-scripts/tools/cli/`script` with the command of the package.json script that runs it. Never throws on a non-zero exit: the result says how it ended. */
export async function runCli(script: string, args: string[] = [], env: Record<string, string> = {}): Promise<CliResult> {
  const [command, scriptArgs] = npmScriptCommand(PROJECT_DIR, npmScriptOf(PROJECT_DIR, `build-scripts/tools/cli/${script}`));
  try {
    const { stdout, stderr } = await run(command, [...scriptArgs, ...args], {
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
