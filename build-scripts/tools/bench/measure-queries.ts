/**
 * tsx build-scripts/tools/bench/measure-queries.ts <site dir> [--runs N] [--warmups N] [--no-browser] [--json FILE]
 *
 * The benchmark's query measurements alone, on a site already built: edge CPU
 * per request kind on the videos and units lists, and search in Chromium on
 * the videos list (query-figures.ts). Prints the tables; --json writes the figures.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { measureQueries, QUERY_DEFAULTS } from "./query-figures.ts";
import { queryTables } from "./query-tables.ts";
import { answerHelp } from "../cli/help.ts";

const usage = "usage: tsx build-scripts/tools/bench/measure-queries.ts <site dir> [--runs N] [--warmups N] [--no-browser] [--json FILE]";
answerHelp(`${usage}\n(npm run bench:queries -- <site dir> …) Edge CPU per request kind and search in Chromium on a built site.`);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: "string", default: String(QUERY_DEFAULTS.runs) },
    warmups: { type: "string", default: String(QUERY_DEFAULTS.warmups) },
    "no-browser": { type: "boolean", default: false },
    json: { type: "string" },
  },
});

const whole = (name: string, text: string, least: number) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < least) throw new Error(`--${name} needs a whole number ≥ ${least}, got "${text}".\n${usage}`);
  return n;
};

try {
  if (positionals.length !== 1) throw new Error(`Give one built site's folder.\n${usage}`);
  const siteDir = path.resolve(positionals[0]);
  const figures = await measureQueries(siteDir, {
    runs: whole("runs", values.runs, 1),
    warmups: whole("warmups", values.warmups, 0),
    browser: !values["no-browser"],
    log: (line) => console.log(line),
  });
  console.log(`\n${queryTables([{ label: path.basename(siteDir), figures }])}`);
  if (values.json) {
    await writeFile(values.json, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`\nWrote ${values.json}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
