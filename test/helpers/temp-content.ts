/** Temporary content folders for tests: copy a fixture, then add or break records, or put in entries that are not plain files. */
import { execFileSync } from "node:child_process";
import { cp, mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_DIR } from "./build-site.ts";

export async function tempContent(from?: string): Promise<string> {
  const dir = path.join(await mkdtemp(path.join(tmpdir(), "catalogue-content-")), "content");
  if (from) await cp(path.join(PROJECT_DIR, from), dir, { recursive: true });
  else await mkdir(dir, { recursive: true });
  return dir;
}

export async function writeRecord(contentDir: string, file: string, value: unknown): Promise<void> {
  const target = path.join(contentDir, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, typeof value === "string" || value instanceof Uint8Array ? value : `${JSON.stringify(value, null, 2)}\n`);
}

/** A named pipe at `file`: reading it would wait for a writer that never comes. */
export function makeFifo(contentDir: string, file: string): void {
  execFileSync("mkfifo", [path.join(contentDir, file)]);
}

/** A Unix socket at `file`, listening until the server is closed. */
export function listenOnSocket(contentDir: string, file: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(path.join(contentDir, file), () => resolve(server));
  });
}
