/**
 * Starts test/deno/edge-server.ts (the edge function under Deno, in front of a
 * built site) as a child process on a free port, with Deno kept off the
 * network: no update check, no remote modules, npm packages only from
 * node_modules, its cache in a temporary folder.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startProcess } from "../../harness/processes.ts";
import { PROJECT_DIR } from "../helpers/run-cli.ts";
import { DENO_FLAGS, denoBinary, denoEnv } from "../../harness/deno-binary.ts";

export interface EdgeServer {
  readonly port: number;
  /** Everything Deno printed so far. */
  readonly output: () => string;
  /** Whether Deno has not exited. */
  readonly running: () => boolean;
  stop(): Promise<void>;
}

/** The command that runs the harness over `siteDir`, as docs/testing.md shows it. */
export function edgeServerArgs(siteDir: string, port: number): string[] {
  return ["run", `--allow-read=${siteDir}`, "--allow-net=127.0.0.1", ...DENO_FLAGS, "test/deno/edge-server.ts", siteDir, String(port)];
}

export async function startEdgeServer(siteDir: string): Promise<EdgeServer> {
  const denoDir = await mkdtemp(path.join(tmpdir(), "deno-dir-"));
  const deno = startProcess(denoBinary(), edgeServerArgs(siteDir, 0), {
    cwd: PROJECT_DIR,
    env: denoEnv(denoDir),
  });
  const stop = async () => {
    await deno.stop();
    await rm(denoDir, { recursive: true, force: true });
  };
  try {
    const printed = await deno.waitFor(/edge server at http:\/\/127\.0\.0\.1:\d+\//, 0, 15_000);
    const port = Number(/edge server at http:\/\/127\.0\.0\.1:(\d+)\//.exec(printed)![1]);
    return { port, output: deno.output, running: deno.running, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
