/**
 * npm run measure:search [site folder]: prints search's sizes and speed for a
 * built site (default _site/). Build a large catalogue first to see what
 * matters; see docs/search.md.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { measureSearch, type Bytes } from "../bench/search-size.ts";
import { outputDir } from "../../core/catalogue/site-config.ts";
import { CommandError, runCommand } from "./run-command.ts";
import { answerHelp } from "./help.ts";

answerHelp(`
usage: npm run measure:search [-- <site folder>]
Prints search's index sizes, what a first search downloads and query times for a built site (default _site/).
`);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const bytes = (b: Bytes) => `${kb(b.raw)} raw, ${kb(b.gzip)} gzip`;

await runCommand(async () => {
  const siteDir = process.argv[2] ?? outputDir(process.env);
  if (!existsSync(path.join(siteDir, "search"))) {
    throw new CommandError(`No built site in ${siteDir}/: run \`npm run build\` first, or name a built site's folder.`);
  }
  console.log(`Measuring search in ${siteDir}/ …`);
  const m = await measureSearch(siteDir);
  for (const c of m.collections) {
    console.log(
      `  ${c.name.padEnd(20)} ${String(c.records).padStart(6)} records  index ${bytes(c.index)} in ${c.termFiles} term files; records files ${bytes(c.recordsFiles)}`,
    );
  }
  console.log(`  shim (as imported)   ${bytes(m.shim)}`);
  console.log(`  search chunk (lazy)  ${bytes(m.searchChunk)}`);
  const f = m.firstSearch;
  console.log(
    `  first search on ${f.collection} (${f.queries} queries): median ${kb(f.median)}, max ${kb(f.max)} gzip before records; matching records files median ${kb(f.records.median)}, max ${kb(f.records.max)} gzip`,
  );
  console.log(`  query time once loaded: median ${m.queryMs.median.toFixed(2)} ms, p95 ${m.queryMs.p95.toFixed(2)} ms`);
});
