/**
 * How deep arrays and objects may nest in a record. The renderers, the search
 * and the hand-over to the render threads walk a value by recursion, and a
 * value nested a few thousand deep overflows the stack: a build would stop
 * naming no file. The limit is far above any real record (the deepest in
 * content/ nests 3) and far below where anything overflows.
 */
import { describeValue, pointerSegment, type Problem } from "./problems.ts";

export const MAX_NESTING = 100;

/** The path to the first array or object nested deeper than MAX_NESTING, or undefined; recursion ends at the limit. */
function tooDeep(value: unknown, depth: number): string[] | undefined {
  if (value === null || typeof value !== "object") return undefined;
  if (depth > MAX_NESTING) return [];
  for (const key in value) {
    const below = tooDeep((value as Record<string, unknown>)[key], depth + 1);
    if (below) return [key, ...below];
  }
  return undefined;
}

/** The problem of a record nested too deep (one, at its first such place). */
export function nestingProblems(file: string, record: unknown): Problem[] {
  const path = tooDeep(record, 0);
  if (!path) return [];
  const value = path.reduce<unknown>((v, key) => (v as Record<string, unknown>)[key], record);
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
