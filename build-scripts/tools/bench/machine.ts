/** The machine a benchmark ran on: CPUs, memory, the disk under the output folder, Node. */
import { execFileSync } from "node:child_process";
import os from "node:os";

export interface Machine {
  readonly cpus: number;
  readonly cpuModel: string;
  readonly memoryBytes: number;
  /** `df -PT` of the folder the builds write to: device, file system type, size. */
  readonly disk: string;
  readonly node: string;
  readonly os: string;
}

export function describeMachine(outputDir: string): Machine {
  const df = execFileSync("df", ["-PTh", outputDir], { encoding: "utf8" }).trim().split("\n").pop()!.split(/\s+/);
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryBytes: os.totalmem(),
    disk: `${df[0]} (${df[1]}, ${df[2]}) mounted on ${df[6]}`,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
  };
}
