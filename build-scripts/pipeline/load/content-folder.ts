/**
 * The content folder's rules, one home for the build (read-sources.ts) and the
 * GitHub-API server over the working tree (tools/cms/github-api/): which
 * entries are records and translations, where a symbolic link may lead
 * (anywhere inside the content folder, never out of it), how a folder is
 * listed and how a record is read, each failure in words.
 */
import { readdirSync, readlinkSync, realpathSync, type Dirent } from "node:fs";
import path from "node:path";
import { describeEntry, readTextFile, type ReadOutcome } from "./read-text-file.ts";

export const isHidden = (name: string) => name.startsWith(".") || name.startsWith("_");
export const A_RECORD = "a JSON file";

/** The folder of stored translations inside the content folder (no collection has this name). */
export const TRANSLATIONS_FOLDER = "translations";

/** A file of a collection's folder that is a record: *.json, not hidden. */
export const isRecordFile = (name: string) => name.endsWith(".json") && !isHidden(name);

/** Whether `real` (a path with links resolved) is the content folder `root` or inside it. */
export function isInside(root: string, real: string): boolean {
  const inside = path.relative(root, real);
  return !inside.startsWith("..") && !path.isAbsolute(inside);
}

/**
 * A record's text, `entry` being what lstat says of `file`; a link's only when it stays inside the content folder
 * `root` (a build log may be public), which people know as `shownRoot`.
 */
export function readRecord(
  entry: Pick<Dirent, "isFile" | "isSymbolicLink" | "isDirectory" | "isFIFO" | "isSocket">,
  file: string,
  root: string,
  shownRoot: string,
): ReadOutcome {
  if (entry.isFile()) return readTextFile(file, A_RECORD);
  if (!entry.isSymbolicLink()) return { expected: A_RECORD, found: describeEntry(entry) };
  const target = followLink(file, root, shownRoot);
  if ("found" in target) return { expected: A_RECORD, found: target.found };
  if (target.outside) return { expected: `${A_RECORD} inside ${shownRoot}/`, found: target.outside };
  return readTextFile(target.real, A_RECORD);
}

/**
 * Where a link leads; `outside` says in words that it leaves the content
 * folder (and is not to be followed). `found` says what a link that leads
 * nowhere is.
 */
export function followLink(link: string, root: string, shownRoot: string): { real: string; outside?: string } | { found: string } {
  let written: string;
  try {
    written = readlinkSync(link);
  } catch {
    return { found: "nothing: the link was removed while the content was being read" };
  }
  let real: string;
  try {
    real = realpathSync(link);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return { found: `a symbolic link to "${written}", which leads round in a loop` };
    return { found: `a symbolic link to "${written}", which points nowhere` };
  }
  return !isInside(root, real) ? { real, outside: `a symbolic link to "${written}", outside ${shownRoot}/ (not followed)` } : { real };
}

/** A folder's entries, or what was found instead, in words. */
export function listFolder(dir: string): Dirent[] | { found: string } {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { found: `nothing: there is no ${dir}` };
    if (code === "ENOTDIR") return { found: "a file" };
    if (code === "EACCES" || code === "EPERM") return { found: "a folder the build may not list (permission denied)" };
    return { found: `a folder that could not be listed (${code ?? (error as Error).message})` };
  }
}

/** Whether a path below the content folder is a record, as readContent finds them: a record file in a collection's folder. */
export function isRecordPath(relativePath: string): boolean {
  const [folder, file, ...deeper] = relativePath.split(/[\\/]/);
  return deeper.length === 0 && file !== undefined && !isHidden(folder) && folder !== TRANSLATIONS_FOLDER && isRecordFile(file);
}

/**
 * What the build makes of an entry below the content folder, by its path from
 * there (the folder's own name, not where a link leads) and whether it is a
 * folder, links followed: a "record" (or stored translation), read whatever it
 * turns out to be so that one it cannot read is named; a "folder" it looks
 * into; or "skipped" (hidden, not JSON, or where no record is looked for).
 */
export function contentEntry(relativePath: string, isFolder: boolean): "record" | "folder" | "skipped" {
  const parts = relativePath.split(/[\\/]/);
  if (isRecordPath(relativePath) || (parts.length === 4 && isTranslationPath(relativePath))) return "record";
  const looked = parts.length === 1 ? !isHidden(parts[0]) : isTranslationPath(relativePath);
  return isFolder && looked ? "folder" : "skipped";
}

/**
 * Whether a path below the content folder is a stored translation
 * (translations/<lang>/<collection>/<name>.json) or a folder that may hold
 * some (a folder made with its files in it is seen as the folder alone), none hidden.
 */
export function isTranslationPath(relativePath: string): boolean {
  const parts = relativePath.split(/[\\/]/);
  if (parts[0] !== TRANSLATIONS_FOLDER || parts.some(isHidden)) return false;
  return parts.length < 4 || (parts.length === 4 && parts[3].endsWith(".json"));
}
