/**
 * Starts test/deno/edge-server.ts (the edge function under Deno, in front of a
 * built site) as a child process on a free port, with Deno kept off the
 * network: no update check, no remote modules, npm packages only from
 * node_modules, its cache in a temporary folder.
 */
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startProcess } from "../helpers/processes.ts";
import { PROJECT_DIR } from "../helpers/run-cli.ts";

export interface EdgeServer {
  readonly port: number;
  /** Everything Deno printed so far. */
  readonly output: () => string;
  stop(): Promise<void>;
}

/**
 * The binary of the `deno` devDependency: npm installs it as the package of
 * this platform, node_modules/@deno/<os>-<arch>[-<libc>]/deno, and it runs as
 * it is even when npm skipped the wrapper's postinstall.
 */
export function denoBinary(): string {
  const scope = path.join(PROJECT_DIR, "node_modules/@deno");
  const name = process.platform === "win32" ? "deno.exe" : "deno";
  const found = existsSync(scope) ? readdirSync(scope).map((dir) => path.join(scope, dir, name)) : [];
  const binaries = found.filter((file) => existsSync(file));
  if (binaries.length !== 1) {
    throw new Error(
      `Expected one Deno binary under ${scope}/*/${name}, found ${binaries.length}: run npm install (deno is a devDependency).`,
    );
  }
  return binaries[0];
}

/** The command that runs the harness over `siteDir`, as docs/testing.md shows it. */
export function edgeServerArgs(siteDir: string, port: number): string[] {
  return [
    "run",
    `--allow-read=${siteDir}`,
    "--allow-net=127.0.0.1",
    "--no-prompt",
    "--no-remote",
    // The edge imports Lunr by name: Netlify's bundler takes it from node_modules, and so does Deno here.
    "--node-modules-dir=manual",
    "--no-lock",
    "test/deno/edge-server.ts",
    siteDir,
    String(port),
  ];
}

export async function startEdgeServer(siteDir: string): Promise<EdgeServer> {
  const denoDir = await mkdtemp(path.join(tmpdir(), "deno-dir-"));
  const deno = startProcess(denoBinary(), edgeServerArgs(siteDir, 0), {
    cwd: PROJECT_DIR,
    env: { DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
  });
  const stop = async () => {
    await deno.stop();
    await rm(denoDir, { recursive: true, force: true });
  };
  try {
    const printed = await deno.waitFor(/edge server at http:\/\/127\.0\.0\.1:\d+\//, 0, 15_000);
    const port = Number(/edge server at http:\/\/127\.0\.0\.1:(\d+)\//.exec(printed)![1]);
    return { port, output: deno.output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
