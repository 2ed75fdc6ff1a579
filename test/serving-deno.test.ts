/**
 * Given the sample catalogue, built once, the Netlify Edge Function run by
 * Deno — Netlify's edge runtime — in front of the files (test/deno/edge-server.ts)
 * answers each request of this table as `npm run serve` does, byte for byte:
 * the status, the body, and Content-Type, Allow, Vary and Content-Location.
 * The table: the root, a list and a resource in every format and every way of
 * choosing it, `fields`, `search`, OPTIONS, other methods, the errors, and
 * other spellings of the same request (an encoded unreserved character, a
 * doubled slash, a repeated parameter, whose last value counts).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORMAT_TABLE } from "../build-scripts/core/format-table.ts";
import type { BuildResult } from "./helpers/build-site.ts";
import { sharedBuild } from "./helpers/shared-build.ts";
import { rawRequest, startLocalServer, type LocalServer, type RawResponse } from "./helpers/local-server.ts";
import { startEdgeServer, type EdgeServer } from "./deno/start-edge-server.ts";
import { repeatedParameters } from "./helpers/repeated-parameters.ts";

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000";
/** A collection of the root with no records in the sample catalogue: its list is empty. */
const EMPTY_LIST = "/api/activities";
/** Headers both must send alike. */
const COMPARED_HEADERS = ["content-type", "allow", "vary", "content-location"];

let build: BuildResult;
let node: LocalServer;
let deno: EdgeServer;
let video: string;

beforeAll(async () => {
  build = await sharedBuild();
  expect(build.code, build.stderr).toBe(0);
  video = (JSON.parse(await readFile(path.join(build.outDir, "api/videos/index.json"), "utf8")) as { uuid: string }[])[0].uuid;
  // Each server is kept as soon as it runs, so that afterAll stops it even when the other failed to start.
  const starting = [startLocalServer(build.outDir).then((s) => (node = s)), startEdgeServer(build.outDir).then((s) => (deno = s))];
  for (const started of await Promise.allSettled(starting)) if (started.status === "rejected") throw started.reason;
});

afterAll(async () => {
  await Promise.all([node?.stop(), deno?.stop()]);
});

interface Row {
  readonly method?: string;
  readonly target: string;
  readonly accept?: string;
  /** What `npm run serve` answers, so that two equal failures cannot pass. */
  readonly status: number;
}

/** Every way of choosing each format for one address: `format`, `accept`, the Accept header, the file's own name. */
function everyWayOfChoosing(address: string): Row[] {
  const folder = address.endsWith("/") ? address : `${address}/`;
  return [
    { target: address, status: 200 },
    { target: address, accept: BROWSER_ACCEPT, status: 200 },
    ...FORMAT_TABLE.flatMap((f) => [
      { target: `${address}?format=${f.name}`, status: 200 },
      { target: `${address}?accept=${encodeURIComponent(f.mediaType)}`, status: 200 },
      { target: address, accept: f.mediaType, status: 200 },
      { target: `${folder}index.${f.extension}`, status: 200 },
    ]),
  ];
}

function table(): Row[] {
  const resource = `/api/videos/${video}`;
  const inEachFormat = (target: string, status = 200): Row[] => FORMAT_TABLE.map((f) => ({ target: `${target}&format=${f.name}`, status }));
  return [
    ...everyWayOfChoosing("/api/"),
    { target: "/api", accept: "application/json", status: 200 },
    ...everyWayOfChoosing("/api/videos"),
    ...everyWayOfChoosing(resource),
    { target: `${EMPTY_LIST}?format=json`, status: 200 },
    // fields, on a list and a resource.
    ...inEachFormat("/api/videos?fields=title,uuid"),
    ...inEachFormat(`${resource}?fields=uuid,length`),
    { target: "/api/videos/index.json?fields=uuid", status: 200 },
    { target: `${resource}?fields=title`, accept: "application/xml", status: 200 },
    // search: a word in many titles, a word in one, a word in none, and with fields.
    ...inEachFormat("/api/videos?search=volcano"),
    ...inEachFormat("/api/videos?search=nyiragongo"),
    ...inEachFormat("/api/videos?search=zzyzx"),
    ...inEachFormat("/api/videos?search=ocean&fields=title,uuid"),
    { target: "/api/videos?search=cafe%20vienna", status: 200 },
    { target: "/api/videos?search=cafe&fields=title", accept: "application/xml", status: 200 },
    { target: `${EMPTY_LIST}?search=volcano&format=json`, status: 200 },
    // OPTIONS: DRF's metadata, in the negotiated format; an unknown resource has none.
    ...["/api/", "/api/videos", resource].flatMap((target) => [
      { method: "OPTIONS", target, status: 200 },
      { method: "OPTIONS", target, accept: "application/json", status: 200 },
    ]),
    { method: "OPTIONS", target: `/api/videos/${UNKNOWN_UUID}?format=json`, status: 404 },
    // Methods other than GET, HEAD and OPTIONS: 405.
    { method: "POST", target: "/api/videos?format=json", status: 405 },
    { method: "POST", target: "/api/", accept: "application/xml", status: 405 },
    { method: "DELETE", target: resource, status: 405 },
    // An unknown format is a 404, an unsatisfiable Accept a 406.
    { target: "/api/videos?format=yaml", status: 404 },
    { target: "/api/videos/index.html?format=yaml", status: 404 },
    { target: `${resource}/index.json?format=yaml`, status: 404 },
    { target: "/api/", accept: "text/plain", status: 406 },
    { target: "/api/videos?accept=text%2Fcsv", status: 406 },
    // Nothing there: 404 in the negotiated format.
    { target: `/api/videos/${UNKNOWN_UUID}`, status: 404 },
    { target: `/api/videos/${UNKNOWN_UUID}?format=json`, status: 404 },
    { target: `/api/videos/${UNKNOWN_UUID}`, accept: "application/xml", status: 404 },
    { target: "/api/nothing?format=json", status: 404 },
    // Other spellings of the same URI: an encoded unreserved character, a doubled slash; an encoded slash stays data.
    { target: "/%61pi/videos?search=zzqxv&format=json", status: 200 },
    { target: "/%61pi/vide%6Fs?search=volcano&format=xml", status: 200 },
    { target: "/api/vide%6Fs?format=json", status: 200 },
    { target: `/api/videos/${video}/index%2Ejson`, status: 200 },
    { target: "//api/videos?format=json", status: 200 },
    { target: "/api//videos/?fields=title&format=json", status: 404 },
    { target: `/api/videos//${video}`, accept: "application/xml", status: 404 },
    { method: "OPTIONS", target: "/api//", accept: "image/png", status: 404 },
    { target: "/%61pi/videos?format=xliff", status: 200 },
    { method: "POST", target: "/%61pi/videos?format=json", status: 405 },
    { method: "OPTIONS", target: "/%61pi/videos", accept: "application/json", status: 200 },
    { target: "/api/videos%2Findex.json?format=json", status: 404 },
    { target: "/api/videos?search=volcano&page=2&page=1", status: 200 },
    // A path that names nothing: 404 whatever the Accept; one a route matches is negotiated first.
    { target: "/api/videos-x", accept: "image/png", status: 404 },
    { target: "/api/videos-x?format=json", accept: "image/png", status: 404 },
    { target: "/api/units/d932293408e3408296942a11793ae3e4?accept=application/json;q%3Dabc", status: 406 },
    { target: "/api/units/d932293408e3408296942a11793ae3e4?format=xml", status: 404 },
    // HEAD: the headers of GET, no body.
    { method: "HEAD", target: "/api/videos?format=json", status: 200 },
    { method: "HEAD", target: resource, accept: "application/xml", status: 200 },
    { method: "HEAD", target: "/api/videos?search=volcano&format=json", status: 200 },
    { method: "HEAD", target: `/api/videos/${UNKNOWN_UUID}`, status: 404 },
  ];
}

const describeRow = (r: Row) => `${r.method ?? "GET"} ${r.target}${r.accept ? ` (Accept: ${r.accept})` : ""}`;

/**
 * The parts of an answer that must agree. A search's answer takes the API's
 * address from the request (an empty list's XLIFF names it), so each server's
 * own origin is written as {origin}.
 */
function answer(res: RawResponse, port: number) {
  const headers = Object.fromEntries(COMPARED_HEADERS.map((h) => [h, res.headers[h]]));
  return { status: res.status, headers, body: res.body.toString("latin1").replaceAll(`http://127.0.0.1:${port}`, "{origin}") };
}

type Answer = ReturnType<typeof answer>;

/** How Deno's answer differs from npm run serve's, in one line ("" when they agree). */
function difference(expected: Answer, actual: Answer): string {
  const parts: string[] = [];
  if (actual.status !== expected.status) parts.push(`status ${expected.status}, Deno ${actual.status}`);
  for (const h of COMPARED_HEADERS) {
    if (actual.headers[h] !== expected.headers[h]) parts.push(`${h} ${expected.headers[h]}, Deno ${actual.headers[h]}`);
  }
  const [a, b] = [expected.body, actual.body];
  if (a !== b) {
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    const around = (s: string) => JSON.stringify(Buffer.from(s.slice(Math.max(0, i - 40), i + 80), "latin1").toString("utf8"));
    parts.push(`bodies differ at byte ${i} (lengths ${a.length}, ${b.length}): ${around(a)}, Deno ${around(b)}`);
  }
  return parts.join("; ");
}

describe("the edge function under Deno", () => {
  it("answers a repeated format, accept, search or fields on every kind of path as npm run serve answers its last value", async () => {
    const paths = {
      root: "/api/",
      list: "/api/videos",
      resource: `/api/videos/${video}`,
      unknownResource: `/api/videos/${UNKNOWN_UUID}`,
      unknownPath: "/api/nothing",
      // The sample catalogue has no translations: a translated tree's 404s.
      translatedList: "/fr/api/videos",
      translatedResource: `/fr/api/videos/${video}`,
    };
    const answers = await Promise.all(
      repeatedParameters(paths, "volcano").map(async ({ target, lastOnly }) => {
        const [fromNode, fromDeno] = await Promise.all([rawRequest(node.port, "GET", lastOnly), rawRequest(deno.port, "GET", target)]);
        const differs = difference(answer(fromNode, node.port), answer(fromDeno, deno.port));
        return differs && `${target}: ${differs}`;
      }),
    );
    expect(
      answers.filter((line) => line !== ""),
      deno.output(),
    ).toEqual([]);
  });

  it("answers every row of the table as npm run serve does, byte for byte", async () => {
    const rows = table();
    const answers = await Promise.all(
      rows.map(async (row) => {
        const method = row.method ?? "GET";
        const headers: Record<string, string> = row.accept ? { Accept: row.accept } : {};
        const [fromNode, fromDeno] = await Promise.all([
          rawRequest(node.port, method, row.target, headers),
          rawRequest(deno.port, method, row.target, headers),
        ]);
        const [expected, actual] = [answer(fromNode, node.port), answer(fromDeno, deno.port)];
        const what = describeRow(row);
        expect(expected.status, `${what}: npm run serve`).toBe(row.status);
        if (method !== "HEAD") expect(expected.body.length, `${what}: npm run serve's body`).toBeGreaterThan(1);
        const differs = difference(expected, actual);
        return differs && `${what}: ${differs}`;
      }),
    );
    const differences = answers.filter((line) => line !== "");
    expect(rows.length).toBeGreaterThan(90);
    // What Deno printed (an error's stack, say) heads the failure.
    expect(differences, deno.output()).toEqual([]);
  });
});
