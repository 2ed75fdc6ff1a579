/**
 * Every command answers `--help` and `-h` with its usage and exits 0, doing
 * nothing else: no build, no server, no file written.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { npmScriptCommand } from "../build-scripts/tools/cli/npm-scripts.ts";
import { PROJECT_DIR } from "./helpers/run-cli.ts";

const run = promisify(execFile);

/** The project's own commands: every npm script but the tools' (vitest, tsc, eslint, prettier). */
const TOOL_SCRIPTS = new Set(["test", "test:unit", "typecheck", "lint", "format"]);
const COMMANDS = Object.keys(
  (JSON.parse(readFileSync(path.join(PROJECT_DIR, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts,
).filter((name) => !TOOL_SCRIPTS.has(name));

let temp: string;
beforeAll(async () => {
  temp = await mkdtemp(path.join(tmpdir(), "catalogue-help-"));
});
afterAll(() => rm(temp, { recursive: true, force: true }));

describe.each(["--help", "-h"])("every command given %s", (flag) => {
  it.concurrent.each(COMMANDS)("npm run %s prints its usage and exits 0", async (name) => {
    const outDir = path.join(temp, `${name.replace(":", "-")}${flag}`);
    const [command, args] = npmScriptCommand(PROJECT_DIR, name);
    // A command that ignored the flag would build, serve or write: the timeout and OUTPUT_DIR catch it.
    const { stdout } = await run(command, [...args, flag], {
      cwd: PROJECT_DIR,
      env: { ...process.env, OUTPUT_DIR: outDir, PORT: "0" },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/^usage: /);
    expect(stdout).toContain(name === "start" ? "npm start" : `npm run ${name}`);
    expect(existsSync(outDir)).toBe(false);
  });
});
