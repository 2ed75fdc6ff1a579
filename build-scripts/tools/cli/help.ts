/**
 * `--help` and `-h`, alike for every command: its usage is printed and it
 * exits 0 before doing anything else (a build, a server, a file written).
 * Each command calls this first, with its usage: the line that shows how it
 * is run, then what it does and the environment it reads.
 */
export function answerHelp(usage: string, args: readonly string[] = process.argv.slice(2)): void {
  // After "--", arguments are the command's operands, never options.
  const end = args.indexOf("--");
  const options = end < 0 ? args : args.slice(0, end);
  if (options.includes("--help") || options.includes("-h")) {
    console.log(usage.trim());
    process.exit(0);
  }
}
