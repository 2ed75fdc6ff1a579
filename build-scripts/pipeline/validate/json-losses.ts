/**
 * What JSON.parse loses of a JSON text without a word: the earlier value of
 * a key written twice in one object (the last one wins), and a number too
 * large for a double (read as Infinity, which JSON.stringify writes as null).
 */

/** A path into a JSON value: keys and indexes (problems.ts makes a JSON pointer of it). */
export type JsonPath = readonly (string | number)[];

/** A key met again: the path to it (keys and indexes), and where it stands in the text (both times). */
export interface DuplicateKey {
  readonly path: JsonPath;
  readonly at: number;
  readonly firstAt: number;
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
 * Every key of `text` (well-formed JSON: JSON.parse has read it) that its
 * object already has. A loop over character codes that jumps over each
 * string with indexOf, since a build reads every record: no token is made.
 */
export function duplicateKeys(text: string): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = stringEnd(text, i);
      const top = stack.at(-1);
      if (top?.keys && top.keyNext) {
        const written = text.slice(i, end + 1);
        const key = written.includes("\\") ? (JSON.parse(written) as string) : written.slice(1, -1);
        top.keyNext = false;
        top.at = key;
        const firstAt = top.keys.get(key);
        if (firstAt === undefined) top.keys.set(key, i);
        else found.push({ path: stack.map((frame) => frame.at), at: i, firstAt });
      }
      i = end;
    } else if (code === OPEN_BRACE) stack.push({ keys: new Map(), at: "", keyNext: true });
    else if (code === OPEN_BRACKET) stack.push({ at: 0, keyNext: false });
    else if (code === COMMA) {
      const top = stack.at(-1)!;
      if (top.keys) top.keyNext = true;
      else top.at = (top.at as number) + 1;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) stack.pop();
  }
  return found;
}

const [QUOTE, BACKSLASH, COMMA, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET] = [...'"\\,{}[]'].map((c) => c.charCodeAt(0));

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

/** The paths of the numbers that are not finite (only a number too large for a double, in parsed JSON). */
export function nonFiniteNumbers(root: unknown): JsonPath[] {
  const found: JsonPath[] = [];
  // A stack, not recursion: a record may be nested deeper than the call stack goes. Each
  // place links to its parent, and a path is spelled out only for a number found.
  const stack: Place[] = [{ value: root }];
  for (let place = stack.pop(); place; place = stack.pop()) {
    const { value } = place;
    if (typeof value === "number") {
      if (!Number.isFinite(value)) found.push(pathOf(place));
    } else if (typeof value === "object" && value !== null) {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const item = (value as Record<string, unknown>)[keys[i]];
        if (typeof item === "number" || (typeof item === "object" && item !== null)) {
          stack.push({ value: item, parent: place, key: Array.isArray(value) ? i : keys[i] });
        }
      }
    }
  }
  return found;
}

interface Place {
  readonly value: unknown;
  readonly parent?: Place;
  readonly key?: string | number;
}

function pathOf(place: Place): JsonPath {
  const path: (string | number)[] = [];
  for (let at: Place | undefined = place; at?.parent; at = at.parent) path.push(at.key!);
  return path.reverse();
}
