/** What a finished output tree holds, counted from the disk: its files and bytes, and a list's search index gzipped. */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

export interface TreeStats {
  readonly files: number;
  readonly bytes: number;
}

export async function treeStats(dir: string): Promise<TreeStats> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/** A list's search index as a browser downloads all of it: its manifest and term files, each gzipped. */
export async function searchIndexGzip(siteDir: string, collection: string): Promise<number> {
  const dir = path.join(siteDir, "search", collection);
  const terms = (await readdir(path.join(dir, "files"))).filter((file) => file.startsWith("terms-")).map((file) => `files/${file}`);
  let bytes = 0;
  for (const file of ["index.json", ...terms]) bytes += gzipSync(await readFile(path.join(dir, file))).length;
  return bytes;
}
