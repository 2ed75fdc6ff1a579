/** Files and bytes of a finished output tree, per file extension, counted from the disk. */
import { readdir, stat } from "node:fs/promises";
import path from "node:path";

export type TreeStats = Record<string, { files: number; bytes: number }>;

export async function treeStats(dir: string): Promise<TreeStats> {
  const stats: TreeStats = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const ext = entry.name.includes(".") ? entry.name.slice(entry.name.lastIndexOf(".") + 1) : "(none)";
    stats[ext] ??= { files: 0, bytes: 0 };
    stats[ext].files += 1;
    stats[ext].bytes += (await stat(file)).size;
  }
  return stats;
}
