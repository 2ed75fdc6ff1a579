/**
 * The mirror's archive step, as `npm run mirror` and the benchmark run it:
 * the built site, with a MIRROR-README on top and the script-wrapped copies
 * that let it be searched from its files (offline-files.ts), into
 * downloads/catalogue-mirror.zip below the site (the downloads/ folder itself
 * and the CMS's admin/, which needs a server, left out). The archive already
 * there is the previous one: its unchanged entries are copied (write-archive.ts).
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { SiteConfig } from "../../core/catalogue/site-config.ts";
import { ADMIN_FOLDER, MIRROR_ARCHIVE } from "../../core/routes/output-tree.ts";
import { MIRROR_README, mirrorReadme } from "./mirror-readme.ts";
import { offlineFiles } from "./offline-files.ts";
import { writeArchive, type ArchiveInput, type ArchiveWritten, type InMemoryFile } from "./write-archive.ts";

const FOLDER = path.basename(MIRROR_ARCHIVE, ".zip");

export interface SiteArchive extends ArchiveWritten {
  /** Where it was written. */
  readonly file: string;
}

export async function archiveSite(
  siteDir: string,
  config: SiteConfig,
  date: Date,
  options: Pick<ArchiveInput, "progress" | "update"> = {},
): Promise<SiteArchive> {
  async function* extra(): AsyncGenerator<InMemoryFile> {
    yield { name: MIRROR_README, data: new TextEncoder().encode(mirrorReadme(FOLDER, config, date.toISOString())) };
    yield* offlineFiles(siteDir);
  }
  const exclude = [path.dirname(MIRROR_ARCHIVE), ADMIN_FOLDER];
  return archiveOver(path.join(siteDir, MIRROR_ARCHIVE), date, options, { siteDir, exclude, extra: extra() });
}

/** The archive at `file`, unpacking to a folder of its name, written over the previous one there: the mirror's and the reader's. */
export async function archiveOver(
  file: string,
  date: Date,
  options: Pick<ArchiveInput, "progress" | "update" | "sibling">,
  input: Pick<ArchiveInput, "siteDir" | "exclude" | "only" | "extra">,
): Promise<SiteArchive> {
  await mkdir(path.dirname(file), { recursive: true });
  const written = await writeArchive(file, { ...input, ...options, folder: path.basename(file, ".zip"), mtime: date, previous: file });
  return { file, ...written };
}
