/** Files and bytes of a finished output tree, per file extension, counted from the disk. */
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { WriteStats } from "../../pipeline/write/write-stats.ts";

export type TreeStats = Record<string, { files: number; bytes: number }>;

export async function treeStats(dir: string): Promise<TreeStats> {
  const stats = new WriteStats();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) stats.add(entry.name, (await stat(path.join(entry.parentPath, entry.name))).size);
  }
  return Object.fromEntries(stats.byExtension);
}
