/**
 * Posting lists (which records hold a term) as short text: ascending record
 * positions as gaps, each gap written as a base64 variable-length number
 * (5 bits per character plus a continuation bit, as in source maps). A term
 * found in every record is a run of "A"s, which gzip all but erases.
 */
const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const VALUE = new Int8Array(128);
for (let i = 0; i < DIGITS.length; i++) VALUE[DIGITS.charCodeAt(i)] = i;

/** ASCII codes of DIGITS: a list is encoded as bytes and decoded once. */
const CODES = Uint8Array.from(DIGITS, (c) => c.charCodeAt(0));
/** The digits are ASCII, which UTF-8 decodes as it is (and every TextDecoder has UTF-8). */
const ascii = new TextDecoder();
/** Reused between calls, grown as needed (a gap takes at most 7 digits). */
let scratch = new Uint8Array(0);

/**
 * The text of a posting list (positions ascending). Written as bytes and
 * decoded once: adding a character at a time to a string built a rope of
 * one-character pieces, ten times slower on lists thousands long.
 */
export function encodePostings(positions: ArrayLike<number>): string {
  if (scratch.length < 7 * positions.length) scratch = new Uint8Array(Math.max(2 * scratch.length, 7 * positions.length));
  let length = 0;
  let previous = -1;
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i];
    let gap = position - previous - 1;
    previous = position;
    do {
      const low = gap & 31;
      gap >>>= 5;
      scratch[length++] = CODES[gap > 0 ? low | 32 : low];
    } while (gap > 0);
  }
  return ascii.decode(scratch.subarray(0, length));
}

/** Calls `found` with each position of an encoded list, in ascending order. */
export function decodePostings(text: string, found: (position: number) => void): void {
  let position = -1;
  let gap = 0;
  let shift = 0;
  for (let i = 0; i < text.length; i++) {
    const digit = VALUE[text.charCodeAt(i)];
    gap |= (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      position += gap + 1;
      found(position);
      gap = 0;
      shift = 0;
    }
  }
}
