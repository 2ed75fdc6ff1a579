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
 */
import { encodePostings } from "./postings.ts";
import type { TermTable } from "./term-numbers.ts";
import { stem } from "./words.ts";

export const TERM_FILE_CHARS = 24_000;
/** Records per records file: the slices of the list that a search fetches its matches from. */
export const RECORDS_PER_FILE = 25;

/** The names (below search/<collection>/files/) of what a list publishes for queries. */
export interface QueryFiles {
  /** The index's term files, in manifest order. */
  readonly terms: readonly string[];
  /** The record files: records n × recordsPerFile… as a JSON array. */
  readonly records: readonly string[];
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
  /** Terms whose stem does not begin like the term (rare); a query by that stem looks them up by name. */
  readonly stemAliases: Readonly<Record<string, readonly string[]>>;
}

/** A list's manifest (search/<collection>/index.json): its index, and the names of its query files. */
export interface SearchManifest extends IndexManifest {
  readonly version: 2;
  readonly files: QueryFiles;
}

export interface SearchIndex {
  readonly manifest: IndexManifest;
  /** The text of each term file, in manifest order. */
  readonly termFiles: readonly string[];
}

/** Where a stem-equal term is looked for: among terms starting with all of the stem but its last letter. */
export const stemPrefix = (stemmed: string) => stemmed.slice(0, -1);
/** Stems this short are too vague to match by; their words still match as prefixes. */
export const MIN_STEM = 3;

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
  constructor(private readonly stemOf: (word: string) => string = stem) {}

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

  /** The next record's terms. */
  add(terms: readonly string[]): void {
    for (const term of terms) this.push(this.idOf(term));
    this.recordEnds.push(this.used);
  }

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

  finish(termFileChars = TERM_FILE_CHARS): SearchIndex {
    const { starts, positions } = this.postings();
    const firstTerms: string[] = [];
    const files: string[] = [];
    let file = "";
    for (const term of [...this.terms].sort()) {
      const id = this.ids.get(term)!;
      if (file === "") firstTerms.push(term);
      file += `${term} ${encodePostings(positions.subarray(starts[id], starts[id + 1]))}\n`;
      if (file.length >= termFileChars) {
        files.push(file);
        file = "";
      }
    }
    if (file !== "") files.push(file);
    const manifest: IndexManifest = {
      records: this.recordEnds.length,
      recordsPerFile: RECORDS_PER_FILE,
      termFiles: firstTerms,
      stemAliases: this.stemAliases(),
    };
    return { manifest, termFiles: files };
  }

  /** In term order: each stem's terms sorted, stems by their first term. */
  private stemAliases(): Record<string, string[]> {
    const byStem = [...this.aliases].map(([stemmed, terms]) => [stemmed, [...terms].sort()] as const);
    byStem.sort(([, a], [, b]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return Object.fromEntries(byStem);
  }
}
