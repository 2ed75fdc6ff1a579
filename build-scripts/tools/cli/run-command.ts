/**
 * How every command ends on an error: a message for people (for content
 * errors, the list of problems) and exit code 1, never a stack trace; with
 * env DEBUG=1 the stack follows the message.
 */
import { ContentError } from "../../pipeline/prepare.ts";

/** An error whose message says all a person needs (a usage mistake, a missing file): no "DEBUG=1" hint. */
export class CommandError extends Error {
  override name = "CommandError";
}

export interface CommandOptions {
  /** Said after any error, e.g. that the previous output is unchanged. */
  readonly onError?: string;
}

/**
 * Runs a command's main function. An error it throws, or one thrown later in
 * a callback of the command, is reported and the exit code set to 1.
 */
export async function runCommand(main: () => unknown, options: CommandOptions = {}): Promise<void> {
  reportUncaughtErrors(options);
  try {
    await main();
  } catch (error) {
    failCommand(error, options);
  }
}

/** Reports an error that ends the command, and sets exit code 1 (the process ends once nothing is left to do). */
export function failCommand(error: unknown, options: CommandOptions = {}): void {
  console.error(describeFailure(error, options.onError));
  process.exitCode = 1;
}

/**
 * Reports errors thrown outside the command's own handling (a callback, a
 * top-level statement) and ends the process: its state is then unknown.
 */
export function reportUncaughtErrors(options: CommandOptions = {}): void {
  const stop = (error: unknown) => {
    failCommand(error, options);
    process.exit(1);
  };
  process.on("uncaughtException", stop);
  process.on("unhandledRejection", stop);
}

/** node:util's parseArgs says what was wrong with the command line. */
const isUsageError = (error: unknown) => String((error as { code?: unknown } | undefined)?.code).startsWith("ERR_PARSE_ARGS");

/** The message for people: the error's own, its causes', and the stacks only with DEBUG=1. */
export function describeFailure(error: unknown, onError?: string, env: NodeJS.ProcessEnv = process.env): string {
  const debug = env.DEBUG === "1";
  const lines: string[] = [];
  const seen = new Set<unknown>();
  for (let e: unknown = error; e !== undefined && e !== null && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    if (!(e instanceof Error)) {
      lines.push(String(e));
      break;
    }
    lines.push(lines.length ? `caused by: ${e.message}` : e.message);
    if (debug) lines.push(...(e.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line)));
  }
  const forPeople = error instanceof CommandError || error instanceof ContentError || isUsageError(error);
  if (!debug && !forPeople) lines.push("(DEBUG=1 shows where it happened)");
  if (onError) lines.push("", onError);
  return lines.join("\n");
}
