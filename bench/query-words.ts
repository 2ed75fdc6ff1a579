/**
 * Search words of a known reach for the query measurements, picked from a
 * built list: a common word (in about a third of the list), a moderate one
 * (about 5 %) and a rare one (a handful of records). Candidates are the
 * terms the search itself gives each record, and the search itself (the
 * finder the edge and the browser run over the published index) says how
 * many records each finds, prefixes and stems included: the closest to the
 * reach is taken.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { findCollection } from "../build-scripts/core/catalogue/collections.ts";
import type { JsonObject } from "../build-scripts/core/catalogue/resource.ts";
import { queryFile, searchManifestFile } from "../build-scripts/core/routes/output-tree.ts";
import type { SearchManifest } from "../build-scripts/core/search/build-index.ts";
import { RecordFinder } from "../build-scripts/core/search/find-records.ts";
import { addTextTerms, searchTexts } from "../build-scripts/core/search/search-fields.ts";
import { count } from "./markdown-table.ts";

/** How many candidates, closest by the records holding them, are searched for. */
const SEARCHED = 300;
/** Words as people search for them: five letters or more. */
const SEARCHED_WORD = /^[a-z]{5,}$/;

/** A word, and the records of the list the API finds for it. */
type PickedWord = { readonly word: string; readonly matches: number };

export async function pickWords(siteDir: string, name: string) {
  const collection = findCollection(name);
  if (!collection) throw new Error(`No collection is named ${name}.`);
  // The list's record slices, one at a time: the list file itself passes the longest string Node makes at 1,000,000.
  const manifest = JSON.parse(await readFile(path.join(siteDir, searchManifestFile(name)), "utf8")) as SearchManifest;
  const total = manifest.records;
  if (total === 0) throw new Error(`The ${name} list of ${siteDir} is empty: nothing to search.`);
  const holders = new Map<string, number>();
  let uuid = "";
  for (const slice of manifest.files.records) {
    for (const record of JSON.parse(await readFile(path.join(siteDir, queryFile(name, slice)), "utf8")) as JsonObject[]) {
      uuid ||= String(record.uuid);
      // The terms the build indexes the record by, each once.
      const terms = new Set<string>();
      addTextTerms(searchTexts(collection.kind, record), terms);
      for (const term of terms) if (SEARCHED_WORD.test(term)) holders.set(term, (holders.get(term) ?? 0) + 1);
    }
  }
  const taken = new Set<string>();
  const finder = new RecordFinder((file) => readFile(path.join(siteDir, file), "utf8").catch(() => undefined), name);
  const matchesOf = async (word: string) => (await finder.find(word))?.length ?? total;

  const pick = async (target: number, reach: string): Promise<PickedWord> => {
    const distance = (n: number) => Math.abs(Math.log(n / target));
    // A word finds at least the records holding it; prefixes and stems add to that, so the search decides.
    const candidates = [...holders]
      .filter(([word]) => !taken.has(word))
      .sort((a, b) => distance(a[1]) - distance(b[1]) || (a[0] < b[0] ? -1 : 1))
      .slice(0, SEARCHED);
    let best: PickedWord | undefined;
    for (const [word] of candidates) {
      const matches = await matchesOf(word);
      // A word the search ignores (a stop word) matches every record: no use.
      if (matches === 0 || (matches === total && total > 1)) continue;
      if (!best || distance(matches) < distance(best.matches)) best = { word, matches };
    }
    if (!best) throw new Error(`No word of the ${name} list finds ${reach} of its ${total} records.`);
    taken.add(best.word);
    return best;
  };

  const common = await pick(Math.max(1, total / 3), "about a third");
  const moderate = await pick(Math.max(1, total * 0.05), "about 5 %");
  const rare = await pick(Math.min(5, Math.max(1, total * 0.01)), "a handful");
  // `uuid`: a resource of the list, for the one-resource requests.
  return { collection: name, records: total, uuid, common, moderate, rare };
}

export type ListWords = Awaited<ReturnType<typeof pickWords>>;

/** The words and the records each finds, e.g. `common "world" (260), moderate "habitat" (43), rare "built" (5) of 850`. */
export function wordsFound({ common, moderate, rare, records }: ListWords): string {
  const word = ({ word, matches }: PickedWord) => `"${word}" (${count(matches)})`;
  return `common ${word(common)}, moderate ${word(moderate)}, rare ${word(rare)} of ${count(records)}`;
}
