/**
 * List order: by position, ties by file name (two records made between
 * deploys share one), records without a position last, by file name.
 */
import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../../build-scripts/core/catalogue/catalogue.ts";
import { findCollection } from "../../build-scripts/core/catalogue/collections.ts";
import type { SourceRecord } from "../../build-scripts/core/catalogue/resource.ts";

const videos = findCollection("videos")!;
const entry = (file: string, position?: number) => ({
  collection: videos,
  file: `content/videos/${file}.json`,
  digest: file,
  record: { uuid: crypto.randomUUID(), html_path: `media/${file}/`, ...(position === undefined ? {} : { position }) } as SourceRecord,
});

describe("a list's order", () => {
  it("is by position, then by file name, records without a position last", () => {
    const entries = [
      entry("z-none"),
      entry("tides-1", 3),
      entry("b-new", 4),
      entry("tides", 3),
      entry("a-new", 4),
      entry("alpha", 1),
      entry("a-none"),
    ];
    const order = buildCatalogue(entries)
      .lists.get("videos")!
      .map((e) => e.file.replace(/^content\/videos\/|\.json$/g, ""));
    expect(order).toEqual(["alpha", "tides", "tides-1", "a-new", "b-new", "a-none", "z-none"]);
  });

  it("does not depend on the order the files were read in", () => {
    const entries = [entry("c", 2), entry("b", 2), entry("a", 2), entry("d", 1)];
    const order = (list: typeof entries) =>
      buildCatalogue(list)
        .lists.get("videos")!
        .map((e) => e.file);
    expect(order([...entries].reverse())).toEqual(order(entries));
  });
});
