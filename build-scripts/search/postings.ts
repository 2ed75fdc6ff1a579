/**
 * Posting lists (which records hold a term) as short text: ascending record
 * positions as gaps, each gap written as a base64 variable-length number
 * (5 bits per character plus a continuation bit, as in source maps). A term
 * found in every record is a run of "A"s, which gzip all but erases.
 */
const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const VALUE = new Int8Array(128);
for (let i = 0; i < DIGITS.length; i++) VALUE[DIGITS.charCodeAt(i)] = i;

export function encodePostings(positions: ArrayLike<number>): string {
  let out = "";
  let previous = -1;
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i];
    let gap = position - previous - 1;
    previous = position;
    do {
      const low = gap & 31;
      gap >>>= 5;
      out += DIGITS[gap > 0 ? low | 32 : low];
    } while (gap > 0);
  }
  return out;
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
