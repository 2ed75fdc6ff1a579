/**
 * The CMS's map from records to their files: each record under its UUID and
 * its html_path, in the small file its key's hash names; what an editor
 * pastes (a UUID, an API address, a page's address) gives the key.
 */
import { describe, expect, it } from "vitest";
import { sourceFileOf, sourceFiles, sourceKey, sourcesIn, type RecordSource } from "../../build-scripts/core/cms/record-sources.ts";

const site = { baseUrl: "https://api.example.org", siteUrl: "https://education.example.org" };
const uuid = "0d565147-c73f-44cf-9038-addfabc6803e";

describe("sourceKey", () => {
  it.each([
    [uuid, uuid],
    [` ${uuid.toUpperCase()} `, uuid],
    [`https://api.example.org/api/units/${uuid}`, uuid],
    [`http://127.0.0.1:8080/api/units/${uuid}/index.xml`, uuid],
    [`https://elsewhere.example/fr/api/units/${uuid}/?format=json`, uuid],
    ["https://education.example.org/education/unit/ancient-worlds/", "education/unit/ancient-worlds/"],
    ["https://education.example.org/education/unit/ancient-worlds", "education/unit/ancient-worlds/"],
    ["https://education.example.org/media/café/?utm=x#top", "media/café/"],
    ["https://preview.example.org/media/volcano/", "media/volcano/"],
    ["volcano", undefined],
    ["https://education.example.org/", undefined],
  ])("%s → %s", (input, key) => expect(sourceKey(input, site)).toBe(key));
});

describe("the map's files", () => {
  const records: RecordSource[] = Array.from({ length: 3000 }, (_, n) => ({
    collection: n % 2 ? "videos" : "units",
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    htmlPath: `media/record-${n}/`,
    fileName: `record ${n}`,
  }));
  const files = sourceFiles(records);

  it("find every record by its UUID and by its html_path, in the one file its key names", () => {
    for (const record of records) {
      for (const key of [record.uuid, record.htmlPath])
        expect(sourcesIn(files.get(sourceFileOf(key))!, key)).toEqual([{ collection: record.collection, fileName: record.fileName }]);
    }
  });

  it("are small, and a key they do not hold finds nothing", () => {
    expect(Math.max(...[...files.values()].map((text) => text.length))).toBeLessThan(1000);
    expect(sourcesIn(files.get(sourceFileOf(records[0].uuid))!, "media/record-0")).toEqual([]);
  });

  it("give every record that shares an html_path", () => {
    const shared = sourceFiles([
      { collection: "videos", uuid, htmlPath: "media/a/", fileName: "a" },
      { collection: "videos", uuid: uuid.replace("0d", "1d"), htmlPath: "media/a/", fileName: "a-1" },
    ]);
    expect(sourcesIn(shared.get(sourceFileOf("media/a/"))!, "media/a/").map((s) => s.fileName)).toEqual(["a", "a-1"]);
  });
});
