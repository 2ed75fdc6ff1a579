/**
 * Answers a `search` from a published index: the positions, in list order,
 * of the records that match every query word. A word matches a record when
 * it is inside one of the record's terms (MIN_FRAGMENT characters or more;
 * a shorter word when it begins one), or has the same stem as one of them.
 *
 * Files are read through `load` (fetch in the browser and at the edge, the
 * file system in tests), only those the query's words fall in, and memoized for
 * the next query.
 */
import { MIN_STEM, stemPrefix, trigrams, type SearchManifest } from "./build-index.ts";
import { decodePostings } from "./postings.ts";
import { ENGLISH, type WordRules } from "./languages.ts";
import { parseQuery, type QueryTerm } from "./words.ts";
import { memoized } from "../memo.ts";
import { queryFile, searchManifestFile } from "../routes/output-tree.ts";

// Re-exported so that a lazy import of the finder brings its word rules in the same chunk.
export { wordRules } from "./languages.ts";

/** Reads a published file (path below the site root) as text; undefined when it does not exist. */
export type LoadText = (path: string) => Promise<string | undefined>;

/** A term file (`term postings` lines) or a fragment file (`trigram term-numbers` lines), by key. */
interface KeyedLines {
  readonly keys: string[];
  readonly values: string[];
}

/** Each language's stems of the terms met so far. */
const stems = new Map<WordRules, Map<string, string>>();
function cachedStemmer(rules: WordRules): (term: string) => string {
  const known = memoized(stems, rules, () => new Map<string, string>());
  return (term) => memoized(known, term, () => rules.stem(term));
}

function parseLines(text: string): KeyedLines {
  const keys: string[] = [];
  const values: string[] = [];
  for (const line of text.split("\n")) {
    const space = line.indexOf(" ");
    if (space < 0) continue;
    keys.push(line.slice(0, space));
    values.push(line.slice(space + 1));
  }
  return { keys, values };
}

/** Index of the first element ≥ key in a sorted array. */
function lowerBound<T extends string | number>(sorted: readonly T[], key: T): number {
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

type FileKind = "terms" | "fragments";

export class RecordFinder {
  private manifest?: Promise<SearchManifest | undefined>;
  private readonly files = { terms: new Map<number, Promise<KeyedLines>>(), fragments: new Map<number, Promise<KeyedLines>>() };

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
    const plans = await this.plans(terms, manifest);
    const files = await this.termFiles(plans.flat().flatMap((lookup) => filesFor(manifest.termFiles, lookup)));

    // stamp[p] = how many query terms in a row record p has matched so far.
    const stamp = new Uint16Array(manifest.records);
    plans.forEach((plan, k) => {
      for (const lookup of plan) {
        for (const n of filesFor(manifest.termFiles, lookup)) {
          const { keys: names, values: postings } = files.get(n)!;
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
   * Reads ahead the files a query being typed will need, so that `find` has
   * them when it is asked: each gram's, and each word's of at least MIN_STEM
   * characters (the last may still grow, and a shorter one could fall in many
   * files) — its fragment files, and its term files where they are at most
   * PREFETCH_FILES.
   */
  async prefetch(search: string): Promise<void> {
    const manifest = await this.loadManifest();
    if (!manifest) return;
    const terms = parseQuery(search, this.rules).filter((term) => term.kind === "gram" || term.text.length >= MIN_STEM);
    const cachedStem = cachedStemmer(this.rules);
    await Promise.all(
      terms.map(async (term) => {
        const own = lookups(term, manifest.stemAliases, cachedStem).flatMap((lookup) => filesFor(manifest.termFiles, lookup));
        const inside = (await this.candidates(term, manifest)).map((n) => termFileOf(manifest, n));
        const files = new Set([...own, ...inside]);
        if (files.size <= PREFETCH_FILES) await this.termFiles(files);
      }),
    );
  }

  /** Each term's lookups: its own (prefix, stem, gram), and the terms it is inside of. */
  private async plans(terms: readonly QueryTerm[], manifest: SearchManifest): Promise<Lookup[][]> {
    const cachedStem = cachedStemmer(this.rules);
    const own = terms.map((term) => lookups(term, manifest.stemAliases, cachedStem));
    // Their term files load while the fragment index is read.
    const [inside] = await Promise.all([
      Promise.all(terms.map((term) => this.wordsContaining(term, manifest))),
      this.termFiles(own.flat().flatMap((lookup) => filesFor(manifest.termFiles, lookup))),
    ]);
    return own.map((plan, k) => [...plan, ...inside[k]]);
  }

  /** The terms a word of MIN_FRAGMENT characters or more is inside of, each an exact lookup: the candidates that contain it. */
  private async wordsContaining(term: QueryTerm, manifest: SearchManifest): Promise<Lookup[]> {
    const candidates = await this.candidates(term, manifest);
    const files = await this.termFiles(candidates.map((n) => termFileOf(manifest, n)));
    return candidates.flatMap((n) => {
      const file = termFileOf(manifest, n);
      const name = files.get(file)!.keys[n - manifest.termFileStarts[file]];
      return name.includes(term.text) ? [{ exactly: name }] : [];
    });
  }

  /** The numbers of the terms that hold a word's first and last trigrams (none for a gram or a shorter word), from the fragment index. */
  private async candidates(term: QueryTerm, manifest: SearchManifest): Promise<number[]> {
    const all = term.kind === "word" ? trigrams(term.text) : [];
    if (all.length === 0 || manifest.fragmentFiles.length === 0) return [];
    const [first, last] = await Promise.all(
      [all[0], all[all.length - 1]].map(async (trigram) => {
        const { keys, values } = await this.file("fragments", filesFor(manifest.fragmentFiles, { exactly: trigram })[0]);
        const i = lowerBound(keys, trigram);
        const numbers: number[] = [];
        if (keys[i] === trigram) decodePostings(values[i], (n) => numbers.push(n));
        return numbers;
      }),
    );
    const holdsLast = new Set(last);
    return first.filter((n) => holdsLast.has(n));
  }

  /** Term files, loaded, by number. */
  private async termFiles(numbers: Iterable<number>): Promise<Map<number, KeyedLines>> {
    return new Map(await Promise.all([...new Set(numbers)].map(async (n) => [n, await this.file("terms", n)] as const)));
  }

  private file(kind: FileKind, n: number): Promise<KeyedLines> {
    return memoized(this.files[kind], n, () =>
      this.loadManifest().then(async (manifest) => {
        const path = queryFile(this.collection, manifest!.files[kind][n]);
        const text = await this.load(path);
        if (text === undefined) throw new Error(`Missing ${path}`);
        return parseLines(text);
      }),
    );
  }
}

/** The term file that holds the term of number `n` (in term order). */
const termFileOf = (manifest: SearchManifest, n: number) => lowerBound(manifest.termFileStarts, n + 1) - 1;

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
