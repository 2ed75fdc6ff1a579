/**
 * The split layout, end to end: the sample catalogue (with a French tree)
 * built flat and built with the folder limit lowered so that the videos'
 * folder is split into bucket folders. No folder of the split build's API
 * trees holds more than the limit, and every address answers as the flat
 * build's does — JSON, XML and XLIFF byte for byte, the HTML view up to the
 * file links it names — through `npm run serve` (Netlify's engine behind the
 * edge handler) and through the edge function under Deno. The split files'
 * own paths answer; a path where the layout puts no file is a 404.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORMAT_TABLE } from "../build-scripts/core/format-table.ts";
import { instanceFile, LAYOUT_FILE, listPageFile } from "../build-scripts/core/routes/output-tree.ts";
import { buildSite, SPLIT_VIDEOS, type BuildResult } from "./helpers/build-site.ts";
import { rawRequest, startLocalServer, type LocalServer, type RawResponse } from "./helpers/local-server.ts";
import { tempContent, writeRecord } from "./helpers/temp-content.ts";
import { startEdgeServer, type EdgeServer } from "./deno/start-edge-server.ts";

const LIMIT = Number(SPLIT_VIDEOS.FOLDER_LIMIT);
const UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000";

let work: string;
let flat: BuildResult;
let split: BuildResult;
let flatServer: LocalServer;
let splitServer: LocalServer;
let deno: EdgeServer;
let videos: string[];
let lesson: string;

beforeAll(async () => {
  const content = await tempContent("content");
  work = path.dirname(content);
  const unit = JSON.parse(await readFile(path.join(content, "units/volcanoes-and-people.json"), "utf8")) as { uuid: string; title: string };
  await writeRecord(content, `translations/fr/units/${unit.uuid}.json`, {
    fields: { "/title": { source: unit.title, target: "Volcans et populations" } },
  });
  [flat, split] = await Promise.all([
    buildSite({ CONTENT_DIR: content }, path.join(work, "flat")),
    buildSite({ CONTENT_DIR: content, ...SPLIT_VIDEOS }, path.join(work, "split")),
  ]);
  for (const build of [flat, split]) expect(build.code, build.stderr).toBe(0);
  videos = (JSON.parse(await readFile(path.join(flat.outDir, "api/videos/index.json"), "utf8")) as { uuid: string }[]).map((v) => v.uuid);
  lesson = (JSON.parse(await readFile(path.join(flat.outDir, "api/lessons/index.json"), "utf8")) as { uuid: string }[])[0].uuid;
  const starting = [
    startLocalServer(flat.outDir).then((s) => (flatServer = s)),
    startLocalServer(split.outDir).then((s) => (splitServer = s)),
    startEdgeServer(split.outDir).then((s) => (deno = s)),
  ];
  for (const started of await Promise.allSettled(starting)) if (started.status === "rejected") throw started.reason;
});

afterAll(async () => {
  await Promise.all([flatServer?.stop(), splitServer?.stop(), deno?.stop()]);
  if (work) await rm(work, { recursive: true, force: true });
});

/** Every folder below `dir` with its entries. */
async function folders(dir: string, below = ""): Promise<[string, number][]> {
  const entries = await readdir(path.join(dir, below), { withFileTypes: true });
  const inside = await Promise.all(entries.filter((e) => e.isDirectory()).map((e) => folders(dir, path.join(below, e.name))));
  return [[below, entries.length], ...inside.flat()];
}

const layoutOf = async (build: BuildResult, tree: string) => JSON.parse(await readFile(path.join(build.outDir, tree, LAYOUT_FILE), "utf8"));

describe("a collection past the folder limit", () => {
  it("is split into one level of bucket folders, in every tree, and no folder of the API holds more than the limit", async () => {
    for (const tree of ["", "fr"]) {
      expect(await layoutOf(split, tree)).toEqual({ version: 1, levels: { videos: 1 } });
      expect(await layoutOf(flat, tree)).toEqual({ version: 1, levels: {} });
      const crowded = (await folders(path.join(split.outDir, tree, "api"))).filter(([, entries]) => entries > LIMIT);
      expect(crowded).toEqual([]);
    }
    // The flat build's videos folder is past it: the split is what keeps the folders within it.
    expect((await readdir(path.join(flat.outDir, "api/videos"))).length).toBeGreaterThan(LIMIT);
    // Its record slices, among the list's other search files, went into subfolders; the manifest names them there.
    const manifest = JSON.parse(await readFile(path.join(split.outDir, "search/videos/index.json"), "utf8")) as {
      files: { records: string[] };
    };
    expect(manifest.files.records.every((name) => /^records\/0\/records-\d+\.[0-9a-f]{12}\.json$/.test(name))).toBe(true);
  });

  it("answers every address as the flat build does, through npm run serve and the edge under Deno", async () => {
    const targets = [
      "/api/",
      ...["videos", "lessons"].flatMap((list) => FORMAT_TABLE.map((f) => `/api/${list}?format=${f.name}`)),
      ...videos.flatMap((uuid) => FORMAT_TABLE.map((f) => `/api/videos/${uuid}?format=${f.name}`)),
      ...FORMAT_TABLE.map((f) => `/api/videos/${videos[1]}/?accept=${encodeURIComponent(f.mediaType)}`),
      ...FORMAT_TABLE.map((f) => `/api/lessons/${lesson}?format=${f.name}`),
      ...FORMAT_TABLE.flatMap((f) => [
        `/api/videos?search=volcano&format=${f.name}`,
        `/api/videos?fields=title,uuid&format=${f.name}`,
        `/api/videos/${videos[2]}?fields=uuid,length&format=${f.name}`,
        `/fr/api/videos/${videos[3]}?format=${f.name}`,
        `/fr/api/units?format=${f.name}`,
      ]),
      "/api/videos?search=ocean&fields=title&page=2",
      `/api/videos/${UNKNOWN_UUID}?format=json`,
      `/api/videos/${UNKNOWN_UUID}`,
      "/api/nothing?format=xml",
    ];
    const requests = [
      ...targets.map((target) => ({ method: "GET", target, headers: {} })),
      ...FORMAT_TABLE.map((f) => ({ method: "GET", target: `/api/videos/${videos[4]}`, headers: { Accept: f.mediaType } })),
      ...[`/api/videos/${videos[0]}`, "/api/videos", `/api/videos/${UNKNOWN_UUID}`].flatMap((target) => [
        { method: "OPTIONS", target, headers: {} },
        { method: "OPTIONS", target, headers: { Accept: "application/json" } },
      ]),
      { method: "HEAD", target: `/api/videos/${videos[5]}?format=xml`, headers: {} },
    ];
    const differences = await Promise.all(
      requests.map(async ({ method, target, headers }) => {
        const [expected, viaNode, viaDeno] = await Promise.all(
          [flatServer.port, splitServer.port, deno.port].map((port) =>
            rawRequest(port, method, target, headers).then((r) => answer(r, port)),
          ),
        );
        const what = `${method} ${target} ${JSON.stringify(headers)}`;
        return [
          expected.status === 200 || expected.status === 404 ? "" : `${what}: the flat build answers ${expected.status}`,
          differs(`${what} (npm run serve)`, expected, viaNode),
          differs(`${what} (Deno)`, viaNode, viaDeno, true),
        ];
      }),
    );
    expect(
      differences.flat().filter((line) => line !== ""),
      deno.output(),
    ).toEqual([]);
  });

  it("serves the split files at their own paths; a path where the layout puts no file is a 404", async () => {
    const [uuid] = videos;
    const bucket = uuid.slice(-2);
    const wrong = bucket === "00" ? "01" : "00";
    const flatJson = await readFile(path.join(flat.outDir, instanceFile("videos", uuid, "json")));
    for (const port of [splitServer.port, deno.port]) {
      const own = await rawRequest(port, "GET", `/${instanceFile("videos", uuid, "json", 1)}`);
      expect([own.status, own.body.equals(flatJson)]).toEqual([200, true]);
      expect((await rawRequest(port, "GET", `/fr/${instanceFile("videos", uuid, "xml", 1)}`)).status).toBe(200);
      const page = await rawRequest(port, "GET", `/${listPageFile("videos", 2, "html", 1)}`);
      expect([page.status, page.body.toString()]).toEqual([
        200,
        await readFile(path.join(split.outDir, "api/videos/02/page-2.html"), "utf8"),
      ]);
      for (const nothing of [
        `/api/videos/${wrong}/${uuid}/index.json`,
        `/${instanceFile("videos", uuid, "json")}`,
        `/${listPageFile("videos", 2)}`,
        `/${instanceFile("lessons", lesson, "json", 1)}`,
      ])
        expect([nothing, (await rawRequest(port, "GET", nothing)).status]).toEqual([nothing, 404]);
    }
  });
});

/** The parts of an answer that must agree; the server's own origin (named by a search's answer) is written {origin}. */
function answer(res: RawResponse, port: number) {
  return {
    status: res.status,
    type: res.headers["content-type"],
    body: res.body.toString("utf8").replaceAll(`http://127.0.0.1:${port}`, "{origin}"),
  };
}

/**
 * The HTML view names the split files (docs/formats.md): its links, and the
 * <base> that leads from a deeper file up to the site root, are all that may
 * differ from the flat build's. Between the two servers of the split build, nothing may.
 */
const flatLinks = (html: string) => html.replace(/api\/videos\/[0-9a-f]{2}\//g, "api/videos/").replace(/<base href="[^"]*">/, "<base>");

function differs(what: string, expected: ReturnType<typeof answer>, actual: ReturnType<typeof answer>, exact = false): string {
  const html = !exact && expected.type?.startsWith("text/html");
  const [a, b] = html ? [flatLinks(expected.body), flatLinks(actual.body)] : [expected.body, actual.body];
  if (expected.status !== actual.status || expected.type !== actual.type)
    return `${what}: ${expected.status} ${expected.type}, ${actual.status} ${actual.type}`;
  if (a === b) return "";
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `${what}: bodies differ at ${i}: ${JSON.stringify(a.slice(i - 40, i + 60))} / ${JSON.stringify(b.slice(i - 40, i + 60))}`;
}
