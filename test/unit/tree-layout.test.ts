/** The split layout's paths, the parser reading them, and the choice of levels (core/routes/tree-layout.ts, output-tree.ts, api-path.ts). */
import { describe, expect, it } from "vitest";
import { fileOfApiUrl, resolveApiPath, routeFile } from "../../build-scripts/core/routes/api-path.ts";
import { findCollection } from "../../build-scripts/core/catalogue/collections.ts";
import { instanceFile, listPageFile, recordSliceName } from "../../build-scripts/core/routes/output-tree.ts";
import { HTML_PAGE_SIZE } from "../../build-scripts/core/formats/pagination.ts";
import { chooseLayout, chooseLevels, FLAT_LAYOUT, parseLayout, slicesPerFolder } from "../../build-scripts/core/routes/tree-layout.ts";

const UUID = "bcac7d6e-6aaf-49eb-8453-1ecd48840d86";
const SPLIT = { version: 1, levels: { videos: 1, lessons: 2 } } as const;
const videos = findCollection("videos")!;

describe("a split collection's files", () => {
  it("are in bucket folders named by the uuid's last hex digits, or the page number's", () => {
    expect(instanceFile("videos", UUID, "json")).toBe(`api/videos/${UUID}/index.json`);
    expect(instanceFile("videos", UUID, "json", 1)).toBe(`api/videos/86/${UUID}/index.json`);
    expect(instanceFile("videos", UUID, "xml", 2)).toBe(`api/videos/0d/86/${UUID}/index.xml`);
    expect(listPageFile("videos", 2, "html", 1)).toBe("api/videos/02/page-2.html");
    expect(listPageFile("videos", 300, "html", 1)).toBe("api/videos/2c/page-300.html");
    expect(listPageFile("videos", 300, "html", 2)).toBe("api/videos/01/2c/page-300.html");
    expect(listPageFile("videos", 1, "html", 2)).toBe("api/videos/index.html");
    expect(recordSliceName(7, "0123456789ab")).toBe("records-7.0123456789ab.json");
    expect(recordSliceName(7, "0123456789ab", 5)).toBe("records/1/records-7.0123456789ab.json");
  });

  it("are where routeFile and fileOfApiUrl put a view, as the layout says", () => {
    expect(routeFile({ view: "instance", collection: videos, uuid: UUID }, "json", SPLIT)).toBe(`api/videos/86/${UUID}/index.json`);
    expect(routeFile({ view: "list", collection: videos, page: 2 }, "html", FLAT_LAYOUT)).toBe("api/videos/page-2.html");
    const base = "https://api.example.test";
    expect(fileOfApiUrl(`${base}/fr/api/lessons/${UUID}`, base, "html", SPLIT)).toBe(`fr/api/lessons/0d/86/${UUID}/index.html`);
    expect(fileOfApiUrl(`${base}/api/units/${UUID}`, base, "html", SPLIT)).toBe(`api/units/${UUID}/index.html`);
  });
});

describe("the parser", () => {
  it("reads a split file's own path as its view, with the file's format", () => {
    expect(resolveApiPath(`/api/videos/86/${UUID}/index.json`)).toEqual({
      route: { view: "instance", collection: videos, uuid: UUID },
      fixedExtension: "json",
      levels: 1,
    });
    expect(resolveApiPath("/fr/api/videos/02/page-2.html")).toMatchObject({ route: { view: "list", page: 2 }, levels: 1, language: "fr" });
    expect(resolveApiPath(`/api/lessons/0d/86/${UUID}/index.xml`, SPLIT)).toMatchObject({ levels: 2 });
  });

  it("names nothing at a wrong bucket, nor, with the tree's layout, where the layout puts no file", () => {
    for (const path of [
      `/api/videos/87/${UUID}/index.json`,
      `/api/videos/86/${UUID}`,
      "/api/videos/03/page-2.html",
      "/api/videos/2/page-2.html",
      `/api/videos/86/86/${UUID}/index.json`,
    ])
      expect([path, resolveApiPath(path)]).toEqual([path, undefined]);
    for (const path of [`/api/videos/${UUID}/index.json`, "/api/videos/page-2.html", `/api/units/86/${UUID}/index.json`])
      expect([path, resolveApiPath(path, SPLIT)]).toEqual([path, undefined]);
    // An address names a view whatever the layout; so do the lists' files, which stay in place.
    for (const path of [`/api/videos/${UUID}/`, "/api/videos/index.xml", "/api/", `/api/units/${UUID}/index.json`])
      expect(resolveApiPath(path, SPLIT)).toBeDefined();
  });
});

describe("the choice of levels", () => {
  const hex = (n: number) => n.toString(16).padStart(12, "0");
  const uuids = (n: number, tail: (i: number) => number = (i) => i) =>
    Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${hex(tail(i))}`);

  it("keeps a folder flat up to the limit, counting resources, pages 2… and the four lists", () => {
    // 50 resources: pages 1 and 2, so 50 + 1 + 4 entries.
    expect(chooseLevels("videos", uuids(50), 2, 55)).toBe(0);
    expect(chooseLevels("videos", uuids(50), 2, 54)).toBe(1);
  });

  it("takes more levels when the uuids' last digits crowd a bucket, and fails clearly when none will do", () => {
    // Uuids that differ only in their third-last and fourth-last digits all share one bucket at one level.
    const crowded = uuids(300, (i) => i * 256);
    expect(chooseLevels("videos", crowded, 1, 260)).toBe(2);
    expect(() => chooseLevels("videos", uuids(300), 1, 3)).toThrow(
      /^api\/videos\/: no split of up to 6 levels of bucket folders keeps every folder within the folder limit: expected at most 3 entries, found \d+ in one folder/,
    );
  });

  it("names only split collections, and reads back what it wrote", () => {
    // 100 resources, 4 pages: 107 entries flat; at one level, 100 buckets (pages 2–4 share three) and the 4 lists.
    const layout = chooseLayout(
      [
        ["videos", uuids(100)],
        ["units", uuids(3)],
      ],
      105,
      HTML_PAGE_SIZE,
    );
    expect(layout).toEqual({ version: 1, levels: { videos: 1 } });
    expect(parseLayout(JSON.parse(JSON.stringify(layout)))).toEqual(layout);
    expect(parseLayout(undefined)).toEqual(FLAT_LAYOUT);
    expect(() => parseLayout({ version: 1, levels: { videos: 7 } })).toThrow(/search\/layout.json: expected/);
  });

  it("puts a list's record slices in subfolders once they and the list's other files pass the limit", () => {
    expect(slicesPerFolder(40_000, 70, 50_000)).toBeUndefined();
    expect(slicesPerFolder(49_950, 70, 50_000)).toBe(50_000);
  });
});
