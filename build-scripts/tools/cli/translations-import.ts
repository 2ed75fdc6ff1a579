/**
 * npm run translations:import -- [--lang <code>] <files or folders>
 *
 * Reads translated XLIFF 1.2 (files, or every .xlf/.xliff file in a folder
 * and below) and stores its translations in content/translations/<lang>/
 * <collection>/<uuid>.json, merged with what is stored there already. Lists
 * what it imported and what it skipped, and why. Refused input (not XLIFF, a
 * target that breaks the source's markup, no language) is an error: then
 * nothing is written. See docs/translations.md.
 */
import { mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { entriesByKey, translationKey, type StoredText, type StoredTranslation } from "../../core/translations/localize.ts";
import { textUnits } from "../../core/translations/translatable.ts";
import { loadSiteConfig } from "../../pipeline/load/load-config.ts";
import { TRANSLATIONS_FOLDER } from "../../pipeline/load/content-folder.ts";
import { shownPath } from "../../pipeline/load/read-sources.ts";
import { readTextFile } from "../../pipeline/load/read-text-file.ts";
import { schemaPathFrom } from "../../pipeline/load/schema-path.ts";
import { checkContent, ContentError } from "../../pipeline/prepare.ts";
import { planImport } from "../translations/plan-import.ts";
import { readXliff, type XliffFile } from "../translations/read-xliff.ts";
import { CommandError, runCommand } from "./run-command.ts";
import { appendAll } from "../../core/append-all.ts";

const USAGE = "usage: npm run translations:import -- [--lang <code>] <files or folders of XLIFF>";
const HELP = `${USAGE}\nStores the translations of XLIFF 1.2 files in content/translations/<lang>/, merged with those stored.`;

const XLIFF_FILE = /\.(xlf|xliff)$/i;

await runCommand({ usage: HELP }, async () => {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { lang: { type: "string" } } });
  if (positionals.length === 0) throw new CommandError(USAGE);
  const projectDir = process.cwd();
  const { contentDir } = loadSiteConfig(projectDir);
  const errors: string[] = [];
  const inputs: { input: string; files: XliffFile[] }[] = [];
  for (const file of positionals.flatMap((given) => inputFiles(given, errors))) {
    const shown = shownPath(projectDir, path.resolve(file));
    const read = readTextFile(file, "an XLIFF file", { followLinks: true });
    if (!("text" in read)) {
      errors.push(`${shown}: expected ${read.expected}, found ${read.found}`);
      continue;
    }
    const files = readXliff(read.text);
    if ("error" in files) errors.push(`${shown}: expected XLIFF 1.2, found ${files.error}`);
    else inputs.push({ input: shown, files });
  }
  const { content, problems } = await checkContent(projectDir, contentDir);
  if (!content) throw new ContentError(problems);
  const { catalogue, translations } = content;
  const records = entriesByKey(catalogue);
  const plan = planImport(inputs, records, values.lang);
  appendAll(errors, plan.errors);
  if (errors.length) throw new CommandError(`${errors.length} error(s):\n\n${errors.join("\n")}\n\nNothing was written.`);

  // Each resource's texts in a language: what is stored, then what is imported, in the record's text order.
  const byFile = new Map<string, { language: string; collection: string; uuid: string; fields: Record<string, StoredText> }>();
  for (const text of plan.texts) {
    const key = `${text.language}/${translationKey(text.collection, text.uuid)}`;
    let entry = byFile.get(key);
    if (!entry) {
      const stored = translations.get(text.language)?.get(translationKey(text.collection, text.uuid));
      entry = { language: text.language, collection: text.collection, uuid: text.uuid, fields: { ...stored?.fields } };
      byFile.set(key, entry);
    }
    entry.fields[text.pointer] = { source: text.source, target: text.target };
  }
  for (const { language, collection, uuid, fields } of byFile.values()) {
    const folder = path.resolve(projectDir, contentDir, TRANSLATIONS_FOLDER, language, collection);
    const order = [...textUnits(records.get(translationKey(collection, uuid))!.record).keys()];
    const sorted = Object.fromEntries(Object.entries(fields).sort(([a], [b]) => rank(order, a) - rank(order, b)));
    const stored: StoredTranslation & { $schema: string } = { $schema: schemaPathFrom(folder, "translation"), fields: sorted };
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `${uuid}.json`), `${JSON.stringify(stored, null, 2)}\n`);
  }

  for (const text of plan.texts) {
    const stale = text.stale ? " (stale: the record's text changed since this XLIFF was exported)" : "";
    console.log(`imported  ${text.language}  ${text.collection}/${text.uuid}  ${text.pointer}${stale}`);
  }
  for (const skip of plan.skipped)
    console.log(`skipped   ${skip.input}  <file original="${skip.original}"> <trans-unit id="${skip.id}">: ${skip.reason}`);
  const written = [...byFile.values()].map((e) => `${contentDir}/${TRANSLATIONS_FOLDER}/${e.language}/${e.collection}/${e.uuid}.json`);
  console.log(
    `\n${plan.texts.length} text(s) imported into ${written.length} file(s), ${plan.skipped.length} skipped.${written.length ? `\n${written.join("\n")}` : ""}`,
  );
});

function rank(order: readonly string[], pointer: string): number {
  return order.includes(pointer) ? order.indexOf(pointer) : order.length;
}

/** The XLIFF files a command-line argument names: itself, or those of a folder and below. */
function inputFiles(given: string, errors: string[]): string[] {
  const stats = statSync(given, { throwIfNoEntry: false });
  if (!stats) {
    errors.push(`${given}: no such file or folder`);
    return [];
  }
  if (!stats.isDirectory()) return [given];
  return readdirSync(given, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && XLIFF_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
