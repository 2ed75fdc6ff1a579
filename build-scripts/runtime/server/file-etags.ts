/**
 * Strong ETags for the site's files, as Netlify sends: a hash of the file's
 * bytes, so a rebuild that leaves a file unchanged keeps its ETag. Each
 * file is hashed once per version, a version being its (size, mtime).
 */
import { createReadStream, type Stats } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { sha1Hash } from "../../hashes.ts";

/** A file's ETag, given the file and what stat says of it. */
export type FileEtags = (file: string, stats: Stats) => Promise<string>;

export function fileEtags(): FileEtags {
  const known = new Map<string, { version: string; etag: Promise<string> }>();
  return (file, stats) => {
    const version = `${stats.size}:${stats.mtimeMs}`;
    let entry = known.get(file);
    if (entry?.version !== version) {
      const etag = hashOf(file);
      entry = { version, etag };
      known.set(file, entry);
      etag.catch(() => known.get(file)?.etag === etag && known.delete(file));
    }
    return entry.etag;
  };
}

async function hashOf(file: string): Promise<string> {
  const hash = sha1Hash();
  await pipeline(createReadStream(file), hash);
  return `"${hash.digest("hex")}"`;
}

/**
 * The file @netlify/static serves for a URL path, found the way it looks
 * (its getFilePathsForURL, which it does not export): the path itself, then
 * `.html` / `.htm` and `index.html` / `index.htm` variants; the path is not
 * percent-decoded.
 */
export async function findStaticFile(siteDir: string, pathname: string): Promise<{ file: string; stats: Stats } | undefined> {
  const variants: string[] = [];
  if (pathname.endsWith("/")) {
    const bare = pathname.slice(0, -1);
    if (pathname !== "/") variants.push(`${bare}.html`, `${bare}.htm`);
    variants.push(`${pathname}index.html`, `${pathname}index.htm`);
  } else if (!/\.(html?|png|jpg|js|css|svg|gif|ico|woff|woff2)$/.test(pathname)) {
    variants.push(`${pathname}.html`, `${pathname}.htm`, `${pathname}/index.html`, `${pathname}/index.htm`);
  }
  if (!variants.includes(pathname)) variants.unshift(pathname);
  for (const variant of variants) {
    const file = path.resolve(siteDir, ...variant.split("/").filter(Boolean));
    const stats = await stat(file).catch(() => undefined);
    if (stats?.isFile()) return { file, stats };
  }
  return undefined;
}
