/**
 * Zips a built site into one archive (fflate writes the zip), every file below
 * a top folder, streamed to disk file by file so a large site never sits in
 * memory whole. Each file is compressed by Node's zlib: fflate's streaming
 * deflate (0.8.3, levels 6 and up) writes invalid data for some inputs, such as
 * the URL columns of the search files.
 */
import { createWriteStream } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import { Zip, type ZipInputFile } from "fflate";

export interface ArchiveInput {
  /** The built site. */
  readonly siteDir: string;
  /** Folders below the site not to include (e.g. downloads/, which holds the archive). */
  readonly exclude: readonly string[];
  /** The folder the archive unpacks to. */
  readonly folder: string;
  /** Extra files at the top of that folder: name → text. */
  readonly extra: ReadonlyMap<string, string>;
  readonly mtime: Date;
  readonly progress?: (done: number, total: number) => void;
}

/** Writes the archive; resolves with how many files it holds. */
export async function writeArchive(target: string, input: ArchiveInput): Promise<number> {
  const files = (await readdir(input.siteDir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => path.relative(input.siteDir, path.join(d.parentPath, d.name)).split(path.sep).join("/"))
    .filter((file) => !input.exclude.some((dir) => file.startsWith(`${dir}/`)))
    .sort();
  const out = createWriteStream(target);
  const done = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
  });
  let failure: Error | undefined;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else out.write(chunk);
    if (final || error) out.end();
  });
  const add = async (name: string, data: Uint8Array) => {
    const entry: ZipInputFile = {
      filename: `${input.folder}/${name}`,
      size: data.length,
      crc: crc32(data),
      compression: 8,
      mtime: input.mtime,
    };
    zip.add(entry);
    entry.ondata!(null, deflateRawSync(data, { level: 6 }), true);
    if (out.writableNeedDrain) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  };
  for (const [name, text] of input.extra) await add(name, new TextEncoder().encode(text));
  for (const [i, file] of files.entries()) {
    await add(file, await readFile(path.join(input.siteDir, file)));
    if (input.progress && (i + 1) % 5000 === 0) input.progress(i + 1, files.length);
  }
  zip.end();
  await done;
  if (failure) throw failure;
  return files.length + input.extra.size;
}
