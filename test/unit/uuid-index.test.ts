/** The uuid index: its bucket count, a uuid's bucket, and a lookup in the bucket's text (core/search/uuid-index.ts). */
import { describe, expect, it } from "vitest";
import { sha1 } from "../../build-scripts/hashes.ts";
import { uuidBits, uuidBucket, uuidBucketTexts, uuidPosition } from "../../build-scripts/core/search/uuid-index.ts";

/** Uuid n of a list: random-looking and repeatable. */
function uuidOf(n: number): string {
  const hex = sha1(String(n));
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

describe("the uuid index", () => {
  it("has one bucket for a small list, and doubles them as the list grows", () => {
    expect(uuidBits(0)).toBe(0);
    expect(uuidBits(4096)).toBe(0);
    expect(uuidBits(4097)).toBe(1);
    // 850,000 videos: 256 buckets of about 3,300 uuids.
    expect(uuidBits(850_000)).toBe(8);
  });

  it("puts a uuid in the bucket of its leading bits", () => {
    expect(uuidBucket("ffffffff-0000-4000-8000-000000000000", 8)).toBe(255);
    expect(uuidBucket("00ffffff-0000-4000-8000-000000000000", 8)).toBe(0);
    expect(uuidBucket("80000000-0000-4000-8000-000000000000", 1)).toBe(1);
    expect(uuidBucket("7fffffff-0000-4000-8000-000000000000", 1)).toBe(0);
    expect(uuidBucket("ffffffff-0000-4000-8000-000000000000", 0)).toBe(0);
    expect(uuidBucket("not-a-uuid", 3)).toBe(-1);
  });

  it("finds every uuid's position in its bucket, and no other", () => {
    const uuids = Array.from({ length: 30_000 }, (_, n) => uuidOf(n));
    const { bits, texts } = uuidBucketTexts(uuids);
    expect(texts).toHaveLength(2 ** bits);
    expect(Math.max(...texts.map((text) => text.length))).toBeLessThan(200_000);
    const found = uuids.map((uuid) => uuidPosition(texts[uuidBucket(uuid, bits)], uuid));
    expect(found.every((position, n) => position === n)).toBe(true);
    const absent = uuidOf(-1);
    expect(uuidPosition(texts[uuidBucket(absent, bits)], absent)).toBeUndefined();
    // A uuid's position, not a later line's: the first line and a later one.
    expect(uuidPosition(`${uuids[0]} 0\n${uuids[1]} 17\n`, uuids[1])).toBe(17);
    expect(uuidPosition(`${uuids[0]} 0\n${uuids[1]} 17\n`, uuids[0])).toBe(0);
  });
});
