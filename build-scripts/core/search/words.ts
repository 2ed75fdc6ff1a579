/**
 * Words, the Lunr way: text and queries go through the same steps so that a
 * query word and the text it should find meet as the same string.
 *
 *   fold       lower case, accents dropped (café → cafe, Ørsted → orsted)
 *   tokenizer  Lunr's: split on whitespace and hyphens
 *   trimmer    Lunr's rule, non-word characters off both ends, over Unicode
 *              letters, digits and symbols (Lunr's own uses ASCII \W and would
 *              trim "富士山" to nothing); punctuation alone is no word
 *   stop words Lunr's list: query words such as "the" or "of" narrow nothing
 *   stemmer    Lunr's Porter stemmer: "volcanoes" and "volcano" share a stem
 *
 * Text also yields its inner words: every part of a token that starts after a
 * non-word character ("s" in "u.s", "floor" in "ocean—floor"), so a query
 * word finds text wherever a word starts, as Django's substring match would;
 * and each run of letters and digits alone, so "volcano’s" has the stem of
 * "volcano".
 *
 * Characters of scripts written without spaces (Chinese, Japanese, Thai…) and
 * symbols (emoji, currency, ©…) are found anywhere, as Django's substring
 * match finds them: each is a term, and so is each pair of neighbours (Lucene's
 * CJK bigrams); a query's run of them is its pairs, all of which must match
 * (its one character, when alone). See docs/search.md#terms.
 */
import lunr from "lunr";
import type { WordRules } from "./languages.ts";

/** Letters that Unicode decomposition leaves whole, spelled as in ASCII. */
const LETTERS: Readonly<Record<string, string>> = { ø: "o", æ: "ae", œ: "oe", ß: "ss", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };
const MARKS = /\p{M}+/gu;
const OTHER_LETTERS = /[øæœßłđðþı]/g;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const NON_WORD = /[^\p{L}\p{N}]+/u;
const QUERY_SEPARATOR = /[\s,]+/;

const ASCII = /^[\0-\x7f]*$/;
/** A token that is one plain word: nothing to trim, no inner words (most tokens; the fast path). */
const PLAIN_WORD = /^[a-z0-9]+$/;

function fold(text: string): string {
  const lower = text.toLowerCase();
  // ASCII has no accents to drop (and normalizing costs much of indexing's time).
  return ASCII.test(lower)
    ? lower
    : lower
        .normalize("NFD")
        .replace(MARKS, "")
        .replace(OTHER_LETTERS, (c) => LETTERS[c]);
}

// Symbols (emoji, currency, ©…) are kept as words, as DRF's substring match would find them.
const EDGE_NON_WORD = /^[^\p{L}\p{N}\p{S}]+|[^\p{L}\p{N}\p{S}]+$/gu;
const trim = (word: string) => word.replace(EDGE_NON_WORD, "");

/**
 * A character that is a word of its own (see the header): a symbol, or a
 * letter of a script written without spaces. ー (and its half-width form) and
 * the half-width sound marks belong to every script, but live in kana words.
 */
const CHARWISE = /[\p{S}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\u30fc\uff70\uff9e\uff9f]/u;
/** A word's runs of such characters, and the text between them (split's odd and even parts). */
const CHARWISE_RUNS = new RegExp(`(${CHARWISE.source}+)`, "u");

/**
 * Each of Lunr's tokens of a text, folded and trimmed, empty ones dropped,
 * with whether it is one plain word. Splitting on Lunr's own separator gives
 * what lunr.tokenizer gives, without a Token object per word.
 */
function forEachWord(text: string, visit: (word: string, plain: boolean) => void): void {
  for (const token of fold(text).split(lunr.tokenizer.separator)) {
    if (PLAIN_WORD.test(token)) {
      visit(token, true);
      continue;
    }
    const word = trim(token);
    if (word !== "") visit(word, PLAIN_WORD.test(word)); // "word," or "(word)" is plain once trimmed
  }
}

/** Where terms are collected: a Set, or the build's numbering of them (render-worker.ts). */
export interface TermSink {
  add(term: string): unknown;
}

/** A word without characters that are words of their own: itself and its inner words. */
function addWordTerms(word: string, terms: TermSink): void {
  terms.add(word);
  if (PLAIN_WORD.test(word)) return;
  for (const piece of word.split(NON_WORD)) if (piece !== "") terms.add(piece);
  for (let i = 1; i < word.length; i++) {
    if (WORD_CHAR.test(word[i]) && !WORD_CHAR.test(word[i - 1])) {
      const inner = trim(word.slice(i));
      if (inner !== "") terms.add(inner);
    }
  }
}

/**
 * What a word holding characters that are words of their own is found by,
 * in order: for each run of such characters its grams (each character, or
 * each pair of neighbours: `grams`), with the pair across its end where a
 * letter or digit follows; for the text between runs, what a word is found by
 * (`words`), that text taken up to and including the next run's first
 * character where they touch, so "2024年" stays one word that "2024" begins.
 * The index and a query read a word through this one function, so that they
 * cut it alike.
 */
function forEachPart(word: string, grams: (run: string[]) => void, pair: (gram: string) => void, words: (text: string) => void): void {
  const parts = word.split(CHARWISE_RUNS);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (i % 2 === 1) {
      const run = Array.from(part);
      grams(run);
      const next = parts[i + 1];
      if (next !== undefined && WORD_CHAR.test(next[0] ?? "")) pair(run[run.length - 1] + String.fromCodePoint(next.codePointAt(0)!));
      continue;
    }
    const following = parts[i + 1];
    const touching = following !== undefined && part !== "" && WORD_CHAR.test(part[part.length - 1]);
    const text = trim(touching ? part + String.fromCodePoint(following.codePointAt(0)!) : part);
    if (text !== "") words(text);
  }
}

/** Add to `terms` every term a text is found by: its tokens, their inner words, and the grams of charwise runs. */
export function addIndexTerms(text: string, terms: TermSink): void {
  forEachWord(text, (word, plain) => {
    if (plain) terms.add(word);
    else if (!CHARWISE.test(word)) addWordTerms(word, terms);
    else
      forEachPart(
        word,
        (run) => {
          for (let i = 0; i < run.length; i++) {
            terms.add(run[i]);
            if (i > 0) terms.add(run[i - 1] + run[i]);
          }
        },
        (gram) => terms.add(gram),
        (inner) => addWordTerms(inner, terms),
      );
  });
}

/** What a record must hold for one part of a query: a term begun by a word (or of the same stem), or one gram exactly. */
export type QueryTerm = WordTerm | GramTerm;

/** A word: found as the start of a term, or by the same stem. */
export interface WordTerm {
  readonly kind: "word";
  readonly text: string;
  readonly stem: string;
}

/** A character, or pair of characters, of a charwise run: found as that term exactly. */
export interface GramTerm {
  readonly kind: "gram";
  readonly text: string;
}

/**
 * The words of a `search` value (separated by spaces or commas) as query
 * terms; stop words are left out, so a query of only stop words matches all.
 * A run of charwise characters asks for each pair of neighbours (or its one
 * character): the pairs of a run of three or more may be found apart in a
 * record, so such a run can match a record that holds its pairs but not the
 * run (docs/search.md#terms).
 */
export function parseQuery(search: string, rules: WordRules): QueryTerm[] {
  const seen = new Map<string, QueryTerm>();
  const gram = (text: string) => seen.set(`gram ${text}`, { kind: "gram", text });
  const word = (text: string) => {
    if (!rules.isStopWord(text) && !seen.has(text)) seen.set(text, { kind: "word", text, stem: rules.stem(text) });
  };
  for (const part of search.split(QUERY_SEPARATOR)) {
    forEachWord(part, (token, plain) => {
      if (plain || !CHARWISE.test(token)) word(token);
      else forEachPart(token, (run) => (run.length === 1 ? gram(run[0]) : run.slice(1).forEach((c, i) => gram(run[i] + c))), gram, word);
    });
  }
  return [...seen.values()];
}
