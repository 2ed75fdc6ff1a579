/**
 * Runs a command and measures it from outside: wall time, and from GNU time
 * the CPU time (user + sys of the whole process tree, its threads included)
 * and the peak resident memory of its largest process (the build is one
 * process with worker threads).
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const GNU_TIME = "/usr/bin/time";

export function checkGnuTime(): void {
  if (!existsSync(GNU_TIME))
    throw new Error(`The benchmark measures CPU time and memory with GNU time (${GNU_TIME}); install it: apt-get install time`);
}

export async function measure(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  const timeFile = path.join(tmpdir(), `bench-time-${process.pid}-${Date.now()}.txt`);
  const started = performance.now();
  try {
    await promisify(execFile)(GNU_TIME, ["-f", "%U %S %M", "-o", timeFile, command, ...args], { ...options, maxBuffer: 1 << 30 }).catch(
      ({ code, stdout, stderr }: { code: unknown; stdout: string; stderr: string }) => {
        throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${stdout}${stderr}`);
      },
    );
    const wallSeconds = (performance.now() - started) / 1000;
    const [userSeconds, sysSeconds, maxRssKb] = (await readFile(timeFile, "utf8")).trim().split("\n").at(-1)!.split(" ").map(Number);
    return { wallSeconds, userSeconds, sysSeconds, peakRssBytes: maxRssKb * 1024 };
  } finally {
    await rm(timeFile, { force: true });
  }
}
