/**
 * package.json's scripts as commands to start without npm: the benchmark
 * times `npm run build`'s own command, and the tests run each command as npm
 * would (npm's start-up is part of neither).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The script's command and arguments; `node` is this Node, a package's binary its path in node_modules/.bin. */
export function npmScriptCommand(projectDir: string, name: string): [string, string[]] {
  const script = scriptsOf(projectDir)[name];
  if (!script) throw new Error(`package.json has no script "${name}".`);
  // A leading `exec` only tells npm's shell to give way to the command.
  const [command, ...args] = script.replace(/^exec\s+/, "").split(/\s+/);
  const bin = path.join(projectDir, "node_modules/.bin", command);
  return [command === "node" ? process.execPath : existsSync(bin) ? bin : command, args];
}

/** The name of the script that runs `file` (e.g. "build-scripts/tools/cli/build.ts" → "build"). */
export function npmScriptOf(projectDir: string, file: string): string {
  const name = Object.entries(scriptsOf(projectDir)).find(([, script]) => script.split(/\s+/).at(-1) === file)?.[0];
  if (!name) throw new Error(`No script of package.json runs ${file}.`);
  return name;
}

const scriptsOf = (projectDir: string): Record<string, string> =>
  (JSON.parse(readFileSync(path.join(projectDir, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
