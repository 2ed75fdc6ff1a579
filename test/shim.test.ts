/**
 * The browser shim, imported in Node from a built site served by http-server:
 * given the site's address and {search, fields, format}, the user gets what
 * the service would answer.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../build-scripts/core/catalogue/resource.ts";
import { SHIM_FILE } from "../build-scripts/core/routes/output-tree.ts";
import type { request as Request } from "../build-scripts/runtime/browser/shim.ts";
import { readJson, type BuildResult } from "./helpers/build-site.ts";
import { sharedBuild } from "./helpers/shared-build.ts";
import { serveStatic, type StaticServer } from "../harness/static-server.ts";
import { indexedLists } from "./helpers/memory-index.ts";
import { buildPagedSite, MANY_MATCHES } from "./helpers/paged-site.ts";
import { HTML_PAGE_SIZE as PAGE } from "../build-scripts/core/formats/pagination.ts";

let build: BuildResult;
let server: StaticServer;
let request: typeof Request;
let videos: JsonObject[];
const fetched: string[] = [];

beforeAll(async () => {
  build = await sharedBuild();
  expect(build.code, build.stderr).toBe(0);
  server = await serveStatic(build.outDir);
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    fetched.push(String(input).replace(/^http:\/\/127\.0\.0\.1:/, ""));
    return realFetch(input, init);
  };
  ({ request } = await import(pathToFileURL(path.join(build.outDir, SHIM_FILE)).href));
  videos = await readJson(build, "api/videos/index.json");
});

afterAll(async () => {
  await server?.close();
});

describe("the shim", () => {
  it("answers a list with search and fields in JSON, as the service would", async () => {
    const answer = await request(server.url, "/api/videos", { search: "ocean currents", fields: "title,uuid", format: "json" });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe("application/json; charset=utf-8");
    const match = videos.find((v) => v.title === "How Ocean Currents Move Heat Around the Planet")!;
    expect(answer.data).toEqual([{ uuid: match.uuid, title: match.title }]);
    expect(JSON.parse(answer.text)).toEqual(answer.data);
  });

  it("finds the same records as the search code over the same index", async () => {
    const list = (await indexedLists()).find((l) => l.collection.name === "videos")!;
    for (const search of ["volcano", "cafe", "ocean, heat", "the", "qqqq", "volcanoes plate"]) {
      const answer = await request(server.url, "/api/videos", { search, fields: "uuid" });
      expect(answer.data, search).toEqual((await list.search(search)).map((r) => ({ uuid: r.uuid })));
    }
  });

  it("gives whole resources, in list order, when only searching", async () => {
    const answer = await request(server.url, "/api/videos", { search: "volcano" });
    const data = answer.data as JsonObject[];
    expect(data.length).toBeGreaterThan(2);
    const positions = data.map((r) => videos.findIndex((v) => v.uuid === r.uuid));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const r of data) expect(r).toEqual(videos.find((v) => v.uuid === r.uuid));
  });

  it("renders XML and XLIFF with the site's renderers", async () => {
    const xml = await request(server.url, "/api/videos", { search: "cafe", fields: "title", format: "xml" });
    expect(xml.contentType).toBe("application/xml; charset=utf-8");
    expect(new XMLParser().parse(xml.text).root["list-item"]).toEqual([
      { title: "Café Culture in Vienna" },
      { title: "From Farm to Cafe: Following a Coffee Bean" },
    ]);
    const xliff = await request(server.url, "/api/videos", { search: "cafe vienna", format: "xliff" });
    expect(xliff.text).toContain("<source>Café Culture in Vienna</source>");
    const titleOnly = await request(server.url, "/api/videos", { search: "cafe vienna", fields: "title", format: "xliff" });
    expect(titleOnly.text).toContain('<file original="" source-language="en"');
  });

  it("cuts one resource and the whole list down to fields", async () => {
    const one = await request(server.url, `/api/units/${String((await readJson<JsonObject[]>(build, "api/units/index.json"))[0].uuid)}`, {
      fields: "title,url",
    });
    expect(Object.keys(one.data as JsonObject)).toEqual(["url", "title"]);
    const all = await request(server.url, "/api/videos", { fields: "uuid" });
    expect(all.data).toEqual(videos.map((v) => ({ uuid: v.uuid })));
  });

  it("answers [] for no match and 404 for what does not exist", async () => {
    expect((await request(server.url, "/api/videos", { search: "zzyzx" })).data).toEqual([]);
    const missing = await request(server.url, "/api/nothing", {});
    expect([missing.status, missing.data]).toEqual([404, { detail: "Not found." }]);
    expect((await request(server.url, "/api/videos/00000000-0000-0000-0000-000000000000", {})).status).toBe(404);
  });

  it("loads no search files until a search is made, then the index and the records that match", async () => {
    const other = await serveStatic(build.outDir);
    try {
      const seen = () => fetched.splice(0).map((f) => f.replace(/^\d+\//, ""));
      seen();
      // The whole list narrowed by fields: only the JSON column of that field, named in the list's manifest.
      await request(other.url, "/api/videos", { fields: "title" });
      expect(seen()).toEqual([
        "search/videos/index.json",
        expect.stringMatching(/^search\/videos\/files\/column-json-title\.[0-9a-f]{12}\.txt$/),
      ]);
      await request(other.url, "/api/videos", { search: "ocean currents" });
      // The fragment files of the words' trigrams too, to find the words they are inside of.
      const read = seen();
      const isFragmentFile = (f: string) => /^search\/videos\/files\/fragments-\d+\.[0-9a-f]{12}\.txt$/.test(f);
      expect(read.filter(isFragmentFile).length).toBeGreaterThan(0);
      expect(read.filter((f) => !isFragmentFile(f))).toEqual([
        expect.stringMatching(/^search\/videos\/files\/terms-0\.[0-9a-f]{12}\.txt$/),
        expect.stringMatching(/^search\/videos\/files\/records-0\.[0-9a-f]{12}\.json$/),
      ]);
      await request(other.url, "/api/videos", { search: "ocean" });
      expect(seen().filter((f) => !f.includes("/records-"))).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe("the shim, asked with lazy: true", () => {
  it("downloads for an XML fields answer only its XML columns, and the JSON's when its data is asked", async () => {
    const other = await serveStatic(build.outDir);
    try {
      const seen = () => fetched.splice(0).map((f) => f.replace(/^\d+\//, "").replace(/\.[0-9a-f]{12}\./, ".#."));
      seen();
      const answer = await request(other.url, "/api/videos", { fields: "uuid,title", format: "xml", lazy: true });
      expect(answer.contentType).toBe("application/xml; charset=utf-8");
      expect(seen()).toEqual([
        "search/videos/index.json",
        "search/videos/files/column-xml-uuid.#.txt",
        "search/videos/files/column-xml-title.#.txt",
      ]);
      expect(await answer.data()).toEqual(videos.map((v) => ({ uuid: v.uuid, title: v.title })));
      expect(seen()).toEqual(["search/videos/files/column-json-uuid.#.txt", "search/videos/files/column-json-title.#.txt"]);
      const eager = await request(other.url, "/api/videos", { fields: "uuid,title", format: "xml" });
      expect(answer.text).toBe(eager.text);
    } finally {
      await other.close();
    }
  });
});

describe("the shim, one page at a time", () => {
  let paged: BuildResult;
  let pagedServer: StaticServer;
  let pagedRequest: typeof Request;

  beforeAll(async () => {
    paged = await buildPagedSite();
    expect(paged.code, paged.stderr).toBe(0);
    pagedServer = await serveStatic(paged.outDir);
    ({ request: pagedRequest } = await import(pathToFileURL(path.join(paged.outDir, SHIM_FILE)).href));
  });

  afterAll(async () => {
    await pagedServer?.close();
  });

  it("given { search, page: 1 }, gives the first page of matches, how many there are in all, and how many pages", async () => {
    const whole = (await pagedRequest(pagedServer.url, "/api/videos", { search: MANY_MATCHES })).data as JsonObject[];
    expect(whole.length).toBeGreaterThan(PAGE);
    const first = await pagedRequest(pagedServer.url, "/api/videos", { search: MANY_MATCHES, page: 1 });
    expect(first.data).toEqual(whole.slice(0, PAGE));
    expect(first.total).toBe(whole.length);
    expect(first.page).toEqual({ number: 1, pages: Math.ceil(whole.length / PAGE) });
    const second = await pagedRequest(pagedServer.url, "/api/videos", { search: MANY_MATCHES, page: 2 });
    expect(second.data).toEqual(whole.slice(PAGE, 2 * PAGE));
    expect(second.page).toEqual({ number: 2, pages: Math.ceil(whole.length / PAGE) });
  });

  it("without page, gives the whole answer, with its total and no page", async () => {
    const list = (await pagedRequest(pagedServer.url, "/api/videos", { fields: "uuid" })).data as JsonObject[];
    expect(list).toHaveLength(260);
    const answer = await pagedRequest(pagedServer.url, "/api/videos", { search: MANY_MATCHES, fields: "uuid" });
    const data = answer.data as JsonObject[];
    expect(data.length).toBeGreaterThan(PAGE);
    expect(data.length).toBeLessThan(list.length);
    expect(answer.total).toBe(data.length);
    expect(answer.page).toBeUndefined();
  });
});
