/**
 * Where each record's file is, for the CMS: Decap opens an entry by its file
 * name (`#/collections/<collection>/entries/<file name>`), which the API
 * does not carry. The build publishes, for every record of the source tree,
 * a line `key<TAB>collection<TAB>file name` under two keys, its UUID and its
 * html_path, in a small file chosen by the key's hash (SOURCE_BUCKETS of
 * them at the most, so a lookup is one request of a few kB at any size).
 */
import type { SiteAddresses } from "../catalogue/site-config.ts";
import { resolveApiPath, UUID } from "../routes/api-path.ts";
import { sourceBucketFile } from "../routes/output-tree.ts";

/** Hex digits of a key's hash that name its bucket: 4,096 buckets, about 25 lines each at 50,000 records. */
const BUCKET_DIGITS = 3;

/** A record as the map names it. */
export interface RecordSource {
  readonly collection: string;
  readonly uuid: string;
  readonly htmlPath: string;
  /** The file's name in its collection's folder, without `.json`. */
  readonly fileName: string;
}

/** FNV-1a (32 bits) over the key's UTF-16 code units, as hex: the same in the build and the browser. */
function keyHash(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** The file (below the site root) that holds a key's lines. */
export const sourceFileOf = (key: string) => sourceBucketFile(keyHash(key).slice(0, BUCKET_DIGITS));

/** The map's files (below the site root) and their text, lines sorted; a bucket no key falls in has no file. */
export function sourceFiles(records: Iterable<RecordSource>): Map<string, string> {
  const lines = new Map<string, string[]>();
  for (const record of records) {
    for (const key of [record.uuid, record.htmlPath]) {
      const file = sourceFileOf(key);
      const line = `${key}\t${record.collection}\t${record.fileName}\n`;
      const bucket = lines.get(file);
      if (bucket) bucket.push(line);
      else lines.set(file, [line]);
    }
  }
  return new Map([...lines].map(([file, bucket]) => [file, bucket.sort().join("")]));
}

/** Where a key's records are, from its bucket's text (none when the key is not in it). */
export function sourcesIn(text: string, key: string): { collection: string; fileName: string }[] {
  return text
    .split("\n")
    .map((line) => line.split("\t"))
    .filter(([found, , fileName]) => found === key && fileName !== undefined)
    .map(([, collection, fileName]) => ({ collection, fileName }));
}

/**
 * The key a record is looked up by, from what an editor pasted: its UUID, its
 * API address (`url`, in any format or host) or its page's (`html_url`: the
 * html_path below the site's address); undefined when it is none of these.
 */
export function sourceKey(input: string, site: SiteAddresses): string | undefined {
  const text = input.trim();
  if (UUID.test(text.toLowerCase())) return text.toLowerCase();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const resolved = resolveApiPath(url.pathname);
  if (resolved?.route.view === "instance") return resolved.route.uuid;
  // As the record writes it, not as URL would re-encode it: `html_url` is `{site_url}/` + html_path, verbatim.
  const address = text.split(/[?#]/)[0];
  const path = address.startsWith(`${site.siteUrl}/`)
    ? address.slice(site.siteUrl.length + 1)
    : address.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*\/?/i, "");
  return path === "" ? undefined : path.endsWith("/") ? path : `${path}/`;
}
