/**
 * Reads the source records: content/<collection>/*.json, by the content
 * folder's rules (content-folder.ts: hidden folders and non-JSON files are
 * not records and are skipped; where a link may lead). An entry that
 * cannot be read as a record (a folder named *.json, a named pipe, a broken or
 * outward symbolic link, a file the build may not read or that is not UTF-8)
 * becomes a source that carries its problem, so one run names every problem.
 *
 * Synchronous on purpose: thousands of small reads in a row are several times
 * faster than as promises (each of which is an open, a stat, a read and a
 * close sent to the thread pool and back), and nothing else runs meanwhile.
 */
import { lstatSync, realpathSync, statSync, type Dirent } from "node:fs";
import path from "node:path";
import { problem } from "../validate/problems.ts";
import type { SourceFile, SourceName, UnreadSource } from "../validate/validate-catalogue.ts";
import type { TranslationSource } from "../validate/validate-translations.ts";
import { followLink, isHidden, isRecordFile, isRecordPath, listFolder, readRecord, TRANSLATIONS_FOLDER } from "./content-folder.ts";
import { sha256 } from "../../hashes.ts";

/** The content folder's records and stored translations, each an entry's text or its problem. */
export interface ContentSources {
  /**
   * Read one by one as they are iterated (once): the texts of a catalogue of
   * a million records run to gigabytes, and each is needed only until checked.
   */
  readonly records: Iterable<SourceFile>;
  readonly translations: TranslationSource[];
}

export function readContent(projectDir: string, contentDir: string): ContentSources {
  const content = contentFolders(projectDir, contentDir, () => true);
  if ("problem" in content) return { records: [content], translations: [] };
  const { folders, root, shownRoot } = content;
  const translationsFolder = folders.find((folder) => !("problem" in folder) && folder.name === TRANSLATIONS_FOLDER);
  function* records(): Generator<SourceFile> {
    for (const folder of folders) {
      if ("problem" in folder) yield folder;
      else if (folder !== translationsFolder) yield* readCollection(projectDir, folder.dir, folder.name, root, shownRoot);
    }
  }
  const translations =
    translationsFolder && !("problem" in translationsFolder) ? readTranslations(projectDir, translationsFolder.dir, root, shownRoot) : [];
  return { records: records(), translations };
}

/** One collection's records, read as readContent reads them and no other: what `npm run new` finds its list's end from. */
export function* readCollectionContent(projectDir: string, contentDir: string, collection: string): Generator<SourceFile> {
  const content = contentFolders(projectDir, contentDir, (name) => name === collection);
  if ("problem" in content) return yield content;
  for (const folder of content.folders) {
    if ("problem" in folder) yield folder;
    else yield* readCollection(projectDir, folder.dir, folder.name, content.root, content.shownRoot);
  }
}

/** The content folder's folders that `wanted` names, by its rules, or the problem that it cannot be listed. */
function contentFolders(projectDir: string, contentDir: string, wanted: (name: string) => boolean) {
  const given = path.resolve(projectDir, contentDir);
  const shownRoot = shownPath(projectDir, given) || ".";
  const listed = listFolder(given);
  if (!Array.isArray(listed)) {
    const expected = "the content folder, holding a folder per collection (env CONTENT_DIR, else config.contentDir in package.json)";
    return unread(shownRoot, "", expected, listed.found);
  }
  // Links may lead anywhere inside the content folder, wherever the folder itself is.
  const root = realpathSync(given);
  const entries = listed.filter((entry) => wanted(entry.name));
  return { folders: subfolders(projectDir, given, entries, root, shownRoot, contentFolderKind), root, shownRoot };
}

/**
 * The stored translations: translations/<lang>/<collection>/*.json, read as
 * records are (an entry that cannot be read carries its problem).
 */
function readTranslations(projectDir: string, dir: string, root: string, shownRoot: string): TranslationSource[] {
  const languages = listFolder(dir);
  if (!Array.isArray(languages)) {
    return [
      { ...unread(shownPath(projectDir, dir), "", "a folder of translations, a folder per language", languages.found), language: "" },
    ];
  }
  const sources: TranslationSource[] = [];
  for (const language of subfolders(projectDir, dir, languages, root, shownRoot, () => "a language folder")) {
    if ("problem" in language) {
      sources.push({ ...language, language: "" });
      continue;
    }
    const collections = listFolder(language.dir);
    if (!Array.isArray(collections)) {
      const problem = unread(shownPath(projectDir, language.dir), "", "a language folder the build can list", collections.found);
      sources.push({ ...problem, language: language.name });
      continue;
    }
    for (const folder of subfolders(projectDir, language.dir, collections, root, shownRoot, () => "a collection folder")) {
      const read = "problem" in folder ? [folder] : readCollection(projectDir, folder.dir, folder.name, root, shownRoot);
      for (const source of read) sources.push({ ...source, language: language.name });
    }
  }
  return sources;
}

/** What a folder of the content folder is expected to be. */
const contentFolderKind = (name: string) => (name === TRANSLATIONS_FOLDER ? "the translations folder" : "a collection folder");

/**
 * The folders listed in `dir` (not hidden), links to folders inside the
 * content folder included; a link that leads nowhere or outside is a problem
 * (a link to a file is skipped like a file).
 */
function subfolders(
  projectDir: string,
  dir: string,
  listed: readonly Dirent[],
  root: string,
  shownRoot: string,
  kind: (name: string) => string,
): ({ readonly name: string; readonly dir: string } | UnreadSource)[] {
  const found: ({ name: string; dir: string } | UnreadSource)[] = [];
  for (const entry of listed) {
    if (isHidden(entry.name)) continue;
    const sub = path.join(dir, entry.name);
    const what = kind(entry.name);
    if (entry.isSymbolicLink()) {
      const shownDir = shownPath(projectDir, sub);
      const target = followLink(sub, root, shownRoot);
      if ("found" in target) found.push(unread(shownDir, entry.name, what, target.found));
      else if (!statSync(target.real, { throwIfNoEntry: false })?.isDirectory()) continue;
      else if (target.outside) found.push(unread(shownDir, entry.name, `${what} inside ${shownRoot}/`, target.outside));
      else found.push({ name: entry.name, dir: sub });
    } else if (entry.isDirectory()) {
      found.push({ name: entry.name, dir: sub });
    }
  }
  return found;
}

/** A collection's records in file-name order, each read when the iteration reaches it. */
function* readCollection(projectDir: string, dir: string, collection: string, root: string, shownRoot: string): Generator<SourceFile> {
  // The folder is named once, not each file: path.relative per file is costly at catalogue scale.
  const shownDir = shownPath(projectDir, dir);
  const listed = listFolder(dir);
  if (!Array.isArray(listed)) return yield unread(shownDir, collection, "a collection folder the build can list", listed.found);
  const separator = shownDir === dir ? path.sep : "/"; // a folder outside the project keeps its own path
  const names = listed.filter((entry) => isRecordFile(entry.name)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of names) {
    const file = `${shownDir}${separator}${entry.name}`;
    const read = readRecord(entry, path.join(dir, entry.name), root, shownRoot);
    yield "text" in read ? { file, collection, ...digested(read.text) } : unread(file, collection, read.expected, read.found);
  }
}

/** A record's text, and its SHA-256: what an update compares (pipeline/build-state.ts), hashed while the text is at hand. */
const digested = (text: string) => ({ text, digest: sha256(text) });

/**
 * The records among `files` (paths a watcher saw change), read as readContent
 * reads them; a record no longer there is `gone`.
 */
export function readRecords(projectDir: string, contentDir: string, files: Iterable<string>): { read: SourceFile[]; gone: SourceName[] } {
  const given = path.resolve(projectDir, contentDir);
  const shownRoot = shownPath(projectDir, given) || ".";
  const root = realpathSync(given);
  const read: SourceFile[] = [];
  const gone: SourceName[] = [];
  for (const file of files) {
    if (!isRecordPath(path.relative(given, file))) continue;
    const name = { file: shownPath(projectDir, file), collection: path.basename(path.dirname(file)) };
    const entry = lstatSync(file, { throwIfNoEntry: false });
    const outcome = entry && readRecord(entry, file, root, shownRoot);
    if (!outcome) gone.push(name);
    else
      read.push(
        "text" in outcome ? { ...name, ...digested(outcome.text) } : unread(name.file, name.collection, outcome.expected, outcome.found),
      );
  }
  return { read, gone };
}

const unread = (file: string, collection: string, expected: string, found: string): UnreadSource => ({
  file,
  collection,
  problem: problem(file, "", expected, found),
});

/** Relative to the project when inside it, else absolute: what a person can open. */
export function shownPath(projectDir: string, file: string): string {
  const relative = path.relative(projectDir, file);
  return relative.startsWith("..") ? file : relative.split(path.sep).join("/");
}
