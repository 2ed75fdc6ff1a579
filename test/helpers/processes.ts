/** Long-running commands in tests (the dev server, http-server): start, wait for a line, stop; and a free port. */
import { spawn } from "node:child_process";
import { createServer } from "node:net";

export interface Running {
  /** Everything printed so far (stdout and stderr). */
  readonly output: () => string;
  /** Resolves with the output once `pattern` appears after character `from`. */
  waitFor(pattern: RegExp, from?: number, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

export function startProcess(command: string, args: string[], options: { cwd: string; env?: Record<string, string> }): Running {
  // Its own process group, so stop() ends the command and whatever it started.
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
  return {
    output: () => text,
    async waitFor(pattern, from = 0, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(text.slice(from))) {
        if (child.exitCode !== null) throw new Error(`${command} exited (${child.exitCode}) before printing ${pattern}:\n${text}`);
        if (Date.now() > deadline) throw new Error(`${command} did not print ${pattern} in ${timeoutMs} ms:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return text;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(-child.pid!, "SIGTERM");
        await exited;
      }
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
