/**
 * The uuid index: each resource's uuid to its position in its list (hence its
 * record slice), so the offline reader opens a resource by reading one small
 * file, not the whole uuid column. Bucket files `uuids-<k>` hold lines
 * `uuid position` in list order; a uuid is in bucket k, the top `bits` bits of
 * its first 8 hex digits, and the bucket count, 2^bits, grows with the list
 * (one file for a small list). Pure: the build writes what this returns
 * (pipeline/write/query-files.ts), the reader reads it (search-data-answers.ts).
 */

/** About as many uuids per bucket file as this (about 45 bytes each): a bucket stays near 200 kB at most. */
const UUIDS_PER_BUCKET = 4096;

/** The bits of a list's buckets: the fewest that keep its buckets within UUIDS_PER_BUCKET on average. */
export function uuidBits(records: number): number {
  let bits = 0;
  while (records > UUIDS_PER_BUCKET << bits) bits++;
  return bits;
}

/** A uuid's bucket at `bits` (a uuid is lower-case hex, common.schema.json); -1 for a string that is no uuid. */
export function uuidBucket(uuid: string, bits: number): number {
  if (!/^[0-9a-f]{8}/.test(uuid)) return -1;
  // A shift by 32 would be a shift by 0: no bits, one bucket.
  return bits === 0 ? 0 : parseInt(uuid.slice(0, 8), 16) >>> (32 - bits);
}

/** The bucket files' texts of a list's uuids (in list order), bucket by bucket. */
export function uuidBucketTexts(uuids: readonly string[]): { bits: number; texts: string[] } {
  const bits = uuidBits(uuids.length);
  const lines: string[][] = Array.from({ length: 2 ** bits }, () => []);
  uuids.forEach((uuid, position) => lines[uuidBucket(uuid, bits)].push(`${uuid} ${position}\n`));
  return { bits, texts: lines.map((bucket) => bucket.join("")) };
}

/** A uuid's position in its bucket file's text, or undefined when it has none. */
export function uuidPosition(text: string, uuid: string): number | undefined {
  const key = `${uuid} `;
  const line = text.startsWith(key) ? 0 : text.indexOf(`\n${key}`) + 1;
  if (line === 0 && !text.startsWith(key)) return undefined;
  const from = line + key.length;
  return Number(text.slice(from, text.indexOf("\n", from)));
}
