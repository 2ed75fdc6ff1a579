/** Temporary content folders for tests: copy a fixture, then add or break records. */
import { cp, mkdtemp, mkdir, writeFile } from "node:fs/promises";
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
  await writeFile(target, typeof value === "string" ? value : `${JSON.stringify(value, null, 2)}\n`);
}
