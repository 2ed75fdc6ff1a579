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
 * "volcano"; and each run of symbols alone, so "🌋" finds "🌋Eruption".
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

export function fold(text: string): string {
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
const SYMBOLS = /\p{S}+/gu;
const trim = (word: string) => word.replace(EDGE_NON_WORD, "");

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

function tokens(text: string): string[] {
  const out: string[] = [];
  forEachWord(text, (word) => out.push(word));
  return out;
}

/** Where terms are collected: a Set, or the build's numbering of them (render-worker.ts). */
export interface TermSink {
  add(term: string): unknown;
}

/** Add to `terms` every term a text is found by: its tokens and their inner words. */
export function addIndexTerms(text: string, terms: TermSink): void {
  forEachWord(text, (word, plain) => {
    terms.add(word);
    if (plain) return;
    for (const piece of word.split(NON_WORD)) if (piece !== "") terms.add(piece);
    for (const [symbols] of word.matchAll(SYMBOLS)) terms.add(symbols);
    for (let i = 1; i < word.length; i++) {
      if (WORD_CHAR.test(word[i]) && !WORD_CHAR.test(word[i - 1])) {
        const inner = trim(word.slice(i));
        if (inner !== "") terms.add(inner);
      }
    }
  });
}

/** The source language's stemmer and stop words (Lunr's English); other languages' are in languages.ts. */
export const stem = (word: string) => lunr.stemmer(new lunr.Token(word, {})).toString();

export const isStopWord = (word: string) => lunr.stopWordFilter(new lunr.Token(word, {})) === undefined;

/** One word a record must match: as a prefix of one of its terms, or by the same stem. */
export interface QueryTerm {
  readonly text: string;
  readonly stem: string;
}

/**
 * The words of a `search` value (separated by spaces or commas) as query
 * terms; stop words are left out, so a query of only stop words matches all.
 */
export function parseQuery(search: string, rules: WordRules): QueryTerm[] {
  const seen = new Map<string, QueryTerm>();
  for (const word of search.split(QUERY_SEPARATOR)) {
    for (const token of tokens(word)) {
      if (!rules.isStopWord(token) && !seen.has(token)) seen.set(token, { text: token, stem: rules.stem(token) });
    }
  }
  return [...seen.values()];
}
