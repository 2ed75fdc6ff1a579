/**
 * Netlify refuses a deploy with more than 54,000 files in one folder. The
 * output tree keeps the API's folders within the build's folder limit
 * (core/routes/tree-layout.ts, a margin below it); this check, over every
 * folder written, fails the build naming any folder past the host's limit,
 * so a regression never deploys.
 */
const NETLIFY_FOLDER_LIMIT = 54_000;

/** Each folder's entries (its files and its subfolders), from the files written directly in each folder. */
export function folderEntries(filesByFolder: ReadonlyMap<string, number>): Map<string, number> {
  const entries = new Map(filesByFolder);
  const parentOf = (folder: string) => folder.slice(0, Math.max(0, folder.lastIndexOf("/")));
  const folders = new Set<string>();
  for (const folder of filesByFolder.keys()) for (let f = folder; f !== "" && !folders.has(f); f = parentOf(f)) folders.add(f);
  for (const folder of folders) entries.set(parentOf(folder), (entries.get(parentOf(folder)) ?? 0) + 1);
  return entries;
}

/** Fails the build when a folder written is past the host's limit, with a line per such folder. */
export function checkFolders(filesByFolder: ReadonlyMap<string, number>): void {
  const crowded = [...folderEntries(filesByFolder)]
    .filter(([, entries]) => entries > NETLIFY_FOLDER_LIMIT)
    .map(
      ([folder, entries]) =>
        `${folder || "."}/ holds ${entries} entries: Netlify refuses a deploy with more than ${NETLIFY_FOLDER_LIMIT} files in one folder.`,
    );
  if (crowded.length > 0) throw new Error(`The site cannot be deployed:\n${crowded.map((line) => `  ${line}`).join("\n")}`);
}
