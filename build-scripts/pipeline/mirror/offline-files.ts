/**
 * The offline mirror's own files, which the published site does not carry:
 * beside each file the HTML view reads for search and fields, its copy wrapped
 * as a classic script (`<file>.js`, core/query/script-copies.ts), which a
 * page opened from file:// loads with a <script> tag where browsers refuse
 * fetch. Made from the published bytes, tree by tree (the site's and each
 * language's): its layout, each list's search manifest and the files it
 * names that the browser reads — term, fragment, record, uuid index and column files, not
 * the entry offsets, which only the edge reads.
 */
import { isUtf8 } from "node:buffer";
import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { LAYOUT_FILE, queryFile, rootFile, searchManifestFile } from "../../core/routes/output-tree.ts";
import type { SearchManifest } from "../../core/search/build-index.ts";
import { offlineCopy, scriptWrapped } from "../../core/query/script-copies.ts";
import type { InMemoryFile } from "./write-archive.ts";

const SEARCH = path.dirname(path.dirname(searchManifestFile("x")));
const decoder = new TextDecoder("utf-8", { fatal: true });

export async function* offlineFiles(siteDir: string): AsyncIterable<InMemoryFile> {
  for (const tree of await trees(siteDir)) {
    yield wrapped(siteDir, `${tree}${LAYOUT_FILE}`);
    for (const collection of await folders(path.join(siteDir, tree, SEARCH))) {
      const manifestFile = searchManifestFile(collection);
      const manifestBytes = await published(siteDir, `${tree}${manifestFile}`);
      yield wrapped(siteDir, `${tree}${manifestFile}`);
      const { files } = JSON.parse(decoder.decode(manifestBytes)) as SearchManifest;
      const read = [
        ...files.terms,
        ...files.fragments,
        ...files.records,
        ...files.uuids,
        ...Object.values(files.columns).flatMap((fields) => Object.values(fields)),
      ];
      for (const name of read) {
        yield wrapped(siteDir, `${tree}${queryFile(collection, name)}`);
      }
    }
  }
}

/** Each tree's API root as JSON, wrapped: the offline reader's, which carries no other file of a tree but its search files. */
export async function* rootCopies(siteDir: string): AsyncIterable<InMemoryFile> {
  for (const tree of await trees(siteDir)) yield wrapped(siteDir, `${tree}${rootFile("json")}`);
}

/** The trees below the site root that publish search files: the site's own (""), and each language's ("es/"). */
async function trees(siteDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const folder of ["", ...(await folders(siteDir)).map((name) => `${name}/`)])
    if ((await folders(path.join(siteDir, folder))).includes(SEARCH)) found.push(folder);
  return found;
}

async function folders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory()).map((e) => e.name);
}

/** A published file's bytes, checked to be UTF-8 (the search files are, and a script copy must keep them exactly). */
async function published(siteDir: string, file: string): Promise<Uint8Array> {
  return checked(siteDir, file, await readFile(path.join(siteDir, file)));
}

/** Checked by Node's own validator (simdutf): ten times a TextDecoder's speed, and no string made of a column file. */
function checked(siteDir: string, file: string, bytes: Uint8Array): Uint8Array {
  if (!isUtf8(bytes)) throw new Error(`${path.join(siteDir, file)}: expected UTF-8 text, found bytes that are not; build the site again.`);
  return bytes;
}

/** A file's script copy, made when its bytes are asked for: an archive copies it unread from the previous one when `from` is unchanged. */
const wrapped = (siteDir: string, file: string): InMemoryFile => ({
  name: offlineCopy(file),
  from: file,
  get data() {
    return scriptWrapped(checked(siteDir, file, readFileSync(path.join(siteDir, file))));
  },
});
