/**
 * Answers a `search` from a published index: the positions, in list order,
 * of the records that match every query word. A word matches a record when
 * it begins one of the record's terms, or has the same stem as one of them.
 *
 * Files are read through `load` (fetch in the browser and at the edge, the
 * file system in tests), only those the query's words fall in, and kept for
 * the next query.
 */
import { MIN_STEM, stemPrefix, type SearchManifest } from "./build-index.ts";
import { decodePostings } from "./postings.ts";
import { ENGLISH, type WordRules } from "./languages.ts";
import { parseQuery, type QueryTerm } from "./words.ts";
import { queryFile, searchManifestFile } from "../routes/output-tree.ts";

// Re-exported so that a lazy import of the finder brings its word rules in the same chunk.
export { wordRules } from "./languages.ts";

/** Reads a published file (path below the site root) as text; undefined when it does not exist. */
export type LoadText = (path: string) => Promise<string | undefined>;

interface TermFile {
  readonly terms: string[];
  readonly postings: string[];
}

/** Each language's stems of the terms met so far. */
const stems = new WeakMap<WordRules, Map<string, string>>();
function cachedStemmer(rules: WordRules): (term: string) => string {
  let cache = stems.get(rules);
  if (!cache) stems.set(rules, (cache = new Map()));
  const known = cache;
  return (term) => known.get(term) ?? known.set(term, rules.stem(term)).get(term)!;
}

function parseTermFile(text: string): TermFile {
  const terms: string[] = [];
  const postings: string[] = [];
  for (const line of text.split("\n")) {
    const space = line.indexOf(" ");
    if (space < 0) continue;
    terms.push(line.slice(0, space));
    postings.push(line.slice(space + 1));
  }
  return { terms, postings };
}

/** Index of the first element ≥ key in a sorted array. */
function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A lookup: terms starting with `prefix` that pass `accept`, or one term exactly. */
type Lookup = { readonly prefix: string; readonly accept: (term: string) => boolean } | { readonly exactly: string };

function lookups(term: QueryTerm, aliases: SearchManifest["stemAliases"], cachedStem: (term: string) => string): Lookup[] {
  if (term.kind === "gram") return [{ exactly: term.text }];
  const out: Lookup[] = [{ prefix: term.text, accept: () => true }];
  if (term.stem.length >= MIN_STEM) {
    out.push({ prefix: stemPrefix(term.stem), accept: (t) => cachedStem(t) === term.stem });
    for (const alias of Object.hasOwn(aliases, term.stem) ? aliases[term.stem] : []) {
      out.push({ exactly: alias });
    }
  }
  return out;
}

/** Calls `found` with the index (in `names`) of each term a lookup matches. */
function forEachMatch(lookup: Lookup, names: readonly string[], found: (i: number) => void): void {
  if ("exactly" in lookup) {
    const i = lowerBound(names, lookup.exactly);
    if (names[i] === lookup.exactly) found(i);
    return;
  }
  const { prefix, accept } = lookup;
  for (let i = lowerBound(names, prefix); i < names.length && names[i].startsWith(prefix); i++) if (accept(names[i])) found(i);
}

/** The most term files a word being typed is read ahead in. */
const PREFETCH_FILES = 2;

export class RecordFinder {
  private manifest?: Promise<SearchManifest | undefined>;
  private readonly files = new Map<number, Promise<TermFile>>();

  /** `manifest`: the list's manifest when the caller has it already. */
  constructor(
    private readonly load: LoadText,
    readonly collection: string,
    manifest?: Promise<SearchManifest | undefined>,
    private readonly rules: WordRules = ENGLISH,
  ) {
    this.manifest = manifest;
  }

  /** The manifest, or undefined when this collection has no published index. */
  loadManifest(): Promise<SearchManifest | undefined> {
    this.manifest ??= this.load(searchManifestFile(this.collection)).then((text) => (text === undefined ? undefined : JSON.parse(text)));
    return this.manifest;
  }

  /** Positions of matching records; undefined when the query has no words to narrow by (all records match). */
  async find(search: string): Promise<number[] | undefined> {
    const manifest = await this.loadManifest();
    if (!manifest) throw new Error(`No search index for ${this.collection}`);
    const terms = parseQuery(search, this.rules);
    if (terms.length === 0) return undefined;
    const plans = this.plans(terms, manifest);
    const fileNumbers = new Set(plans.flat().flatMap((lookup) => filesFor(manifest.termFiles, lookup)));
    const files = new Map(await Promise.all([...fileNumbers].map(async (n) => [n, await this.termFile(n)] as const)));

    // stamp[p] = how many query terms in a row record p has matched so far.
    const stamp = new Uint16Array(manifest.records);
    plans.forEach((plan, k) => {
      for (const lookup of plan) {
        for (const n of filesFor(manifest.termFiles, lookup)) {
          const { terms: names, postings } = files.get(n)!;
          forEachMatch(lookup, names, (i) =>
            decodePostings(postings[i], (p) => {
              if (stamp[p] === k) stamp[p] = k + 1;
            }),
          );
        }
      }
    });
    const found: number[] = [];
    for (let p = 0; p < stamp.length; p++) if (stamp[p] === plans.length) found.push(p);
    return found;
  }

  /**
   * Reads ahead the term files a query being typed will need, so that `find`
   * has them when it is asked: each gram's, and each word's of at least
   * MIN_STEM characters (the last may still grow, and a shorter one could fall
   * in many files), where they are at most PREFETCH_FILES files.
   */
  async prefetch(search: string): Promise<void> {
    const manifest = await this.loadManifest();
    if (!manifest) return;
    const terms = parseQuery(search, this.rules).filter((term) => term.kind === "gram" || term.text.length >= MIN_STEM);
    const wanted = this.plans(terms, manifest).map((plan) => [...new Set(plan.flatMap((lookup) => filesFor(manifest.termFiles, lookup)))]);
    await Promise.all(wanted.filter((files) => files.length <= PREFETCH_FILES).flatMap((files) => files.map((n) => this.termFile(n))));
  }

  private plans(terms: readonly QueryTerm[], manifest: SearchManifest): Lookup[][] {
    const cachedStem = cachedStemmer(this.rules);
    return terms.map((term) => lookups(term, manifest.stemAliases, cachedStem));
  }

  private termFile(n: number): Promise<TermFile> {
    let file = this.files.get(n);
    if (!file) {
      file = this.loadManifest().then(async (manifest) => {
        const path = queryFile(this.collection, manifest!.files.terms[n]);
        const text = await this.load(path);
        if (text === undefined) throw new Error(`Missing ${path}`);
        return parseTermFile(text);
      });
      this.files.set(n, file);
    }
    return file;
  }
}

/** The term files that may hold what a lookup looks for: the one a term falls in, or those terms starting with a prefix may. */
function filesFor(firstTerms: readonly string[], lookup: Lookup): number[] {
  if (firstTerms.length === 0) return [];
  const key = "exactly" in lookup ? lookup.exactly : lookup.prefix;
  const first = Math.max(0, lowerBound(firstTerms, key + "\u0000") - 1);
  if ("exactly" in lookup) return [first];
  const end = lowerBound(firstTerms, key + "\uffff");
  const out: number[] = [];
  for (let n = first; n < Math.max(end, first + 1); n++) out.push(n);
  return out;
}
