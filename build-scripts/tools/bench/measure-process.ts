/**
 * Runs a command and measures it from outside: wall time, CPU time (user +
 * sys of the whole process tree, from GNU time) and peak memory (the largest
 * process's max RSS from GNU time, and the sum of every process's VmHWM in the
 * tree, polled from /proc while it runs).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const GNU_TIME = "/usr/bin/time";
const POLL_MS = 50;

export interface ProcessMeasure {
  readonly wallSeconds: number;
  readonly userSeconds: number;
  readonly sysSeconds: number;
  /** Max RSS of the largest single process of the tree. */
  readonly maxRssBytes: number;
  /** Sum of the peak RSS (VmHWM) of every process of the tree: an upper bound of the tree's peak. */
  readonly treePeakRssBytes: number;
  readonly stdout: string;
  readonly stderr: string;
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
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const peaks = new Map<number, number>();
  const poll = setInterval(() => void pollTree(child.pid!, peaks), POLL_MS);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const wallSeconds = (performance.now() - started) / 1000;
  clearInterval(poll);
  const [user, sys, maxRssKb] = (await readFile(timeFile, "utf8")).trim().split("\n").pop()!.split(" ").map(Number);
  await rm(timeFile, { force: true });
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${stderr || stdout}`);
  const treePeak = [...peaks].filter(([pid]) => pid !== child.pid).reduce((sum, [, bytes]) => sum + bytes, 0);
  return { wallSeconds, userSeconds: user, sysSeconds: sys, maxRssBytes: maxRssKb * 1024, treePeakRssBytes: treePeak, stdout, stderr };
}

/** Record the VmHWM of every process below `root` (GNU time itself is left out by the caller). */
async function pollTree(root: number, peaks: Map<number, number>): Promise<void> {
  const pending = [root];
  while (pending.length) {
    const pid = pending.pop()!;
    const [status, children] = await Promise.all([
      readFile(`/proc/${pid}/status`, "utf8").catch(() => ""),
      readFile(`/proc/${pid}/task/${pid}/children`, "utf8").catch(() => ""),
    ]);
    const hwm = status.match(/^VmHWM:\s+(\d+) kB/m);
    if (hwm) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, Number(hwm[1]) * 1024));
    pending.push(...children.split(" ").filter(Boolean).map(Number));
  }
}
