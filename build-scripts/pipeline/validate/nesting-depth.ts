/**
 * How deep arrays and objects may nest in a record. The renderers, the search
 * and the hand-over to the render threads walk a value by recursion, and a
 * value nested a few thousand deep overflows the stack: a build would stop
 * naming no file. The limit is far above any real record (the deepest in
 * content/ nests 3) and far below where anything overflows.
 */
import { describeValue, pointerSegment, type Problem } from "./problems.ts";

export const MAX_NESTING = 100;

/**
 * The path to the first array or object nested deeper than MAX_NESTING, or
 * undefined; recursion ends at the limit. Arrays by index: for…in over an
 * array enumerates its indexes as strings, twice the cost of the check.
 */
function tooDeep(value: object, depth: number): (string | number)[] | undefined {
  if (depth > MAX_NESTING) return [];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      const path = typeof child === "object" && child !== null ? tooDeep(child, depth + 1) : undefined;
      if (path) return [i, ...path];
    }
    return undefined;
  }
  for (const key in value) {
    const child = (value as Record<string, unknown>)[key];
    const path = typeof child === "object" && child !== null ? tooDeep(child, depth + 1) : undefined;
    if (path) return [key, ...path];
  }
  return undefined;
}

/** The problem of a record nested too deep (one, at its first such place). */
export function nestingProblems(file: string, record: unknown): Problem[] {
  const path = typeof record === "object" && record !== null ? tooDeep(record, 0) : undefined;
  if (!path) return [];
  const value = path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], record);
  return [
    {
      file,
      pointer: path
        .map(pointerSegment)
        .map((s) => `/${s}`)
        .join(""),
      severity: "error",
      expected: `arrays and objects nested at most ${MAX_NESTING} deep in the record`,
      found: `${describeValue(value)} nested ${path.length} deep`,
    },
  ];
}
