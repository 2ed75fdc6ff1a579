import { jsonLosses, MAX_NESTING, type JsonPath } from "./json-losses.ts";

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

/** An error at `pointer` in `file` ("" for the whole file: it cannot be read, is not JSON, is in no known collection, …). */
export const problem = (file: string, pointer: string, expected: string, found: string): Problem => ({
  file,
  pointer,
  severity: "error",
  expected,
  found,
});

/** A warning of a kind, at `pointer` in `file`. */
export const warning = (kind: WarningKind, file: string, pointer: string, expected: string, found: string): Problem => ({
  file,
  pointer,
  severity: "warning",
  kind,
  expected,
  found,
});

/** A JSON path as a JSON pointer: ["fields", "/title"] → "/fields/~1title". */
export const jsonPointer = (path: JsonPath) => path.map((segment) => `/${pointerSegment(segment)}`).join("");

/**
 * A file's text as JSON, with a problem for each thing JSON.parse lost of it
 * and the path to where it nests too deep, if it does (json-losses.ts); or the
 * problem that it is not JSON, with the line and column where it breaks.
 */
export function parseJson(source: {
  readonly file: string;
  readonly text: string;
}): { value: unknown; problems: Problem[]; tooDeep?: JsonPath } | { problem: Problem } {
  let value: unknown;
  try {
    value = JSON.parse(source.text);
  } catch (error) {
    const message = (error as Error).message;
    const at = Number(message.match(/position (\d+)/)?.[1]);
    const where = Number.isFinite(at) ? ` at ${lineColumn(source.text, at)}` : "";
    const found = `invalid JSON${where}: ${message.replace(/ in JSON at position \d+.*$/s, "")}`;
    return { problem: problem(source.file, "", "a JSON document", found) };
  }
  // Errors, not warnings: what the editor wrote would vanish from the published resource without a word.
  const lost = jsonLosses(source.text);
  const twice = lost.duplicateKeys.map(({ path, at, firstAt }) =>
    problem(
      source.file,
      jsonPointer(path),
      "each key once in its object (JSON keeps only the last value of a key written twice)",
      `the key ${JSON.stringify(path.at(-1))} a second time, at ${lineColumn(source.text, at)} (first at ${lineColumn(source.text, firstAt)})`,
    ),
  );
  const tooLarge = lost.tooLarge.map((path) =>
    problem(
      source.file,
      jsonPointer(path),
      "a number between about -1.8e308 and 1.8e308 (what JSON readers hold)",
      "a number beyond them, read as Infinity",
    ),
  );
  return { value, problems: [...twice, ...tooLarge], tooDeep: lost.tooDeep };
}

/** The problem of a record nested deeper than MAX_NESTING (json-losses.ts), at the first such place `path`. */
export function nestingProblem(file: string, record: unknown, path: JsonPath): Problem {
  const value = path.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | undefined)?.[key], record);
  const expected = `arrays and objects nested at most ${MAX_NESTING} deep in the record`;
  return problem(file, jsonPointer(path), expected, `${describeValue(value)} nested ${path.length} deep`);
}

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `line ${line}, column ${column}`;
}

function formatProblem(p: Problem): string {
  const where = p.pointer === "" ? "(whole file)" : p.pointer;
  return `${p.file}  ${where}\n    expected: ${p.expected}\n    found:    ${p.found}`;
}

/** Every problem in full, errors first: what `npm run validate` lists. */
export function formatProblems(problems: readonly Problem[]): string {
  const errors = problems.filter((p) => p.severity === "error");
  const warnings = problems.filter((p) => p.severity === "warning");
  const parts: string[] = [];
  if (errors.length) parts.push(errorsInFull(errors));
  if (warnings.length) parts.push(`${warnings.length} warning(s):\n\n${warnings.map(formatProblem).join("\n\n")}`);
  return parts.join("\n\n");
}

/** What a build's log says of the problems: every error in full, the warnings in proportion (warningSummary). */
export function formatProblemsForLog(problems: readonly Problem[]): string {
  const errors = problems.filter((p) => p.severity === "error");
  const warnings = warningSummary(problems);
  return [...(errors.length ? [errorsInFull(errors)] : []), ...(warnings.length ? [warnings.join("\n")] : [])].join("\n\n");
}

const errorsInFull = (errors: readonly Problem[]) =>
  `${errors.length} error(s) in the content:\n\n${errors.map(formatProblem).join("\n\n")}`;

/**
 * How a log counts each kind of warning (singular, plural), in the order it
 * lists them: first what readers see changed (a translation showing its
 * source text, a link leading nowhere), then what is only not published or
 * not written yet.
 */
const WARNING_KINDS: Record<WarningKind, { readonly one: string; readonly many: string }> = {
  "stale-translation": { one: "stale translation", many: "stale translations" },
  "missing-lesson": { one: "link to a missing lesson", many: "links to missing lessons" },
  "unpublished-translation": { one: "unpublished translation", many: "unpublished translations" },
  "unfilled-field": { one: "field left empty", many: "fields left empty" },
};

/** A log shows this many warnings of each kind in full: enough to see what to fix, where thousands would bury the rest. */
export const SHOWN_PER_KIND = 3;

/**
 * Warnings in proportion, for a log: "132 warnings: 1 stale translation,
 * 128 fields left empty, … (npm run validate lists each one)", then the
 * first few of each kind in full, and how many more of it there are.
 */
export function warningSummary(problems: readonly Problem[]): string[] {
  const byKind = new Map<WarningKind, Problem[]>(Object.keys(WARNING_KINDS).map((kind) => [kind as WarningKind, []]));
  for (const p of problems) if (p.severity === "warning") byKind.get(p.kind)!.push(p);
  const kinds = [...byKind].filter(([, found]) => found.length > 0);
  const total = kinds.reduce((n, [, found]) => n + found.length, 0);
  if (!total) return [];
  const named = (kind: WarningKind, n: number) => (n === 1 ? WARNING_KINDS[kind].one : WARNING_KINDS[kind].many);
  const counts = kinds.map(([kind, found]) => `${found.length} ${named(kind, found.length)}`);
  return [
    `${total} warning${total === 1 ? "" : "s"}: ${counts.join(", ")} (npm run validate lists each one)`,
    ...kinds.flatMap(([kind, found]) => {
      const more = found.length - SHOWN_PER_KIND;
      return [...found.slice(0, SHOWN_PER_KIND).map(formatProblem), ...(more > 0 ? [`… and ${more} more ${named(kind, more)}`] : [])];
    }),
  ];
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
