/**
 * The catalogue as a ZIM file (downloads/catalogue.zim), for Kiwix's apps and
 * kiwix-serve: the offline reader's files, read from its archive so they are
 * the same bytes (a file whose bytes another already has is a redirect to it),
 * the reader's page as the main page; one entry per resource of the source
 * language, titled with its title (resource-page.ts), read from the published
 * search files a records file at a time; and the metadata Kiwix shows and
 * zimcheck asks for. Unchanged clusters are copied from the file already
 * there (zim-writer.ts).
 */
import { closeSync, openSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
import { lookup } from "mime-types";
import type { SiteConfig } from "../../core/catalogue/site-config.ts";
import { findCollection } from "../../core/catalogue/collections.ts";
import { routePath } from "../../core/routes/api-path.ts";
import { READER_ARCHIVE, ZIM_ARCHIVE, queryFile, searchManifestFile } from "../../core/routes/output-tree.ts";
import type { SearchManifest } from "../../core/search/build-index.ts";
import { READER_TITLE } from "../mirror/reader-archive.ts";
import type { SiteArchive } from "../mirror/archive-site.ts";
import { readCentralDirectory, readStoredBytes, type PriorEntry } from "../mirror/zip-reader.ts";
import { illustrationPng } from "./illustration.ts";
import { resourcePage } from "./resource-page.ts";
import { zstdMissing } from "./zim-clusters.ts";
import { ZimWriter } from "./zim-writer.ts";

/** The reader's page, which Kiwix opens first. */
const MAIN_PAGE = "index.html";
const HTML = "text/html";
/** The records' language (languages.ts's SOURCE_LANGUAGE, "en") as ISO 639-3, which the Language metadata takes. */
const LANGUAGE = "eng";
/** At most 80 characters, as the ZIM metadata asks. */
const DESCRIPTION = "The educational catalogue offline: every view, search and format of its API";

/** Why no ZIM file can be written here, or undefined when one can. */
export const zimUnavailable = zstdMissing;

const mimeOf = (file: string) => lookup(file) || "application/octet-stream";

/** Writes the ZIM file from the site and its reader archive, over the previous one. */
export async function writeCatalogueZim(siteDir: string, config: SiteConfig, date: Date): Promise<SiteArchive> {
  const file = path.join(siteDir, ZIM_ARCHIVE);
  const readerFile = path.join(siteDir, READER_ARCHIVE);
  const folder = `${path.basename(READER_ARCHIVE, ".zip")}/`;
  const readerEntries = [...readCentralDirectory(readerFile).values()];
  const resources = resourceTitles(siteDir);
  const mimes = [HTML, "image/png", ...readerEntries.map((entry) => mimeOf(entry.name))];
  const zim = new ZimWriter(file, mimes);

  const fd = openSync(readerFile, "r");
  // Open until the file is written: a blob is read when its cluster closes, the last one at the end.
  try {
    await addReaderFiles(zim, fd, readerEntries, folder);
    for (const { apiPath, title } of resources) {
      await zim.add({ path: apiPath.slice(1), title, mime: HTML, front: true }, Buffer.from(resourcePage(title, apiPath), "utf8"));
    }
    const site = new URL(config.siteUrl).hostname;
    const metadata: Record<string, string> = {
      Title: READER_TITLE,
      Description: DESCRIPTION,
      Language: LANGUAGE,
      Creator: site,
      Publisher: site,
      Date: date.toISOString().slice(0, 10),
      Name: `${site}_en_catalogue`,
      Flavour: "reader",
      Scraper: "npm run mirror",
      // The catalog's tags: no full-text index (the reader searches), no pictures or videos, whole records.
      Tags: "_ftindex:no;_pictures:no;_videos:no;_details:yes",
    };
    for (const [name, value] of Object.entries(metadata)) zim.metadata(name, value);
    zim.metadata("Illustration_48x48@1", { mime: "image/png", data: illustrationPng() });
    const written = await zim.end(MAIN_PAGE);
    const { entries, bytes, copied, previousIgnored } = written;
    return { file, entries, bytes, copied, made: 0, pieces: new Map(), reused: 0, ...(previousIgnored && { previousIgnored }) };
  } catch (error) {
    zim.abort();
    throw error;
  } finally {
    closeSync(fd);
  }
}

/** The reader archive's files, in its order: a file of the same bytes as an earlier one is a redirect to it. */
async function addReaderFiles(zim: ZimWriter, fd: number, entries: readonly PriorEntry[], folder: string): Promise<void> {
  const read = (entry: PriorEntry) => {
    const stored = readStoredBytes(fd, entry);
    return entry.method === "deflated" ? inflateRawSync(stored) : stored;
  };
  /** The first file of each CRC-32 and size; a later one's bytes are compared with it. */
  const first = new Map<string, PriorEntry>();
  for (const entry of entries) {
    const name = entry.name.slice(folder.length);
    const key = `${entry.crc}:${entry.size}`;
    const same = first.get(key);
    if (same && Buffer.compare(read(same), read(entry)) === 0) {
      zim.redirect({ path: name }, same.name.slice(folder.length));
      continue;
    }
    if (!same) first.set(key, entry);
    const main = name === MAIN_PAGE;
    // Named by the CRC-32 the archive holds: an unchanged file of an unchanged cluster is not read.
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(entry.crc, 0);
    const blob = { size: entry.size, checksum, bytes: () => read(entry) };
    await zim.add({ path: name, mime: mimeOf(name), ...(main && { title: READER_TITLE, front: true }) }, blob);
  }
}

/** Each resource of the source language's lists: its view's API path and its title, sorted by path. */
function resourceTitles(siteDir: string): { apiPath: string; title: string }[] {
  const found: { apiPath: string; title: string }[] = [];
  const searchDir = path.join(siteDir, path.dirname(path.dirname(searchManifestFile("x"))));
  for (const name of readdirSync(searchDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)) {
    const collection = findCollection(name);
    if (!collection) continue;
    const manifest = JSON.parse(readFileSync(path.join(siteDir, searchManifestFile(name)), "utf8")) as SearchManifest;
    for (const records of manifest.files.records) {
      for (const record of JSON.parse(readFileSync(path.join(siteDir, queryFile(name, records)), "utf8")) as {
        uuid: string;
        title: string;
      }[])
        found.push({ apiPath: routePath({ view: "instance", collection, uuid: record.uuid }), title: record.title });
    }
  }
  return found.sort((a, b) => (a.apiPath < b.apiPath ? -1 : a.apiPath > b.apiPath ? 1 : 0));
}
