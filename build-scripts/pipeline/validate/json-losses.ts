/**
 * What JSON.parse loses of a JSON text without a word: the earlier value of
 * a key written twice in one object (the last one wins), and a number too
 * large for a double (read as Infinity, which JSON.stringify writes as null);
 * and where a record nests deeper than the build can walk.
 */

/**
 * How deep arrays and objects may nest in a record. The renderers, the search
 * and the hand-over to the render threads walk a value by recursion, and a
 * value nested a few thousand deep overflows the stack: a build would stop
 * naming no file. The limit is far above any real record (the deepest in
 * content/ nests 3) and far below where anything overflows.
 */
export const MAX_NESTING = 100;

/** A path into a JSON value: keys and indexes (problems.ts makes a JSON pointer of it). */
export type JsonPath = readonly (string | number)[];

export interface JsonLosses {
  /** Each key met again in its object, and where it stands in the text (both times). */
  readonly duplicateKeys: readonly { readonly path: JsonPath; readonly at: number; readonly firstAt: number }[];
  /** Each number that is not finite once read. */
  readonly tooLarge: readonly JsonPath[];
  /** The path to the first array or object nested deeper than MAX_NESTING, if any. */
  readonly tooDeep?: JsonPath;
}

interface Frame {
  /** An object's keys and where each stands; undefined in an array. */
  readonly keys?: Map<string, number>;
  /** The object's current key, or the array's current index. */
  at: string | number;
  /** In an object: the next string is a key (after "{" or ","). */
  keyNext: boolean;
}

/**
 * What JSON.parse lost of `text` (well-formed JSON: JSON.parse has read it).
 * One loop over character codes that jumps over each string with indexOf and
 * makes no token, since a build reads every record; a stack, not recursion,
 * since a record may be nested deeper than the call stack goes.
 */
export function jsonLosses(text: string): JsonLosses {
  const duplicateKeys: { path: JsonPath; at: number; firstAt: number }[] = [];
  const tooLarge: JsonPath[] = [];
  let tooDeep: JsonPath | undefined;
  const stack: Frame[] = [];
  let top: Frame | undefined;
  const path = () => stack.map((frame) => frame.at);
  // The first backslash after the current key, found again only once passed: an indexOf from
  // each key would scan on to the end of a text that has none, once per key.
  let backslash = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = stringEnd(text, i);
      if (top?.keys && top.keyNext) {
        if (backslash < i) {
          backslash = text.indexOf("\\", i + 1);
          if (backslash === -1) backslash = text.length; // none left: never searched again
        }
        const key = backslash < end ? (JSON.parse(text.slice(i, end + 1)) as string) : text.slice(i + 1, end);
        top.keyNext = false;
        top.at = key;
        const firstAt = top.keys.get(key);
        if (firstAt === undefined) top.keys.set(key, i);
        else duplicateKeys.push({ path: path(), at: i, firstAt });
      }
      i = end;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      // The stack holds what encloses this value: its depth, and its path's length.
      if (stack.length > MAX_NESTING) tooDeep ??= path();
      top = code === OPEN_BRACE ? { keys: new Map(), at: "", keyNext: true } : { at: 0, keyNext: false };
      stack.push(top);
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      stack.pop();
      top = stack.at(-1);
    } else if (code === COMMA) {
      if (top!.keys) top!.keyNext = true;
      else top!.at = (top!.at as number) + 1;
    } else if (code === MINUS || (code >= ZERO && code <= NINE)) {
      let end = i + 1;
      while (end < text.length && isNumberPart(text.charCodeAt(end))) end++;
      if (!Number.isFinite(Number(text.slice(i, end)))) tooLarge.push(path());
      i = end - 1;
    }
  }
  return { duplicateKeys, tooLarge, tooDeep };
}

const [QUOTE, BACKSLASH, COMMA, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET, MINUS, PLUS, DOT, ZERO, NINE] = [
  ...'"\\,{}[]-+.09',
].map((c) => c.charCodeAt(0));

/** A digit, sign, point or exponent: what follows the first character of a JSON number. */
const isNumberPart = (code: number) =>
  (code >= ZERO && code <= NINE) || code === DOT || code === MINUS || code === PLUS || (code | 0x20) === 0x65; // e or E

/** The index of the quote that ends the string opened at `start` (one preceded by an even run of backslashes). */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (escaped(text, end)) end = text.indexOf('"', end + 1);
  return end;
}

function escaped(text: string, at: number): boolean {
  let backslashes = 0;
  while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
  return backslashes % 2 === 1;
}
