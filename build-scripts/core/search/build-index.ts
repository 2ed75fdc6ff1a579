/**
 * Builds a collection's search index from its records' searchable texts:
 * an inverted index (term → positions of the records holding it) sorted by
 * term and cut into files of about TERM_FILE_CHARS characters, in the manner
 * of Pagefind, so that a query loads only the files its words fall in.
 * Pure: the build writes what this returns (pipeline/write/query-files.ts).
 *
 * A term file is lines of `term postings` (a term never holds whitespace);
 * the manifest names each file's first term. Results are a set, not a
 * ranking, so no frequencies or positions are stored.
 *
 * Beside it, the fragment index: for each run of MIN_FRAGMENT characters
 * (a trigram) found in the terms, the terms holding it, as their numbers in
 * term order, sorted by trigram and cut into files the same way; the terms
 * that may contain a query word are those holding its first and last
 * trigrams (docs/search.md#what-a-word-finds).
 */
import { encodePostings } from "./postings.ts";
import type { TermTable } from "./term-numbers.ts";

const TERM_FILE_CHARS = 24_000;
/** Records per records file: the slices of the list that a search fetches its matches from. */
export const RECORDS_PER_FILE = 25;

/** The names (below search/<collection>/files/) of what a list publishes for queries. */
export interface QueryFiles {
  /** The index's term files, in manifest order. */
  readonly terms: readonly string[];
  /** The fragment index's files, in manifest order. */
  readonly fragments: readonly string[];
  /** The record files: records n × recordsPerFile… as a JSON array. */
  readonly records: readonly string[];
  /** The uuid index's bucket files, bucket k at k (uuid-index.ts; none for an empty list). */
  readonly uuids: readonly string[];
  /** Per data format's extension: the byte offsets of the list file's entries (Uint32, little-endian, one more than the records). */
  readonly entries: Readonly<Record<string, string>>;
  /** Per data format's extension, per field: that field's part of each item, each a netstring. */
  readonly columns: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** What the index tells a query: which term file holds a term, and the stems to look up by name. */
export interface IndexManifest {
  /** How many records the list holds; positions run from 0 to records - 1, in list order. */
  readonly records: number;
  readonly recordsPerFile: number;
  /** First term of each term file, in order: file i holds the terms from termFiles[i] up to termFiles[i + 1]. */
  readonly termFiles: readonly string[];
  /** The number (in term order) of each term file's first term: the fragment index names terms by number. */
  readonly termFileStarts: readonly number[];
  /** First trigram of each fragment file, in order, as termFiles. */
  readonly fragmentFiles: readonly string[];
  /** Terms whose stem does not begin like the term (rare); a query by that stem looks them up by name. */
  readonly stemAliases: Readonly<Record<string, readonly string[]>>;
}

/** A list's manifest (search/<collection>/index.json): its index, and the names of its query files. */
export interface SearchManifest extends IndexManifest {
  readonly version: 4;
  /** A uuid's bucket in files.uuids: the top `uuidBits` bits of its first 8 hex digits (uuid-index.ts). */
  readonly uuidBits: number;
  readonly files: QueryFiles;
}

export interface SearchIndex {
  readonly manifest: IndexManifest;
  /** The text of each term file, in manifest order. */
  readonly termFiles: readonly string[];
  /** The text of each fragment file: lines of `trigram term-numbers`, the numbers written as postings are. */
  readonly fragmentFiles: readonly string[];
}

/** Where a stem-equal term is looked for: among terms starting with all of the stem but its last letter. */
export const stemPrefix = (stemmed: string) => stemmed.slice(0, -1);
/** Stems this short are too vague to match by; their words still match as prefixes. */
export const MIN_STEM = 3;
/** Query words this long or longer find the terms that contain them; shorter ones, the terms they begin. */
export const MIN_FRAGMENT = 3;
/** Fragment files are smaller than term files: a word reads two of them. */
const FRAGMENT_FILE_CHARS = 8_000;

/**
 * The one way to build a list's index: records are added as they arrive, in
 * list order (the build adds each chunk as it comes back from its threads, so
 * little is left for the end; `npm run dev` adds the terms it holds), and
 * `finish` gives the manifest and term files.
 *
 * Each record's terms are kept as numbers in one growing typed array, and
 * sorted into posting lists at the end (a counting sort, stable, so each
 * list stays in record order): a growing array per term, as before, took
 * more memory, and the garbage collector copied those arrays as they grew.
 */
export class SearchIndexBuilder {
  /** `stemOf`: the list's language's stemmer (languages.ts). */
  constructor(private readonly stemOf: (word: string) => string) {}

  /** Term → its number here, in the order terms were first met. */
  private readonly ids = new Map<string, number>();
  private readonly terms: string[] = [];
  /** Stem → the terms found under it that do not begin like it. */
  private readonly aliases = new Map<string, string[]>();
  /** Per term table: its term numbers → numbers here, once looked up. */
  private readonly numbered = new Map<TermTable, number[]>();
  /** The term numbers of every record, record after record. */
  private found = new Int32Array(64 * 1024);
  private used = 0;
  /** Record r's term numbers run from recordEnds[r - 1] (or 0) up to recordEnds[r]. */
  private readonly recordEnds: number[] = [];

  /** The next record's terms, as numbers of `table`. */
  addNumbered(numbers: ArrayLike<number>, table: TermTable): void {
    let ids = this.numbered.get(table);
    if (!ids) this.numbered.set(table, (ids = []));
    for (let i = 0; i < numbers.length; i++) {
      const n = numbers[i];
      this.push((ids[n] ??= this.idOf(table.terms[n])));
    }
    this.recordEnds.push(this.used);
  }

  private push(id: number): void {
    if (this.used === this.found.length) {
      const bigger = new Int32Array(2 * this.found.length);
      bigger.set(this.found);
      this.found = bigger;
    }
    this.found[this.used++] = id;
  }

  private idOf(term: string): number {
    let id = this.ids.get(term);
    if (id !== undefined) return id;
    id = this.terms.length;
    this.ids.set(term, id);
    this.terms.push(term);
    const stemmed = this.stemOf(term);
    if (stemmed.length >= MIN_STEM && !term.startsWith(stemPrefix(stemmed))) {
      const aliases = this.aliases.get(stemmed);
      if (aliases) aliases.push(term);
      else this.aliases.set(stemmed, [term]);
    }
    return id;
  }

  /** All posting lists in one array: term id's records are positions[starts[id]…starts[id + 1]). */
  private postings(): { starts: Int32Array; positions: Int32Array } {
    const starts = new Int32Array(this.terms.length + 1);
    for (let i = 0; i < this.used; i++) starts[this.found[i] + 1] += 1;
    for (let id = 0; id < this.terms.length; id++) starts[id + 1] += starts[id];
    const next = starts.slice(0, -1);
    const positions = new Int32Array(this.used);
    let i = 0;
    for (const [record, end] of this.recordEnds.entries()) {
      for (; i < end; i++) positions[next[this.found[i]]++] = record;
    }
    return { starts, positions };
  }

  /** `termFileChars`: smaller files, for tests of how a query reads them. */
  finish(termFileChars = TERM_FILE_CHARS): SearchIndex {
    const { starts, positions } = this.postings();
    const sorted = [...this.terms].sort();
    const terms = cutIntoFiles(
      sorted.map((term) => {
        const id = this.ids.get(term)!;
        return [term, `${term} ${encodePostings(positions.subarray(starts[id], starts[id + 1]))}\n`];
      }),
      termFileChars,
    );
    const fragments = cutIntoFiles(fragmentLines(sorted), FRAGMENT_FILE_CHARS);
    const manifest: IndexManifest = {
      records: this.recordEnds.length,
      recordsPerFile: RECORDS_PER_FILE,
      termFiles: terms.firstKeys,
      termFileStarts: terms.firstLines,
      fragmentFiles: fragments.firstKeys,
      stemAliases: this.stemAliases(),
    };
    return { manifest, termFiles: terms.files, fragmentFiles: fragments.files };
  }

  /** In term order: each stem's terms sorted, stems by their first term. */
  private stemAliases(): Record<string, string[]> {
    const byStem = [...this.aliases].map(([stemmed, terms]) => [stemmed, [...terms].sort()] as const);
    byStem.sort(([, a], [, b]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return Object.fromEntries(byStem);
  }
}

/** Lines (each with the key it sorts by, in order) cut into files of about `fileChars` characters, with each file's first key and line number. */
function cutIntoFiles(lines: Iterable<readonly [key: string, line: string]>, fileChars: number) {
  const firstKeys: string[] = [];
  const firstLines: number[] = [];
  const files: string[] = [];
  let file = "";
  let n = 0;
  for (const [key, line] of lines) {
    if (file === "") {
      firstKeys.push(key);
      firstLines.push(n);
    }
    file += line;
    n += 1;
    if (file.length >= fileChars) {
      files.push(file);
      file = "";
    }
  }
  if (file !== "") files.push(file);
  return { firstKeys, firstLines, files };
}

const SURROGATE = /[\ud800-\udfff]/;

/** A term's trigrams, in order (characters are code points; most terms have no surrogate pair, and are cut by index). */
export function trigrams(term: string): string[] {
  const out: string[] = [];
  if (!SURROGATE.test(term)) {
    for (let i = 0; i + MIN_FRAGMENT <= term.length; i++) out.push(term.slice(i, i + MIN_FRAGMENT));
    return out;
  }
  const chars = Array.from(term);
  for (let i = 0; i + MIN_FRAGMENT <= chars.length; i++) out.push(chars.slice(i, i + MIN_FRAGMENT).join(""));
  return out;
}

/** The fragment index's lines, sorted by trigram: each trigram with the numbers of the sorted terms holding it. */
function fragmentLines(sortedTerms: readonly string[]): [string, string][] {
  const holders = new Map<string, number[]>();
  sortedTerms.forEach((term, n) => {
    for (const trigram of trigrams(term)) {
      const numbers = holders.get(trigram);
      if (!numbers) holders.set(trigram, [n]);
      else if (numbers[numbers.length - 1] !== n) numbers.push(n); // a trigram twice in a term: once
    }
  });
  return [...holders.keys()].sort().map((trigram) => [trigram, `${trigram} ${encodePostings(holders.get(trigram)!)}\n`]);
}
