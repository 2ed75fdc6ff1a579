/**
 * Given `npm run serve` or `npm start` started as a process manager starts a
 * command (spawned, its output piped, no shell of our own), a SIGTERM or a
 * SIGINT sent to that npm process alone stops the server: within two seconds
 * the port refuses connections and no process npm started is left; so does
 * npm killed outright, for `npm run dev` (and its builder) too. And the
 * site is served for the address it was built for: `npm start` builds it for
 * its PORT, and `npm run serve` warns when a site was built for another one,
 * and says so when its port is taken.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer, type AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, PROJECT_DIR, type BuildResult } from "./helpers/build-site.ts";
import { accepts, descendants, freePort, isRunning } from "../harness/processes.ts";

const BUILT_FOR = "http://127.0.0.1:8080";
const SIGNALS = ["SIGTERM", "SIGINT"] as const;

let build: BuildResult;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "serving-signals-"));
  build = await buildSite({ BASE_URL: BUILT_FOR }, path.join(work, "_site"));
  expect(build.code, build.stderr).toBe(0);
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

interface NpmRun {
  readonly npm: ChildProcess;
  readonly port: number;
  /** npm and every process it started, taken once the port answered. */
  readonly processes: number[];
  readonly stdout: () => string;
  readonly stderr: () => string;
}

/** `npm run <script>` on a free port, once the port answers. */
async function npmRun(script: string, env: Record<string, string>): Promise<NpmRun> {
  const port = await freePort();
  // Neither the test run's BASE_URL nor Netlify's URL: the address comes from PORT.
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.BASE_URL;
  delete childEnv.URL;
  Object.assign(childEnv, env, { PORT: String(port) });
  const npm = spawn("npm", ["run", script], { cwd: PROJECT_DIR, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  npm.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  npm.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const deadline = Date.now() + 60_000;
  while (!(await accepts(port))) {
    if (npm.exitCode !== null || Date.now() > deadline) {
      npm.kill("SIGKILL");
      throw new Error(`npm run ${script} did not serve on port ${port}:\n${stdout}\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { npm, port, processes: [npm.pid!, ...descendants(npm.pid!)], stdout: () => stdout, stderr: () => stderr };
}

/** Sends `signal` to npm alone and expects the port closed and every process gone within two seconds. */
async function expectStopsOn(run: NpmRun, signal: NodeJS.Signals): Promise<void> {
  try {
    process.kill(run.npm.pid!, signal);
    await expect
      .poll(async () => ({ portAnswers: await accepts(run.port), stillRunning: run.processes.filter(isRunning) }), {
        timeout: 2000,
        interval: 50,
      })
      .toEqual({ portAnswers: false, stillRunning: [] });
    await expect.poll(run.stdout).toContain("stopping.");
  } finally {
    for (const pid of run.processes) if (isRunning(pid)) process.kill(pid, "SIGKILL");
  }
}

describe("npm run serve", () => {
  it.each(SIGNALS)("stops when npm is sent %s", async (signal) => {
    const run = await npmRun("serve", { OUTPUT_DIR: build.outDir });
    expect(run.processes.length).toBeGreaterThanOrEqual(2);
    await expectStopsOn(run, signal);
  });

  it("stops when npm is killed outright (SIGKILL), which forwards nothing", async () => {
    const run = await npmRun("serve", { OUTPUT_DIR: build.outDir });
    await expectStopsOn(run, "SIGKILL");
  });

  it("says when the site was built for another address, and how to build it for this one", async () => {
    const run = await npmRun("serve", { OUTPUT_DIR: build.outDir });
    const here = `http://127.0.0.1:${run.port}`;
    await expect.poll(run.stderr).toContain(`this site was built for ${BUILT_FOR}, not for ${here}`);
    expect(run.stderr()).toContain(`BASE_URL=${here} npm run build`);
    expect(run.stderr()).toContain(`PORT=${run.port} npm start`);
    await expectStopsOn(run, "SIGTERM");
  });
});

describe("npm run dev", () => {
  it("stops, with its builder, when npm is killed outright (SIGKILL), which forwards nothing", async () => {
    const run = await npmRun("dev", { OUTPUT_DIR: path.join(work, "dev", "_site") });
    // npm, the command and the builder it forked.
    expect(run.processes.length).toBeGreaterThanOrEqual(3);
    await expectStopsOn(run, "SIGKILL");
  });
});

describe("npm run serve on a port another program holds", () => {
  it("says so in a line, with a free choice, and exits 1 without a stack trace", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      const env = { ...process.env, OUTPUT_DIR: build.outDir, PORT: String(port) };
      const npm = spawn("npm", ["run", "--silent", "serve"], { cwd: PROJECT_DIR, env, stdio: ["ignore", "pipe", "pipe"] });
      let stderr = "";
      npm.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
      const [code] = (await once(npm, "exit")) as [number | null];
      expect(code).toBe(1);
      expect(stderr).toContain(`Port ${port} is in use by another program`);
      expect(stderr).toContain(`PORT=${port + 1} npm start`);
      expect(stderr).not.toMatch(/^\s+at /m);
    } finally {
      holder.close();
    }
  });
});

describe("npm start", () => {
  it.each(SIGNALS)("builds for the port it serves, and stops when npm is sent %s", async (signal) => {
    const run = await npmRun("start", { OUTPUT_DIR: path.join(work, `start-${signal}`, "_site") });
    const root = (await (await fetch(`http://127.0.0.1:${run.port}/api/?format=json`)).json()) as Record<string, string>;
    expect(root.videos).toBe(`http://127.0.0.1:${run.port}/api/videos?format=api`);
    expect(run.stderr()).not.toContain("was built for");
    await expectStopsOn(run, signal);
  });
});
