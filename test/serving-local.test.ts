/**
 * Given a site built by `npm run build` and served by `npm run serve`, this is
 * what each request of the spec gets: status, media type, the API's headers
 * and the bytes of the right file (or DRF's error and OPTIONS bodies) — the
 * same answers the Netlify site gives with its edge function. The catalogue is
 * the sample one plus 120 photos, so a list has a second HTML page, and a
 * French title for one unit, so a translated tree.
 */
import { readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../build-scripts/core/catalogue/collections.ts";
import { FORMATS } from "../build-scripts/core/formats/formats.ts";
import { HTML_PAGE_SIZE } from "../build-scripts/core/formats/pagination.ts";
import { canonicalPath } from "../build-scripts/core/routes/api-path.ts";
import { buildSite, type BuildResult } from "./helpers/build-site.ts";
import { rawRequest, startLocalServer, type LocalServer, type RawResponse } from "./helpers/local-server.ts";
import { repeatedParameters } from "./helpers/repeated-parameters.ts";
import { tempContent, writeRecord } from "./helpers/temp-content.ts";

const EXTRA_PHOTOS = 120;
/** The photos list's HTML pages: the sample's three photos and the extra ones. */
const PHOTO_PAGES = Math.ceil((3 + EXTRA_PHOTOS) / HTML_PAGE_SIZE);
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

let work: string;
let build: BuildResult;
let server: LocalServer;
/** The first resource of each collection that has any, e.g. videos → its uuid. */
const samples = new Map<string, string>();

beforeAll(async () => {
  const content = await tempContent("content");
  work = path.dirname(content);
  const photoDir = path.join(content, "photos");
  const photo = JSON.parse(await readFile(path.join(photoDir, (await readdir(photoDir))[0]), "utf8"));
  for (let i = 0; i < EXTRA_PHOTOS; i++) {
    const n = String(i).padStart(12, "0");
    const record = {
      ...photo,
      position: 10_000 + i,
      uuid: `00000000-0000-4000-8000-${n}`,
      html_path: `photography/photo/extra-${i}/`,
      title: `Extra photo ${i}`,
    };
    await writeRecord(content, `photos/extra-${i}.json`, record);
  }
  // A French title for one unit gives the site a translated tree.
  const unit = JSON.parse(await readFile(path.join(content, "units/volcanoes-and-people.json"), "utf8")) as { uuid: string; title: string };
  await writeRecord(content, `translations/fr/units/${unit.uuid}.json`, {
    fields: { "/title": { source: unit.title, target: "Volcans et populations" } },
  });
  build = await buildSite({ CONTENT_DIR: content }, path.join(work, "_site"));
  expect(build.stderr).toBe("");
  expect(build.code).toBe(0);
  for (const c of COLLECTIONS) {
    const list = JSON.parse(await readFile(path.join(build.outDir, `api/${c.name}/index.json`), "utf8")) as { uuid: string }[];
    if (list.length > 0) samples.set(c.name, list[0].uuid);
  }
  server = await startLocalServer(build.outDir);
});

afterAll(async () => {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
});

interface Row {
  readonly method?: string;
  readonly target: string;
  readonly accept?: string;
  readonly status: number;
  /** The media type of Content-Type. */
  readonly type: string;
  /** The file of the site whose bytes are the body. */
  readonly file?: string;
  /** The JSON body (errors and OPTIONS in JSON). */
  readonly json?: unknown;
  /** A text the body holds (errors and OPTIONS in the other formats). */
  readonly contains?: string;
}

const NOT_FOUND = { detail: "Not found." };

/** Every way of choosing each format, on one address whose file in a format is `file(ext)`. */
function everyWayOfChoosing(address: string, file: (ext: string) => string): Row[] {
  const html = file("html");
  const rows: Row[] = [
    { target: address, status: 200, type: "text/html", file: html },
    { target: address, accept: "*/*", status: 200, type: "text/html", file: html },
    { target: address, accept: BROWSER_ACCEPT, status: 200, type: "text/html", file: html },
  ];
  for (const f of FORMATS) {
    const expected = { status: 200, type: f.mediaType, file: file(f.extension) };
    rows.push(
      { target: `${address}?format=${f.name}`, ...expected },
      { target: `${address}?accept=${encodeURIComponent(f.mediaType)}`, ...expected },
      { target: address, accept: f.mediaType, ...expected },
      { target: `${address}?search=&format=${f.name}`, accept: "application/json", ...expected },
    );
  }
  return rows;
}

function rows(): Row[] {
  const uuid = (c: string) => samples.get(c)!;
  const table: Row[] = [
    // The root, with and without its slash, and the spec's own `?format=api` links.
    ...everyWayOfChoosing("/api/", (ext) => `api/index.${ext}`),
    ...everyWayOfChoosing("/api", (ext) => `api/index.${ext}`),
    // Every list.
    ...COLLECTIONS.flatMap((c) => everyWayOfChoosing(`/api/${c.name}`, (ext) => `api/${c.name}/index.${ext}`)),
    { target: "/api/videos/?format=json", status: 200, type: "application/json", file: "api/videos/index.json" },
    // A resource of every collection that has one, with and without the trailing slash.
    ...[...samples].flatMap(([c, id]) => everyWayOfChoosing(`/api/${c}/${id}`, (ext) => `api/${c}/${id}/index.${ext}`)),
    {
      target: `/api/units/${uuid("units")}/?format=xliff`,
      status: 200,
      type: "application/x-xliff+xml",
      file: `api/units/${uuid("units")}/index.xliff`,
    },
    // The files themselves: their name fixes the format.
    { target: "/api/index.xliff", accept: "application/json", status: 200, type: "application/x-xliff+xml", file: "api/index.xliff" },
    { target: "/api/videos/index.json?format=xml", status: 200, type: "application/json", file: "api/videos/index.json" },
    {
      target: `/api/videos/${uuid("videos")}/index.xml`,
      status: 200,
      type: "application/xml",
      file: `api/videos/${uuid("videos")}/index.xml`,
    },
    { target: "/api/photos/page-2.html", status: 200, type: "text/html", file: "api/photos/page-2.html" },
    {
      target: `/api/photos/page-${PHOTO_PAGES + 1}.html`,
      accept: "application/json",
      status: 404,
      type: "text/html",
      contains: "Not found.",
    },
    // HEAD: the headers of GET, no body.
    { method: "HEAD", target: "/api/videos?format=json", status: 200, type: "application/json" },
    { method: "HEAD", target: `/api/units/${uuid("units")}`, accept: "application/xml", status: 200, type: "application/xml" },
    { method: "HEAD", target: "/api/nothing", status: 404, type: "text/html" },
    // OPTIONS: DRF's metadata, in the negotiated format.
    ...[
      { target: "/api/", name: "Api Root" },
      { target: "/api/videos", name: "Video List" },
      { target: `/api/videos/${uuid("videos")}`, name: "Video Instance" },
      { target: "/api/units/", name: "Unit List" },
      { target: "/api/service-events", name: "Service Event List" },
    ].map(({ target, name }) => ({
      method: "OPTIONS",
      target,
      accept: "application/json",
      status: 200,
      type: "application/json",
      json: {
        name,
        description: expect.any(String),
        renders: FORMATS.map((f) => f.mediaType),
        parses: ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"],
      },
    })),
    { method: "OPTIONS", target: "/api/videos?format=xml", status: 200, type: "application/xml", contains: "<name>Video List</name>" },
    { method: "OPTIONS", target: "/api/units", status: 200, type: "text/html", contains: "OPTIONS</b> /api/units" },
    {
      method: "OPTIONS",
      target: "/api/videos/00000000-0000-4000-8000-000000000000?format=json",
      status: 404,
      type: "application/json",
      json: NOT_FOUND,
    },
    // Other methods: 405, in the negotiated format.
    ...["POST", "PUT", "PATCH", "DELETE"].map((method) => ({
      method,
      target: "/api/videos?format=json",
      status: 405,
      type: "application/json",
      json: { detail: `Method "${method}" not allowed.` },
    })),
    {
      method: "POST",
      target: "/api/",
      accept: "application/xml",
      status: 405,
      type: "application/xml",
      contains: "Method &quot;POST&quot; not allowed.",
    },
    { method: "DELETE", target: `/api/units/${uuid("units")}`, status: 405, type: "text/html", contains: "405 Method Not Allowed" },
    // Nothing there: 404 in the negotiated format.
    { target: "/api/nothing?format=json", status: 404, type: "application/json", json: NOT_FOUND },
    {
      target: "/api/videos/00000000-0000-4000-8000-000000000000",
      accept: "application/json",
      status: 404,
      type: "application/json",
      json: NOT_FOUND,
    },
    { target: "/api/videos/not-a-uuid?format=json", status: 404, type: "application/json", json: NOT_FOUND },
    { target: `/api/videos/${uuid("videos")}/extra?format=json`, status: 404, type: "application/json", json: NOT_FOUND },
    { target: "/api/nothing", accept: "application/xml", status: 404, type: "application/xml", contains: "<detail>Not found.</detail>" },
    { target: "/api/nothing", status: 404, type: "text/html", contains: "404 Not Found" },
    // Format choices that fail: an unknown format is a 404, an unsatisfiable Accept a 406, both in the default format.
    { target: "/api/videos?format=yaml", status: 404, type: "text/html", contains: "Not found." },
    { target: "/api/videos?format=JSON", status: 404, type: "text/html", contains: "Not found." },
    { target: "/api/", accept: "text/plain", status: 406, type: "text/html", contains: "Could not satisfy the request Accept header." },
    { target: "/api/videos?accept=text%2Fcsv", status: 406, type: "text/html", contains: "406 Not Acceptable" },
    // Another spelling of the same URI (RFC 3986 §6.2.2): the edge's answer, never the static files'.
    { target: "/%61pi/videos?search=zzqxv&format=json", status: 200, type: "application/json", json: [] },
    { target: "/api/vide%6Fs?format=json", status: 200, type: "application/json", file: "api/videos/index.json" },
    { target: "//api/videos?format=json", status: 200, type: "application/json", file: "api/videos/index.json" },
    { target: "/%61pi/videos?format=xliff", status: 200, type: "application/x-xliff+xml", file: "api/videos/index.xliff" },
    {
      method: "POST",
      target: "/%61pi/videos?format=json",
      status: 405,
      type: "application/json",
      json: { detail: 'Method "POST" not allowed.' },
    },
    { target: "/api/videos%2Findex.json?format=json", status: 404, type: "application/json", json: NOT_FOUND },
    // A path that names nothing: 404 whatever the Accept (in the default format when nothing is acceptable).
    { target: "/api/videos-x", accept: "image/png", status: 404, type: "text/html", contains: "404 Not Found" },
    { target: "/api/videos-x?format=json", accept: "image/png", status: 404, type: "application/json", json: NOT_FOUND },
    // A doubled slash inside a path names nothing, as Django's resolver merges no slashes; OPTIONS and DELETE too.
    { target: "/api//units?format=json", status: 404, type: "application/json", json: NOT_FOUND },
    { target: `/api/videos//${uuid("videos")}`, accept: "application/xml", status: 404, type: "application/xml", contains: "Not found." },
    { target: "/fr//api/units?format=json", status: 404, type: "application/json", json: NOT_FOUND },
    { method: "OPTIONS", target: "/api//", accept: "image/png", status: 404, type: "text/html", contains: "Not found." },
    { method: "DELETE", target: "/api//units?format=json", status: 404, type: "application/json", json: NOT_FOUND },
    // A path a route matches is negotiated before its resource is looked up: 406, then 404.
    {
      target: "/api/units/d932293408e3408296942a11793ae3e4?accept=application/json;q%3Dabc",
      status: 406,
      type: "text/html",
      contains: "406",
    },
    {
      target: "/api/units/d932293408e3408296942a11793ae3e4",
      accept: "application/json",
      status: 404,
      type: "application/json",
      json: NOT_FOUND,
    },
    // Outside the API: the static site, and its 404 page.
    { target: "/", status: 200, type: "text/html", file: "index.html" },
    { target: "/assets/api.css", status: 200, type: "text/css", file: "assets/api.css" },
    { target: "/nothing/here", status: 404, type: "text/html", file: "404.html" },
  ];
  return table;
}

const describeRow = (r: Row) => `${r.method ?? "GET"} ${r.target}${r.accept ? ` (Accept: ${r.accept})` : ""} → ${r.status} ${r.type}`;

async function check(row: Row): Promise<RawResponse> {
  const method = row.method ?? "GET";
  const res = await rawRequest(server.port, method, row.target, row.accept ? { Accept: row.accept } : {});
  const what = describeRow(row);
  expect(res.status, what).toBe(row.status);
  expect(String(res.headers["content-type"]).split(";")[0], what).toBe(row.type);
  if (canonicalPath(row.target).startsWith("/api")) {
    expect(res.headers.allow, what).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.vary, what).toBe("Accept");
    expect(res.headers["access-control-allow-origin"], what).toBe("*");
  }
  if (method === "HEAD") expect(res.body.length, what).toBe(0);
  if (row.file) expect(res.body.equals(await readFile(path.join(build.outDir, row.file))), `${what}: body of ${row.file}`).toBe(true);
  if (row.json) expect(JSON.parse(res.body.toString("utf8")), what).toEqual(row.json);
  if (row.contains) expect(res.body.toString("utf8"), what).toContain(row.contains);
  return res;
}

describe("requests to the local server", () => {
  it("answers every row of the table as the spec and DRF do", async () => {
    const table = rows();
    expect(table.length).toBeGreaterThan(500);
    for (const row of table) await check(row);
  });

  /** Whether two requests get the same status, Content-Type, Vary and body. */
  async function sameAnswer(spelling: string, target: string) {
    const [a, b] = await Promise.all([rawRequest(server.port, "GET", spelling), rawRequest(server.port, "GET", target)]);
    expect([a.status, a.headers["content-type"], a.headers.vary], spelling).toEqual([b.status, b.headers["content-type"], b.headers.vary]);
    expect(a.body.equals(b.body), spelling).toBe(true);
    return b.status;
  }

  it.each([
    ["/%61pi/vide%6Fs?search=volcano&format=json", "/api/videos?search=volcano&format=json"],
    ["//api/videos/?fields=title&format=xml", "/api/videos/?fields=title&format=xml"],
    ["/api/photos?search=photo&page=1&page=2", "/api/photos?search=photo&page=2"],
  ])("answers %s as %s", async (spelling, target) => {
    expect(await sameAnswer(spelling, target)).toBe(200);
  });

  it("answers a repeated format, accept, search or fields on every kind of path as its last value alone", async () => {
    const unit = samples.get("units")!;
    const paths = {
      root: "/api/",
      list: "/api/units",
      resource: `/api/units/${unit}`,
      unknownResource: "/api/units/00000000-0000-4000-8000-000000000000",
      unknownPath: "/api/nothing",
      translatedList: "/fr/api/units",
      translatedResource: `/fr/api/units/${unit}`,
    };
    const statuses = [];
    for (const { target, lastOnly } of repeatedParameters(paths, "volcano")) statuses.push(await sameAnswer(target, lastOnly));
    expect(statuses).toContain(200);
    expect(statuses).toContain(404);
  });

  it("sends the API's caching header and names the file it served", async () => {
    const res = await check({
      target: "/api/videos",
      accept: "application/json",
      status: 200,
      type: "application/json",
      file: "api/videos/index.json",
    });
    expect(res.headers["cache-control"]).toBe("public, max-age=300, must-revalidate");
    expect(res.headers["content-location"]).toBe("/api/videos/index.json");
  });

  it("lets a page on any origin read the whole site: the shim, its chunks, the search files, the description", async () => {
    const chunk = (await readdir(path.join(build.outDir, "assets/catalogue-chunks")))[0];
    const manifest = JSON.parse(await readFile(path.join(build.outDir, "search/videos/index.json"), "utf8")) as {
      files: { terms: string[] };
    };
    for (const target of [
      "/assets/catalogue-shim.js",
      `/assets/catalogue-chunks/${chunk}`,
      "/search/videos/index.json",
      `/search/videos/files/${manifest.files.terms[0]}`,
      "/openapi.json",
      "/assets/catalogue-shim.d.ts",
    ]) {
      const res = await rawRequest(server.port, "GET", target);
      expect(res.status, target).toBe(200);
      expect(res.headers["access-control-allow-origin"], target).toBe("*");
    }
  });

  it("serves the HTML view's error and OPTIONS pages with links from the site root, whatever the path", async () => {
    const error = await check({ target: "/api/videos/nothing/deeper", status: 404, type: "text/html" });
    expect(error.body.toString("utf8")).toContain('<link rel="stylesheet" href="/assets/api.css">');
    const options = await check({ method: "OPTIONS", target: "/api/videos/", status: 200, type: "text/html" });
    expect(options.body.toString("utf8")).toContain('<link rel="stylesheet" href="/assets/api.css">');
  });

  it("logs one line per request", async () => {
    const before = server.log.length;
    await rawRequest(server.port, "GET", "/api/units?format=xml&log-check=1");
    await expect
      .poll(() => server.log.slice(before).filter((l) => l.includes("/api/units?format=xml&log-check=1")))
      .toEqual([expect.stringMatching(/^GET \/api\/units\?format=xml&log-check=1 200 application\/xml/)]);
  });
});

describe("revalidation", () => {
  const etagOf = async (target: string, headers: Record<string, string> = {}) =>
    String((await rawRequest(server.port, "GET", target, headers)).headers.etag);

  it("sends a strong ETag with every file, the same whichever address served it", async () => {
    const file = await rawRequest(server.port, "GET", "/api/videos/index.json");
    expect(file.headers.etag).toMatch(/^"[^"]+"$/);
    expect(await etagOf("/api/videos", { Accept: "application/json" })).toBe(file.headers.etag);
    expect(await etagOf("/api/videos?format=json")).toBe(file.headers.etag);
    expect(await etagOf("/api/videos?format=xml")).not.toBe(file.headers.etag);
    expect(await etagOf("/assets/api.css")).toMatch(/^"[^"]+"$/);
    expect(await etagOf("/")).toMatch(/^"[^"]+"$/);
  });

  it.each(["GET", "HEAD"])("answers %s with the ETag it holds with 304, no body, the same ETag and Vary", async (method) => {
    const etag = await etagOf("/api/videos", { Accept: "application/json" });
    const res = await rawRequest(server.port, method, "/api/videos", { Accept: "application/json", "If-None-Match": etag });
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
    expect(res.headers.etag).toBe(etag);
    expect(res.headers.vary).toBe("Accept");
    expect(res.headers["cache-control"]).toBe("public, max-age=300, must-revalidate");
  });

  it("answers in full when the ETag held is another format's, or another file's", async () => {
    const json = await etagOf("/api/videos?format=json");
    const xml = await rawRequest(server.port, "GET", "/api/videos", { Accept: "application/xml", "If-None-Match": json });
    expect(xml.status).toBe(200);
    expect(xml.body.equals(await readFile(path.join(build.outDir, "api/videos/index.xml")))).toBe(true);
    const css = await rawRequest(server.port, "GET", "/assets/api.css", { "If-None-Match": `W/${json}, "other"` });
    expect(css.status).toBe(200);
  });

  it("gives a changed file a new ETag, and a file rewritten unchanged the same one", async () => {
    const file = path.join(build.outDir, "etag-check.html");
    await writeFile(file, "<p>one</p>\n");
    const first = await etagOf("/etag-check.html");
    await writeFile(file, "<p>two, longer</p>\n");
    const changed = await rawRequest(server.port, "GET", "/etag-check.html", { "If-None-Match": first });
    expect(changed.status).toBe(200);
    expect(changed.body.toString("utf8")).toBe("<p>two, longer</p>\n");
    expect(changed.headers.etag).not.toBe(first);
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    expect(await etagOf("/etag-check.html")).toBe(changed.headers.etag);
  });

  it("sends no ETag with an answer made from the search files", async () => {
    const res = await rawRequest(server.port, "GET", "/api/videos?search=volcano&format=json");
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeUndefined();
  });
});

describe("hostile requests", () => {
  it.each([
    ["dot segments are resolved inside the site", "/../../../etc/passwd", 404],
    ["encoded dot segments too", "/%2e%2e/%2E%2E/etc/passwd", 404],
    ["encoded slashes cannot smuggle ..", "/api/..%2F..%2F..%2Fetc%2Fpasswd", 400],
    ["nor encoded backslashes", "/assets/..%5C..%5Cpackage.json", 400],
    ["any other encoded slash names no file", "/api/videos%2Findex.json", 404],
    ["malformed percent-encoding", "/api/%E0%A4%A", 400],
    ["a lone percent sign", "/%", 400],
    ["an encoded NUL", "/api/videos%00.json", 400],
    ["a target that is not a path", "*", 400],
    ["a URL too long", `/api/videos?search=${"a".repeat(9000)}`, 414],
  ])("%s: %s → %i", async (_name, target, status) => {
    const res = await rawRequest(server.port, "GET", target);
    expect(res.status).toBe(status);
    expect(res.body.toString("utf8")).not.toContain("root:");
  });

  it("refuses huge headers with 431 and keeps serving", async () => {
    const res = await rawRequest(server.port, "GET", "/api/", { "X-Huge": "a".repeat(20_000) });
    expect(res.status).toBe(431);
    expect((await rawRequest(server.port, "GET", "/api/?format=json")).status).toBe(200);
  });

  it("stops cleanly on SIGTERM", async () => {
    const code = await server.stop();
    expect(code).toBe(0);
    expect(server.log.join("\n")).toContain("SIGTERM: stopping.");
  });
});
