/**
 * Long-running commands in tests (the dev server, http-server): start, wait
 * for a line, stop; a free port, whether a port answers; the processes a
 * process started, and whether one still runs (Linux: ps, /proc).
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect, createServer, type AddressInfo, type Server } from "node:net";

export interface Running {
  /** Everything printed so far (stdout and stderr). */
  readonly output: () => string;
  /** Whether it has not exited. */
  readonly running: () => boolean;
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
    running: () => child.exitCode === null && child.signalCode === null,
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

/**
 * A port nothing listens on, with the `count - 1` after it free too (`npm run cms` serves on PORT and PORT + 1):
 * the ports are held together while they are found, since the system hands out the next ports to other sockets.
 */
export async function freePort(count = 1): Promise<number> {
  for (;;) {
    const held: Server[] = [await listening(0)];
    const first = (held[0].address() as AddressInfo).port;
    try {
      for (let port = first + 1; port < first + count; port++) held.push(await listening(port));
      return first;
    } catch {
      // Taken: look again from another first port.
    } finally {
      await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  }
}

function listening(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

/** Whether something accepts connections on the port. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/** The processes `pid` started, their children, and so on. */
export function descendants(pid: number): number[] {
  let children: number[];
  try {
    children = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter((line) => line.trim())
      .map(Number);
  } catch {
    return []; // ps exits 1 when there are none
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** Whether the process exists and has not exited (an exited one waiting to be reaped is a zombie, state Z). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}
