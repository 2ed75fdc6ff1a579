/**
 * A problem found in the content: which file, where in it (a JSON pointer),
 * what was expected and what was found. Every check reports these, never throws,
 * so one run lists every problem.
 */
export type Problem = {
  readonly file: string;
  /** JSON pointer into the record ("" = the whole file). */
  readonly pointer: string;
  readonly expected: string;
  readonly found: string;
} & (
  | { readonly severity: "error" }
  /** Warnings are reported but do not stop the build; the build's summary counts them by kind. */
  | { readonly severity: "warning"; readonly kind: WarningKind }
);

export type WarningKind = "stale-translation" | "missing-lesson" | "unpublished-translation" | "unfilled-field";

/** A problem with a whole file: it cannot be read, is not JSON, is in no known collection, … */
export function fileProblem(file: string, expected: string, found: string): Problem {
  return { file, pointer: "", severity: "error", expected, found };
}

/** A file's text as JSON, or the problem that it is not, with the line and column where it breaks. */
export function parseJson(source: { readonly file: string; readonly text: string }): { value: unknown } | { problem: Problem } {
  try {
    return { value: JSON.parse(source.text) };
  } catch (error) {
    const message = (error as Error).message;
    const at = Number(message.match(/position (\d+)/)?.[1]);
    const where = Number.isFinite(at) ? ` at ${lineColumn(source.text, at)}` : "";
    const found = `invalid JSON${where}: ${message.replace(/ in JSON at position \d+.*$/s, "")}`;
    return { problem: fileProblem(source.file, "a JSON document", found) };
  }
}

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `line ${line}, column ${column}`;
}

export function formatProblem(p: Problem): string {
  const where = p.pointer === "" ? "(whole file)" : p.pointer;
  return `${p.file}  ${where}\n    expected: ${p.expected}\n    found:    ${p.found}`;
}

export function formatProblems(problems: readonly Problem[]): string {
  const errors = problems.filter((p) => p.severity === "error");
  const warnings = problems.filter((p) => p.severity === "warning");
  const parts: string[] = [];
  if (errors.length) parts.push(`${errors.length} error(s) in the content:\n\n${errors.map(formatProblem).join("\n\n")}`);
  if (warnings.length) parts.push(`${warnings.length} warning(s):\n\n${warnings.map(formatProblem).join("\n\n")}`);
  return parts.join("\n\n");
}

/** A short, safe rendering of a found value for a message. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing (the field is missing)";
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of ${value.length} item(s)`;
  if (typeof value === "object") return "an object";
  const shown = JSON.stringify(value);
  const cut = shown.length > 80 ? `${shown.slice(0, 77)}…` : shown;
  return `${typeof value} ${cut}`;
}

/** RFC 6901: escape one segment of a JSON pointer. */
export const pointerSegment = (key: string | number) => String(key).replace(/~/g, "~0").replace(/\//g, "~1");
