/**
 * Netlify refuses a deploy with more than 54,000 files in one folder; the
 * build warns a little before, naming each folder that holds more than
 * FOLDER_WARNING entries (files and folders), since api/<collection>/ grows
 * by a folder per resource (docs/serving.md says at what size).
 */
const NETLIFY_FOLDER_LIMIT = 54_000;
const FOLDER_WARNING = 50_000;

/** Each folder's entries (its files and its subfolders), from the files written directly in each folder. */
export function folderEntries(filesByFolder: ReadonlyMap<string, number>): Map<string, number> {
  const entries = new Map(filesByFolder);
  const parentOf = (folder: string) => folder.slice(0, Math.max(0, folder.lastIndexOf("/")));
  const folders = new Set<string>();
  for (const folder of filesByFolder.keys()) for (let f = folder; f !== "" && !folders.has(f); f = parentOf(f)) folders.add(f);
  for (const folder of folders) entries.set(parentOf(folder), (entries.get(parentOf(folder)) ?? 0) + 1);
  return entries;
}

/** A line per folder past FOLDER_WARNING entries. */
export function crowdedFolders(filesByFolder: ReadonlyMap<string, number>): string[] {
  return [...folderEntries(filesByFolder)]
    .filter(([, entries]) => entries > FOLDER_WARNING)
    .map(
      ([folder, entries]) =>
        `${folder || "."}/ holds ${entries} entries: Netlify refuses a deploy with more than ${NETLIFY_FOLDER_LIMIT} files in one folder.`,
    );
}
