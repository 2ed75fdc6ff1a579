/** Starts the real `npm run serve` command (build-scripts/tools/cli/serve.ts) on a free port and sends raw HTTP requests to it. */
import { spawn } from "node:child_process";
import http from "node:http";
import { npmScriptCommand } from "../../build-scripts/tools/cli/npm-scripts.ts";
import { PROJECT_DIR } from "./run-cli.ts";

export interface LocalServer {
  readonly url: string;
  readonly port: number;
  /** Every line the server printed so far. */
  readonly log: string[];
  /** Whether it has not exited, by a code or a signal. */
  readonly running: () => boolean;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export function startLocalServer(siteDir: string): Promise<LocalServer> {
  const [command, args] = npmScriptCommand(PROJECT_DIR, "serve");
  const child = spawn(command, args, {
    cwd: PROJECT_DIR,
    env: { ...process.env, PORT: "0", OUTPUT_DIR: siteDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let pending = "";
    const onData = (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        log.push(line);
        const m = /at (http:\/\/127\.0\.0\.1:(\d+))\//.exec(line);
        if (m) {
          const running = () => child.exitCode === null && child.signalCode === null;
          resolve({ url: m[1], port: Number(m[2]), log, running, stop: () => (child.kill("SIGTERM"), exited) });
        }
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${log.join("\n")}`)));
  });
}

export interface RawResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/** One request with the target sent exactly as given (no URL normalization, unlike fetch). */
export function rawRequest(port: number, method: string, target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: target, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
