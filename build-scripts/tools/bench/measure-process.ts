/**
 * Runs a command and measures it from outside: wall time, and from GNU time
 * the CPU time (user + sys of the whole process tree, its threads included)
 * and the peak resident memory of its largest process (the build is one
 * process with worker threads).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const GNU_TIME = "/usr/bin/time";

export interface ProcessMeasure {
  readonly wallSeconds: number;
  readonly userSeconds: number;
  readonly sysSeconds: number;
  readonly peakRssBytes: number;
}

export function checkGnuTime(): void {
  if (!existsSync(GNU_TIME))
    throw new Error(`The benchmark measures CPU time and memory with GNU time (${GNU_TIME}); install it: apt-get install time`);
}

export async function measure(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<ProcessMeasure> {
  const timeFile = path.join(tmpdir(), `bench-time-${process.pid}-${Date.now()}.txt`);
  const started = performance.now();
  const child = spawn(GNU_TIME, ["-f", "%U %S %M", "-o", timeFile, command, ...args], { cwd: options.cwd, env: options.env });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const wallSeconds = (performance.now() - started) / 1000;
  const [user, sys, maxRssKb] = (await readFile(timeFile, "utf8")).trim().split("\n").at(-1)?.split(" ").map(Number) ?? [];
  await rm(timeFile, { force: true });
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`);
  return { wallSeconds, userSeconds: user, sysSeconds: sys, peakRssBytes: maxRssKb * 1024 };
}
