/**
 * Netlify's build engine (`@netlify/build`, pinned in this folder's
 * package.json and lockfile) for test/netlify-cache.test.ts and the
 * benchmark. It is installed here, apart from the project's dependencies: its
 * packages, nearly as many as the project's own, would weigh on every
 * `npm install`, and only these two run it. The first to need it installs it.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { CommandError } from "../../build-scripts/tools/cli/run-command.ts";

const TOOL_DIR = import.meta.dirname;
const FOLDER = `${path.relative(path.resolve(TOOL_DIR, "../.."), TOOL_DIR)}/`;
const ENGINE = "@netlify/build";

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as { version: string; dependencies: Record<string, string> };

/** The engine is installed at the pinned version (a changed pin installs it again). */
function installed(): boolean {
  const installedJson = path.join(TOOL_DIR, "node_modules", ENGINE, "package.json");
  return (
    existsSync(installedJson) && readJson(installedJson).version === readJson(path.join(TOOL_DIR, "package.json")).dependencies[ENGINE]
  );
}

/** The path of the `netlify-build` binary, once the engine is installed (by `npm ci` in this folder, if it is not). */
export async function netlifyBuildBinary(): Promise<string> {
  if (!installed()) {
    console.log(`Installing Netlify's build engine for this test (${FOLDER})…`);
    await promisify(execFile)("npm", ["ci", "--prefix", TOOL_DIR, "--no-audit", "--no-fund"], { maxBuffer: 64 * 1024 * 1024 }).catch(
      ({ stderr }: { stderr?: string }) => {
        const npmErrors = (stderr ?? "").split("\n").filter((line) => line.startsWith("npm error"));
        throw new CommandError(
          [`Netlify's build engine could not be installed: npm ci --prefix ${FOLDER} failed.`, ...npmErrors].join("\n"),
        );
      },
    );
  }
  return path.join(TOOL_DIR, "node_modules/.bin/netlify-build");
}
