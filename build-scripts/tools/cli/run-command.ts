/**
 * How every command runs, alike: `--help` and `-h` print its usage and exit 0
 * before it does anything; a long-running one stops on the same signals; and
 * an error ends it with a message for people (content problems listed as
 * file, JSON pointer, expected, found) and exit code 1, never a stack trace;
 * with env DEBUG=1 the stack follows the message.
 */
import { ContentError } from "../../pipeline/prepare.ts";
import { appendAll } from "../../core/append-all.ts";

/** An error whose message says all a person needs (a usage mistake, a missing file): no "DEBUG=1" hint. */
export class CommandError extends Error {
  override name = "CommandError";
}

export interface Command {
  /** Printed for --help: the line that shows how the command is run, then what it does and the environment it reads. */
  readonly usage: string;
  /** Said after any error, e.g. that the previous output is unchanged. */
  readonly onError?: string;
}

/**
 * Runs a command: with `--help` or `-h` prints its usage and exits 0;
 * otherwise runs `main`. An error it throws, or one thrown later in a
 * callback of the command, is reported and the exit code set to 1.
 */
export async function runCommand(command: Command, main: () => unknown): Promise<void> {
  printHelpIfAsked(command.usage);
  reportUncaughtErrors(command);
  try {
    await main();
  } catch (error) {
    failCommand(error, command);
  }
}

function printHelpIfAsked(usage: string): void {
  const args = process.argv.slice(2);
  // After "--", arguments are the command's operands, never options.
  const end = args.indexOf("--");
  const options = end < 0 ? args : args.slice(0, end);
  if (options.includes("--help") || options.includes("-h")) {
    console.log(usage.trim());
    process.exit(0);
  }
}

const SIGNALS = ["SIGINT", "SIGTERM"] as const;

/**
 * Calls `stop` once, after saying why, when a long-running command should
 * stop: on SIGINT (Ctrl-C), on SIGTERM (a process manager; npm forwards both
 * to the command its script `exec`s), or once the process that started it is
 * gone: npm killed outright (SIGKILL) forwards nothing, and would leave the
 * command running, orphaned. The returned function stops listening.
 */
export function onStop(stop: () => unknown): () => void {
  const parent = process.ppid;
  const once = (reason: string) => {
    dispose();
    console.log(`${reason}: stopping.`);
    stop();
  };
  for (const signal of SIGNALS) process.on(signal, once);
  const watch = setInterval(() => {
    if (process.ppid !== parent) once("the process that started it is gone");
  }, 100);
  watch.unref();
  function dispose() {
    clearInterval(watch);
    for (const signal of SIGNALS) process.off(signal, once);
  }
  return dispose;
}

/** Reports an error that ends the command, and sets exit code 1 (the process ends once nothing is left to do). */
function failCommand(error: unknown, command: Command): void {
  console.error(describeFailure(error, command.onError));
  process.exitCode = 1;
}

let uncaught: Command | undefined;

/**
 * Reports errors thrown outside the command's own handling (a callback, an
 * event listener) and ends the process: its state is then unknown.
 * A command run by another (`npm start` runs serve's) takes over from it.
 */
function reportUncaughtErrors(command: Command): void {
  if (!uncaught) {
    const stop = (error: unknown) => {
      failCommand(error, uncaught!);
      process.exit(1);
    };
    process.on("uncaughtException", stop);
    process.on("unhandledRejection", stop);
  }
  uncaught = command;
}

/** node:util's parseArgs says what was wrong with the command line. */
const isUsageError = (error: unknown) => String((error as { code?: unknown } | undefined)?.code).startsWith("ERR_PARSE_ARGS");

/** The message for people: the error's own, its causes', and the stacks only with DEBUG=1. */
function describeFailure(error: unknown, onError?: string): string {
  const debug = process.env.DEBUG === "1";
  const lines: string[] = [];
  const seen = new Set<unknown>();
  for (let e: unknown = error; e !== undefined && e !== null && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    if (!(e instanceof Error)) {
      lines.push(String(e));
      break;
    }
    lines.push(lines.length ? `caused by: ${e.message}` : e.message);
    if (debug)
      appendAll(
        lines,
        (e.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line)),
      );
  }
  const forPeople = error instanceof CommandError || error instanceof ContentError || isUsageError(error);
  if (!debug && !forPeople) lines.push("(DEBUG=1 shows where it happened)");
  if (onError) lines.push("", onError);
  return lines.join("\n");
}
