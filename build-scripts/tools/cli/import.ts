/**
 * npm run import -- <file-or-dir> [--out <content-dir>] [--replace]
 *
 * Reads API dumps named <collection>.json (a file, or every such file in a
 * folder) and writes one record per resource into <content-dir>/<collection>/.
 * BASE_URL and SITE_URL must be those of the dump. Nothing is written unless
 * every dump converts cleanly. A collection folder that already holds records
 * is left alone unless --replace is given (which empties it first).
 */
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { findCollection } from "../../core/catalogue/collections.ts";
import { loadSiteConfig } from "../../pipeline/load/load-config.ts";
import { dumpToRecords, type ImportedRecord } from "../import/dump-to-records.ts";
import { schemaValidators } from "../../pipeline/cache/cached-validators.ts";
import { shownPath } from "../../pipeline/load/read-sources.ts";
import { parseJson, problem, type Problem } from "../../pipeline/validate/problems.ts";
import { ContentError } from "../../pipeline/prepare.ts";
import { schemaPathFrom } from "../../pipeline/load/schema-path.ts";
import { readTextFile } from "../../pipeline/load/read-text-file.ts";
import { CommandError, runCommand } from "./run-command.ts";
import { appendAll } from "../../core/append-all.ts";

const USAGE = "usage: npm run import -- <dump.json | folder of <collection>.json dumps> [--out <content-dir>] [--replace]";
const COMMAND = {
  usage: `${USAGE}\nWrites one record per resource of API dumps into <content-dir>/<collection>/ (BASE_URL and SITE_URL: the dump's).`,
  onError: "Nothing was written.",
};

await runCommand(COMMAND, async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { out: { type: "string" }, replace: { type: "boolean", default: false } },
  });
  if (positionals.length !== 1) {
    throw new CommandError(USAGE);
  }

  const projectDir = process.cwd();
  const config = loadSiteConfig(projectDir);
  const outDir = path.resolve(projectDir, values.out ?? config.contentDir);
  const input = path.resolve(positionals[0]);
  const inputStats = await stat(input).catch(() => undefined);
  if (!inputStats) throw new CommandError(`${positionals[0]}: no such file or folder.`);
  const dumpFiles = inputStats.isDirectory()
    ? (await readdir(input))
        .filter((n) => n.endsWith(".json"))
        .sort()
        .map((n) => path.join(input, n))
    : [input];

  const problems: Problem[] = [];
  const plan: { collection: string; records: ImportedRecord[] }[] = [];
  for (const dumpFile of dumpFiles) {
    const shown = shownPath(projectDir, dumpFile);
    const name = path.basename(dumpFile, ".json");
    const collection = findCollection(name);
    if (!collection) {
      problems.push(problem(shown, "", "a dump named <collection>.json after one of the 31 collections", `"${name}"`));
      continue;
    }
    const read = readTextFile(dumpFile, "a JSON file", { followLinks: true });
    const dump = "text" in read ? parseJson({ file: shown, text: read.text }) : { problem: problem(shown, "", read.expected, read.found) };
    if ("problem" in dump) {
      problems.push(dump.problem);
      continue;
    }
    // A key written twice is refused as validate refuses it in a record: the dump's earlier value would vanish.
    appendAll(problems, dump.problems);
    const schemaRef = schemaPathFrom(path.join(outDir, name), collection.kind);
    const result = dumpToRecords(collection, dump.value, config, shown, schemaRef, await schemaValidators());
    appendAll(problems, result.problems);
    const folder = path.join(outDir, name);
    const existing = await readdir(folder).catch(() => [] as string[]);
    if (existing.some((n) => n.endsWith(".json")) && !values.replace) {
      const expected = "an empty collection folder (or --replace to empty it)";
      problems.push(problem(shownPath(projectDir, folder), "", expected, `${existing.length} file(s) already there`));
    }
    plan.push({ collection: name, records: result.records });
  }

  if (problems.length) throw new ContentError(problems);
  for (const { collection, records } of plan) {
    const folder = path.join(outDir, collection);
    if (values.replace) await rm(folder, { recursive: true, force: true });
    await mkdir(folder, { recursive: true });
    for (const { fileName, record } of records) {
      await writeFile(path.join(folder, fileName), `${JSON.stringify(record, null, 2)}\n`);
    }
    console.log(`${collection}: ${records.length} record(s) → ${shownPath(projectDir, folder) || "."}/`);
  }
});
