/**
 * Reads the source records: content/<collection>/*.json. Folders starting with
 * "_" or "." and non-JSON files are not records and are skipped.
 *
 * Synchronous on purpose: thousands of small reads in a row are several times
 * faster than as promises (each of which is an open, a stat, a read and a
 * close sent to the thread pool and back), and nothing else runs meanwhile.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { SourceFile } from "../validate/validate-catalogue.ts";

const isHidden = (name: string) => name.startsWith(".") || name.startsWith("_");

export async function readSources(projectDir: string, contentDir: string): Promise<SourceFile[]> {
  const root = path.resolve(projectDir, contentDir);
  const folders = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory() && !isHidden(d.name));
  return folders.flatMap((folder) => {
    const names = readdirSync(path.join(root, folder.name)).filter((n) => n.endsWith(".json") && !isHidden(n)).sort();
    return names.map((name) => ({
      file: path.relative(projectDir, path.join(root, folder.name, name)).split(path.sep).join("/"),
      collection: folder.name,
      text: readFileSync(path.join(root, folder.name, name), "utf8"),
    }));
  });
}
