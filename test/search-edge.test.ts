/**
 * `search` and `fields` for clients that cannot run the shim: the local
 * server (`npm start`, the edge function's handler in front of the files)
 * answers them server-side, in the negotiated format, with the same code and
 * the same published index as the browser.
 */
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../build-scripts/core/catalogue/resource.ts";
import { readJson, type BuildResult } from "./helpers/build-site.ts";
import { sharedBuild } from "./helpers/shared-build.ts";
import { drfMatches } from "./helpers/drf-search-filter.ts";
import { indexedLists, type IndexedList } from "./helpers/memory-index.ts";
import { rawRequest, startLocalServer, type LocalServer } from "./helpers/local-server.ts";
import { buildPagedSite, MANY_MATCHES } from "./helpers/paged-site.ts";
import { HTML_PAGE_SIZE as PAGE } from "../build-scripts/core/formats/pagination.ts";

let build: BuildResult;
let server: LocalServer;
let videos: JsonObject[];
let index: IndexedList;

beforeAll(async () => {
  build = await sharedBuild();
  expect(build.code, build.stderr).toBe(0);
  server = await startLocalServer(build.outDir);
  videos = await readJson(build, "api/videos/index.json");
  index = (await indexedLists()).find((l) => l.collection.name === "videos")!;
});

afterAll(async () => {
  await server?.stop();
});

const get = (target: string, headers: Record<string, string> = {}) => rawRequest(server.port, "GET", target, headers);
const found = async (query: string) => new Set((await index.search(query)).map((r) => r.uuid));

describe("the local server with search and fields", () => {
  it("curl '…/api/videos?search=ocean&fields=title,uuid&format=json' gives the matches, cut to those fields", async () => {
    const res = await get("/api/videos?search=ocean&fields=title,uuid&format=json");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers.vary).toBe("Accept");
    const ocean = await found("ocean");
    expect(JSON.parse(res.body.toString())).toEqual(videos.filter((v) => ocean.has(v.uuid)).map((v) => ({ uuid: v.uuid, title: v.title })));
  });

  it("answers in the format the Accept header asks for", async () => {
    const res = await get("/api/videos?search=cafe&fields=title", { Accept: "application/xml" });
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(new XMLParser().parse(res.body.toString()).root["list-item"]).toEqual([
      { title: "Café Culture in Vienna" },
      { title: "From Farm to Cafe: Following a Coffee Bean" },
    ]);
  });

  it("gives whole resources for a search alone, [] for no match, and cuts one resource to fields", async () => {
    const volcano = await found("volcano");
    expect(JSON.parse((await get("/api/videos?search=volcano&format=json")).body.toString())).toEqual(
      videos.filter((v) => volcano.has(v.uuid)),
    );
    expect((await get("/api/videos?search=zzyzx&format=json")).body.toString()).toBe("[]");
    const one = await get(`/api/videos/${String(videos[0].uuid)}?fields=uuid,length&format=json`);
    expect(JSON.parse(one.body.toString())).toEqual({ uuid: videos[0].uuid, length: videos[0].length });
  });

  it("finds a word inside a word as DRF's icontains does: ?search=olcan gives the videos that hold 'volcano'", async () => {
    const drf = new Set(index.resources.filter((_, i) => drfMatches(index.texts[i], "olcan")).map((r) => r.uuid));
    expect(drf.size).toBeGreaterThan(1);
    const res = await get("/api/videos?search=olcan&format=json");
    expect(JSON.parse(res.body.toString())).toEqual(videos.filter((v) => drf.has(v.uuid)));
  });

  it("applies them to a file's own address too, and leaves requests without them to the files", async () => {
    const cut = await get("/api/videos/index.json?fields=uuid");
    expect(JSON.parse(cut.body.toString())).toEqual(videos.map((v) => ({ uuid: v.uuid })));
    const plain = await get("/api/videos?format=json&search=");
    expect(plain.headers["content-location"]).toBe("/api/videos/index.json");
  });

  it("shows a search's answer in the HTML view, and HEAD has no body", async () => {
    const html = (await get("/api/videos?search=cafe%20vienna")).body.toString();
    expect(html).toContain("Café Culture in Vienna");
    expect(html).not.toContain("From Farm to Cafe");
    const head = await rawRequest(server.port, "HEAD", "/api/videos?search=cafe&format=json");
    expect([head.status, head.body.length]).toEqual([200, 0]);
  });

  it("caches like a CDN: query files named after their content for good, edge answers until the next deploy", async () => {
    const manifest = JSON.parse((await get("/search/videos/index.json")).body.toString()) as { files: { terms: string[] } };
    const termFile = await get(`/search/videos/files/${manifest.files.terms[0]}`);
    expect(termFile.status).toBe(200);
    expect(termFile.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const answer = await get("/api/videos?search=ocean&format=json");
    expect(answer.headers["netlify-cdn-cache-control"]).toBe("public, durable, s-maxage=31536000");
    expect(answer.headers["netlify-vary"]).toBe("query=search|fields|format|accept|page,header=Accept");
    expect(answer.headers["cache-control"]).toBe("public, max-age=300, must-revalidate");
  });

  it("finds emoji and other symbols as words, and narrows nothing by punctuation alone", async () => {
    const all = JSON.parse((await get("/api/videos?format=json")).body.toString()) as JsonObject[];
    const punctuation = JSON.parse(
      (await get(`/api/videos?search=${encodeURIComponent("?!")}&format=json`)).body.toString(),
    ) as JsonObject[];
    expect(punctuation).toHaveLength(all.length);
    const withSymbol = all.filter((v) => String(v.title).includes("🌋") || String(v.description).includes("🌋"));
    const found = JSON.parse((await get(`/api/videos?search=${encodeURIComponent("🌋")}&format=json`)).body.toString()) as JsonObject[];
    expect(found.map((v) => v.uuid)).toEqual(withSymbol.map((v) => v.uuid));
    expect(found.length).toBeLessThan(all.length);
  });
});

describe("the local server, paging a search's answer in the HTML view", () => {
  let paged: BuildResult;
  let pagedServer: LocalServer;
  let matches: JsonObject[];
  const getPaged = (target: string, headers: Record<string, string> = {}) => rawRequest(pagedServer.port, "GET", target, headers);
  /** The pagers of an HTML answer: each one's links and its "Page n of N" line. */
  const pagersOf = (html: string) =>
    [...html.matchAll(/<nav class="pagination"[^>]*>(.*?)<\/nav>/g)].map(([, nav]) => ({
      links: [...nav.matchAll(/<a href="([^"]*)" rel="(\w+)">/g)].map(([, href, rel]) => ({ rel, href: href.replaceAll("&amp;", "&") })),
      line: /<span>(.*?)<\/span>/.exec(nav)![1],
    }));

  beforeAll(async () => {
    paged = await buildPagedSite();
    expect(paged.code, paged.stderr).toBe(0);
    pagedServer = await startLocalServer(paged.outDir);
    matches = JSON.parse((await getPaged(`/api/videos?search=${MANY_MATCHES}&format=json`)).body.toString()) as JsonObject[];
  });

  afterAll(async () => {
    await pagedServer?.stop();
  });

  it("GET /api/videos?search=…&page=2 (Accept: text/html) shows the second page of matches, with pagers that keep the search", async () => {
    expect(matches.length).toBeGreaterThan(PAGE);
    const res = await getPaged(`/api/videos?search=${MANY_MATCHES}&page=2`, { Accept: "text/html" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    const html = res.body.toString();
    const pages = Math.ceil(matches.length / PAGE);
    const shown = matches.slice(PAGE, 2 * PAGE);
    for (const video of shown) expect(html).toContain(String(video.uuid));
    for (const video of matches.slice(0, PAGE)) expect(html).not.toContain(String(video.uuid));
    expect(html).toContain(`<pre class="request"><b>GET</b> /api/videos?search=${MANY_MATCHES}&amp;page=2</pre>`);
    const pagers = pagersOf(html);
    expect(pagers.length).toBeGreaterThan(0);
    for (const pager of pagers) {
      expect(pager.line).toBe(`Page 2 of ${pages} · resources ${PAGE + 1}–${PAGE + shown.length} of ${matches.length}`);
      expect(pager.links).toContainEqual({ rel: "prev", href: `api/videos/index.html?search=${MANY_MATCHES}&page=1` });
      for (const { href } of pager.links) {
        const params = new URL(href, "https://api.example.test/").searchParams;
        expect(params.get("search")).toBe(MANY_MATCHES);
        expect(Number(params.get("page"))).toBeGreaterThan(0);
      }
    }
  });

  it("follows a pager's link to the page it names", async () => {
    const page2 = (await getPaged(`/api/videos?search=${MANY_MATCHES}&page=2`, { Accept: "text/html" })).body.toString();
    const prev = pagersOf(page2)[0].links.find((l) => l.rel === "prev")!;
    const page1 = (await getPaged(`/${prev.href}`, { Accept: "text/html" })).body.toString();
    expect(pagersOf(page1)[0].line).toBe(`Page 1 of ${Math.ceil(matches.length / PAGE)} · resources 1–${PAGE} of ${matches.length}`);
    expect(page1).toContain(String(matches[0].uuid));
    expect(page1).not.toContain(String(matches[PAGE].uuid));
  });

  it("format=json with page=2 still gives the whole answer: the data formats are not paged", async () => {
    const res = await getPaged(`/api/videos?search=${MANY_MATCHES}&page=2&format=json`);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(res.body.toString())).toEqual(matches);
    const accepted = await getPaged(`/api/videos?search=${MANY_MATCHES}&page=2`, { Accept: "application/json" });
    expect(JSON.parse(accepted.body.toString())).toEqual(matches);
  });
});
