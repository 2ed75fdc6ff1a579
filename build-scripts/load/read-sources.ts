/**
 * Reads the source records: content/<collection>/*.json. Folders starting with
 * "_" or "." and non-JSON files are not records and are skipped.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { SourceFile } from "../validate/validate-catalogue.ts";

const isHidden = (name: string) => name.startsWith(".") || name.startsWith("_");

export async function readSources(projectDir: string, contentDir: string): Promise<SourceFile[]> {
  const root = path.resolve(projectDir, contentDir);
  const folders = (await readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory() && !isHidden(d.name));
  const perFolder = await Promise.all(
    folders.map(async (folder) => {
      const names = (await readdir(path.join(root, folder.name))).filter((n) => n.endsWith(".json") && !isHidden(n)).sort();
      return Promise.all(names.map(async (name) => ({ ...sourceName(projectDir, path.join(root, folder.name, name)), text: await readFile(path.join(root, folder.name, name), "utf8") })));
    }),
  );
  return perFolder.flat();
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
function shownPath(projectDir: string, file: string): string {
  const relative = path.relative(projectDir, file);
  return relative.startsWith("..") ? file : relative.split(path.sep).join("/");
}
