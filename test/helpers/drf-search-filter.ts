/**
 * Django REST Framework's SearchFilter rule, small, to compare our search
 * with: the search value is split into terms on whitespace and commas; a
 * record matches when every term occurs (case-insensitively, as `icontains`)
 * in at least one search field.
 *
 * `drfMatchesWherePromised` keeps the occurrences our search promises to
 * find too (docs/search.md): case and accents ignored; a term of three
 * letters or digits or more of spaced scripts (Latin, Arabic, Korean,
 * Cyrillic…) anywhere; another that begins with such a letter or digit where
 * a word starts (not after such a letter or digit); one that begins with a
 * symbol or a character of a script written without spaces (Chinese,
 * Japanese, Thai…) anywhere.
 */
const WORD_CHAR = /[\p{L}\p{N}]/u;
/** Symbols, and the letters of scripts written without spaces; ー belongs to every script, but lives in kana words. */
const ANYWHERE = /[\p{S}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\u30fc]/u;
/** Three letters or digits or more, none of them ANYWHERE's: found inside words too. */
const FRAGMENT = /^[\p{L}\p{N}]{3,}$/u;

export const drfTerms = (search: string) =>
  search
    .replaceAll("\u0000", "")
    .split(/[\s,]+/)
    .filter((t) => t !== "");

/** Lower case, accents (combining marks) dropped. */
export const foldCase = (text: string) => text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

/** The character (code point) that ends just before `at`. */
const charBefore = (text: string, at: number) =>
  String.fromCodePoint(text.codePointAt(at - 1 - Number(/[\udc00-\udfff]/.test(text[at - 1])))!);

function occursWherePromised(text: string, term: string): boolean {
  const haystack = foldCase(text);
  const needle = foldCase(term);
  if (needle === "") return false;
  const first = String.fromCodePoint(needle.codePointAt(0)!);
  if (ANYWHERE.test(first) || (FRAGMENT.test(needle) && !ANYWHERE.test(needle))) return haystack.includes(needle);
  if (!WORD_CHAR.test(first)) return false;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = at === 0 ? "" : charBefore(haystack, at);
    if (!WORD_CHAR.test(before) || ANYWHERE.test(before)) return true;
  }
  return false;
}

/** Does a record (its search fields' texts) match every term where our search promises to find it? */
export const drfMatchesWherePromised = (fieldTexts: readonly string[], search: string) =>
  drfTerms(search).every((term) => fieldTexts.some((text) => occursWherePromised(text, term)));

/** Does a record match every term at all, as DRF's `icontains` (case-insensitive only)? */
export const drfMatches = (fieldTexts: readonly string[], search: string) =>
  drfTerms(search).every((term) => fieldTexts.some((text) => text.toLowerCase().includes(term.toLowerCase())));
