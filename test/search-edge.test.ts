/**
 * `search` and `fields` for clients that cannot run the shim: the local
 * server (`npm start`, the edge function's handler in front of the files)
 * answers them server-side, in the negotiated format, with the same code and
 * the same published index as the browser.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../build-scripts/core/catalogue/resource.ts";
import { buildSite, readJson, type BuildResult } from "./helpers/build-site.ts";
import { indexedLists, type IndexedList } from "./helpers/memory-index.ts";
import { rawRequest, startLocalServer, type LocalServer } from "./helpers/local-server.ts";

let build: BuildResult;
let server: LocalServer;
let videos: JsonObject[];
let index: IndexedList;

beforeAll(async () => {
  build = await buildSite();
  expect(build.code, build.stderr).toBe(0);
  server = await startLocalServer(build.outDir);
  videos = await readJson(build, "api/videos/index.json");
  index = (await indexedLists()).find((l) => l.collection.name === "videos")!;
});

afterAll(async () => {
  await server?.stop();
  if (build) await rm(path.dirname(build.outDir), { recursive: true, force: true });
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
