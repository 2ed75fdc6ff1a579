/**
 * `npm run netlify:config`: rewrites the generated part of netlify.toml from
 * the format table. `--check` only reports whether the file is up to date
 * (exit code 1 if not), for CI.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { withGeneratedBlock } from "../../pipeline/netlify/netlify-toml.ts";
import { CommandError, runCommand } from "./run-command.ts";

const USAGE = `
usage: npm run netlify:config [-- --check]
Rewrites the generated part of netlify.toml from the format table; --check only says whether it is up to date
(exit 1 if not).
`;

await runCommand({ usage: USAGE }, () => {
  const file = path.resolve(import.meta.dirname, "../../../netlify.toml");
  const current = readFileSync(file, "utf8");
  const next = withGeneratedBlock(current);

  if (process.argv.includes("--check")) {
    if (next !== current) {
      throw new CommandError("netlify.toml is out of date with the format table: run `npm run netlify:config`.");
    }
    console.log("netlify.toml is up to date.");
  } else if (next === current) {
    console.log("netlify.toml is already up to date.");
  } else {
    writeFileSync(file, next);
    console.log("Rewrote the generated rules of netlify.toml.");
  }
});
