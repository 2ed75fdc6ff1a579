/**
 * Search words of a known reach for the query measurements, picked from a
 * built list: a common word (in about a third of the list), a moderate one
 * (about 5 %) and a rare one (a handful of records). Candidates come from the
 * words of the list's own JSON; the API itself (the edge function) then says
 * how many records each really matches, so the pick holds whatever the
 * search's rules for stems and prefixes are.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import lunr from "lunr";

/** Answers `GET <path>?<query>` as the API does; the body's text. */
export type AskApi = (pathAndQuery: string) => Promise<string>;

export interface PickedWord {
  readonly word: string;
  /** Records of the list the API finds for it. */
  readonly matches: number;
}

export interface ListWords {
  readonly collection: string;
  readonly records: number;
  /** The uuid of a resource of the list, for the one-resource requests. */
  readonly uuid: string;
  readonly common: PickedWord;
  readonly moderate: PickedWord;
  readonly rare: PickedWord;
}

/** Fields people search by; other fields (addresses, dates) hold words that are not searched. */
const TEXT_FIELDS = new Set(["title", "subtitle", "description", "overview", "subjects"]);
/** How many candidates are estimated, and how many of the best estimates are asked of the API. */
const ESTIMATED = 60;
const ASKED = 3;

function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(textOf).join(" ");
  if (value && typeof value === "object") return Object.values(value).map(textOf).join(" ");
  return "";
}

/** The records of the list (by position) holding each word of three letters or more. */
function recordsPerWord(records: readonly Record<string, unknown>[]): Map<string, number[]> {
  const holders = new Map<string, number[]>();
  records.forEach((record, position) => {
    const text = Object.entries(record)
      .filter(([key]) => TEXT_FIELDS.has(key))
      .map(([, value]) => textOf(value))
      .join(" ")
      .replace(/<[^>]*>/g, " ")
      .toLowerCase();
    for (const word of new Set(text.match(/[a-z]{3,}/g))) {
      const list = holders.get(word);
      if (list) list.push(position);
      else holders.set(word, [position]);
    }
  });
  return holders;
}

const stem = (word: string) => lunr.stemmer(new lunr.Token(word, {})).toString();

/**
 * An estimate of the records a word finds, for ranking candidates: those holding
 * a word it begins or a word of its stem (the search's rules as docs/search.md
 * gives them). The API's own count decides.
 */
function estimator(holders: Map<string, number[]>, records: number): (word: string) => number {
  const sorted = [...holders.keys()].sort();
  const byStem = new Map<string, string[]>();
  for (const word of sorted) {
    const family = byStem.get(stem(word));
    if (family) family.push(word);
    else byStem.set(stem(word), [word]);
  }
  const seen = new Int32Array(records);
  let stamp = 0;
  return (word) => {
    stamp++;
    let count = 0;
    const visit = (other: string) => {
      for (const position of holders.get(other)!) {
        if (seen[position] === stamp) continue;
        seen[position] = stamp;
        count++;
      }
    };
    let from = sorted.indexOf(word);
    while (from < sorted.length && sorted[from].startsWith(word)) visit(sorted[from++]);
    for (const other of byStem.get(stem(word)) ?? []) if (!other.startsWith(word)) visit(other);
    return count;
  };
}

export async function pickWords(siteDir: string, collection: string, ask: AskApi): Promise<ListWords> {
  const records = JSON.parse(await readFile(path.join(siteDir, "api", collection, "index.json"), "utf8")) as Record<string, unknown>[];
  if (records.length === 0) throw new Error(`The ${collection} list of ${siteDir} is empty: nothing to search.`);
  const holders = recordsPerWord(records);
  const estimate = estimator(holders, records.length);
  const taken = new Set<string>();
  const matchesOf = async (word: string) =>
    (JSON.parse(await ask(`/api/${collection}?search=${encodeURIComponent(word)}&fields=uuid&format=json`)) as unknown[]).length;

  const pick = async (target: number, reach: string): Promise<PickedWord> => {
    const distance = (n: number) => Math.abs(Math.log(n / target));
    // A word finds at least the records holding it: the closest by that, then by the estimate.
    // Words of five letters or more, as people search for (shorter ones still count in the estimates).
    const candidates = [...holders]
      .filter(([word]) => word.length >= 5 && !taken.has(word))
      .sort((a, b) => distance(a[1].length) - distance(b[1].length) || (a[0] < b[0] ? -1 : 1))
      .slice(0, ESTIMATED)
      .map(([word]) => ({ word, estimate: estimate(word) }))
      .sort((a, b) => distance(a.estimate) - distance(b.estimate) || (a.word < b.word ? -1 : 1))
      .slice(0, ASKED);
    let best: PickedWord | undefined;
    for (const { word } of candidates) {
      const matches = await matchesOf(word);
      // A word the search ignores (a stop word) matches every record: no use.
      if (matches === 0 || (matches === records.length && records.length > 1)) continue;
      if (!best || distance(matches) < distance(best.matches)) best = { word, matches };
    }
    if (!best) throw new Error(`No word of the ${collection} list finds ${reach} of its ${records.length} records.`);
    taken.add(best.word);
    return best;
  };

  const common = await pick(Math.max(1, records.length / 3), "about a third");
  const moderate = await pick(Math.max(1, records.length * 0.05), "about 5 %");
  const rare = await pick(Math.min(5, Math.max(1, records.length * 0.01)), "a handful");
  return { collection, records: records.length, uuid: String(records[0].uuid), common, moderate, rare };
}
