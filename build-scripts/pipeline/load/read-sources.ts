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
    const dir = path.join(root, folder.name);
    const names = readdirSync(dir)
      .filter((n) => n.endsWith(".json") && !isHidden(n))
      .sort();
    // The folder is named once, not each file: path.relative per file is costly at catalogue scale.
    const shownDir = shownPath(projectDir, dir);
    const separator = shownDir === dir ? path.sep : "/"; // a folder outside the project keeps its own path
    return names.map((name) => ({
      file: `${shownDir}${separator}${name}`,
      collection: folder.name,
      text: readFileSync(path.join(dir, name), "utf8"),
    }));
  });
}

/** What a source file is called in messages, and its collection (the folder it is in). */
export function sourceName(projectDir: string, absolutePath: string): { file: string; collection: string } {
  return { file: shownPath(projectDir, absolutePath), collection: path.basename(path.dirname(absolutePath)) };
}

/** Whether a path below the content folder is a record: <collection>/<name>.json, neither hidden. */
export function isRecordPath(relativePath: string): boolean {
  const parts = relativePath.split(/[\\/]/);
  return parts.length === 2 && parts[1].endsWith(".json") && !parts.some(isHidden);
}

/** Relative to the project when inside it, else absolute: what a person can open. */
export function shownPath(projectDir: string, file: string): string {
  const relative = path.relative(projectDir, file);
  return relative.startsWith("..") ? file : relative.split(path.sep).join("/");
}
