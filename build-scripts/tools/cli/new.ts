/**
 * npm run new -- <collection> [--title "…"]: writes a new record at the end
 * of the collection's list and prints its path. The fields to fill in are
 * empty; `npm run validate` names them until they are filled in.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { COLLECTIONS, findCollection } from "../../core/catalogue/collections.ts";
import { isJsonObject } from "../../core/catalogue/resource.ts";
import { loadSiteConfig } from "../../pipeline/load/load-config.ts";
import { freeSlug, newRecord, slugify } from "../../core/catalogue/new-record.ts";
import { FILL_IN } from "../../schemas/schemas.ts";
import { schemaPathFrom } from "../../pipeline/load/schema-path.ts";
import { readCollectionContent } from "../../pipeline/load/read-sources.ts";
import { CommandError, runCommand } from "./run-command.ts";

const USAGE = 'usage: npm run new -- <collection> [--title "…"]';
const HELP = `${USAGE}\nWrites a new record at the end of the collection's list and prints its path.`;

await runCommand({ usage: HELP }, async () => {
  const { values, positionals } = parseArgs({ options: { title: { type: "string", default: "" } }, allowPositionals: true });
  const collection = findCollection(positionals[0] ?? "");
  if (!collection || positionals.length !== 1) {
    const given = positionals[0] ? `"${positionals[0]}" is not a collection. ` : "";
    throw new CommandError(`${USAGE}\n${given}Collections: ${COLLECTIONS.map((c) => c.name).join(", ")}`);
  }

  const projectDir = process.cwd();
  const { contentDir } = loadSiteConfig(projectDir);
  const folder = path.resolve(projectDir, contentDir, collection.name);
  await mkdir(folder, { recursive: true });
  const existing = readExisting(projectDir, contentDir, collection.name);
  const uuid = crypto.randomUUID();
  const slug = freeSlug(slugify(values.title) || uuid, (name) => existsSync(path.join(folder, `${name}.json`)));
  const file = path.join(folder, `${slug}.json`);
  const schemaRef = schemaPathFrom(folder, collection.kind);
  const nowMicros = Math.round((performance.timeOrigin + performance.now()) * 1000);
  const record = newRecord({ collection, title: values.title, uuid, nowMicros, existing, schemaRef, slug });
  await writeFile(file, `${JSON.stringify(record, null, 2)}\n`, { flag: "wx" });

  console.log(path.relative(projectDir, file));
  const todo = FILL_IN[collection.kind].filter((field) => record[field] === "");
  console.error(`Fill in: ${todo.join(", ")} (and the lists: credits, subjects, grades, …); then npm run validate.`);
});

/**
 * The collection's records as the build reads them (no hidden file, no link out of the content folder), as far
 * as they parse: a broken one is validate's business, not ours.
 */
function readExisting(projectDir: string, contentDir: string, collection: string): Record<string, unknown>[] {
  const parsed = [...readCollectionContent(projectDir, contentDir, collection)].map((source) => {
    try {
      return "text" in source ? (JSON.parse(source.text) as unknown) : undefined;
    } catch {
      return undefined;
    }
  });
  return parsed.filter(isJsonObject);
}
