/**
 * Django REST Framework's SearchFilter rule, small, to compare our search
 * with: the search value is split into terms on whitespace and commas; a
 * record matches when every term occurs (case-insensitively, as `icontains`)
 * in at least one search field. `atWordStart` keeps only occurrences that
 * begin a word (a letter or digit not preceded by one), the ones our search
 * promises to find too.
 */
const WORD_CHAR = /[\p{L}\p{N}]/u;

export const drfTerms = (search: string) =>
  search
    .replaceAll("\u0000", "")
    .split(/[\s,]+/)
    .filter((t) => t !== "");

function occursAtWordStart(text: string, term: string): boolean {
  const haystack = text.toLowerCase();
  const needle = term.toLowerCase();
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    if (WORD_CHAR.test(haystack[at]) && (at === 0 || !WORD_CHAR.test(haystack[at - 1]))) return true;
  }
  return false;
}

/** Does a record (its search fields' texts) match every term at a word start? */
export const drfMatchesAtWordStart = (fieldTexts: readonly string[], search: string) =>
  drfTerms(search).every((term) => fieldTexts.some((text) => occursAtWordStart(text, term)));
