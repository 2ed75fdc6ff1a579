/**
 * Answers made of published bytes say exactly what rendering says: a `fields`
 * answer joined from the columns, and a `search` answer cut from the list
 * file, are byte for byte the renderer's text of the same resources; a page
 * of the HTML view holds its page of matches and the total.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIELD_ORDER, type JsonObject } from "../build-scripts/core/catalogue/resource.ts";
import { findCollection } from "../build-scripts/core/catalogue/collections.ts";
import { FORMATS } from "../build-scripts/core/formats/formats.ts";
import { pageAt } from "../build-scripts/core/formats/pagination.ts";
import { listPage, renderItem } from "../build-scripts/core/formats/renderer.ts";
import { listView } from "../build-scripts/core/formats/views.ts";
import { bodyBytes, ListBytesAnswers, RecordSliceAnswers, type AnswerBody } from "../build-scripts/core/query/answer.ts";
import { parseFields, selectFields } from "../build-scripts/core/query/fields.ts";
import { siteTree } from "../build-scripts/core/translations/site-tree.ts";
import edge from "../build-scripts/runtime/edge/functions/api.ts";
import { siteFile, siteFiles } from "../harness/static-host.ts";
import { readJson, TEST_ENV, type BuildResult } from "./helpers/build-site.ts";
import { sharedBuild } from "./helpers/shared-build.ts";
import { indexedLists } from "./helpers/memory-index.ts";

let build: BuildResult;
const read: string[] = [];

beforeAll(async () => {
  build = await sharedBuild();
  expect(build.code, build.stderr).toBe(0);
});

afterAll(async () => {});

/** The browser's answers and the edge's. */
const STRATEGIES = { records: RecordSliceAnswers, "list-bytes": ListBytesAnswers };
/** The query code over the built files; `ranges`: a host that honours range requests. */
const context = siteTree({ baseUrl: TEST_ENV.BASE_URL, siteUrl: TEST_ENV.SITE_URL });
const api = (strategy: keyof typeof STRATEGIES, ranges = false) =>
  new STRATEGIES[strategy](siteFiles(build.outDir, { ranges, log: read }), context);
const text = async (body: AnswerBody) => new TextDecoder().decode(await bodyBytes(body));
const dataFormats = FORMATS.filter((f) => f.renderer.parts);

describe("answers joined from published bytes", () => {
  it("give a fields answer byte for byte as rendering the narrowed resources, in every data format", async () => {
    for (const name of ["videos", "units", "lessons"]) {
      const collection = findCollection(name)!;
      const list = await readJson<JsonObject[]>(build, `api/${name}/index.json`);
      const fieldSets = [
        "uuid,title",
        "url",
        "title,description,credits",
        FIELD_ORDER[collection.kind].join(","),
        "nope",
        "subtitle,overview,lessons",
      ];
      for (const fields of fieldSets) {
        const selected = list.map((r) => selectFields(r, parseFields(fields)));
        for (const format of dataFormats) {
          const items = selected.map((resource) => renderItem(format.renderer, resource, context));
          const rendered = listPage(
            format.renderer,
            listView(collection, items.length),
            pageAt(items.length, Infinity, 1),
            items,
            context,
          ).join("");
          // The browser reads each column whole; the edge streams them.
          for (const strategy of ["records", "list-bytes"] as const) {
            const answer = await api(strategy).get({ path: `/api/${name}`, fields, format: format.name });
            expect(await text(answer.body), `${name} ${fields} ${format.name} ${strategy}`).toBe(rendered);
          }
          read.length = 0;
        }
      }
    }
  });

  it("give a search answer cut from the list file byte for byte as rendering the matches", async () => {
    const videos = (await indexedLists()).find((l) => l.collection.name === "videos")!;
    for (const search of ["volcano", "the", "ocean map", "zzzz"]) {
      const matches = await videos.search(search);
      for (const format of dataFormats) {
        const rendered = await text((await api("records").get({ path: "/api/videos", search, format: format.name })).body);
        for (const ranges of [false, true]) {
          const cut = await api("list-bytes", ranges).get({ path: "/api/videos", search, format: format.name });
          expect(await text(cut.body), `${search} ${format.name}${ranges ? " (range)" : ""}`).toBe(rendered);
          expect(cut.total).toBe(matches.length);
          expect(((await cut.json()) as JsonObject[]).map((r) => r.uuid)).toEqual(matches.map((r) => r.uuid));
        }
      }
    }
  });

  it("at the edge, ask the list file from the first match to the last, and answer the same whether the host honours the range or not", async () => {
    const target = `https://api.example.test/api/videos?search=volcano&format=json`;
    const answers: string[] = [];
    for (const ranges of [true, false]) {
      const asked: string[] = [];
      const next = async (request: Request) => {
        const range = request.headers.get("Range");
        if (range) asked.push(`${new URL(request.url).pathname} ${range}`);
        return siteFile(build.outDir, request, ranges);
      };
      const response = await edge(new Request(target), { next });
      expect(response.status).toBe(200);
      answers.push(await response.text());
      expect(asked).toEqual([expect.stringMatching(/^\/api\/videos\/index\.json bytes=\d+-\d+$/)]);
    }
    expect(answers[0]).toBe(answers[1]);
    expect((JSON.parse(answers[0]) as unknown[]).length).toBeGreaterThan(0);
  });

  it("answer a search or fields on an empty list with the empty list, in every format", async () => {
    const empty = "activities";
    const published = (extension: string) => readFile(path.join(build.outDir, `api/${empty}/index.${extension}`), "utf8");
    for (const format of dataFormats) {
      for (const strategy of ["records", "list-bytes"] as const) {
        for (const query of [{ fields: "uuid,title" }, { search: "volcano" }, { search: "volcano", fields: "title" }]) {
          const answer = await api(strategy).get({ path: `/api/${empty}`, format: format.name, ...query });
          expect(answer.status).toBe(200);
          expect(await text(answer.body), `${format.name} ${strategy} ${JSON.stringify(query)}`).toBe(await published(format.extension));
        }
      }
    }
  });

  it("read for a fields answer only the columns of those fields", async () => {
    read.length = 0;
    await api("records").get({ path: "/api/videos", fields: "uuid,title", format: "xml" });
    expect(read.map((f) => f.replace(/\.[0-9a-f]{12}\./, ".#."))).toEqual([
      "search/videos/index.json",
      "search/videos/files/column-xml-uuid.#.txt",
      "search/videos/files/column-xml-title.#.txt",
    ]);
  });

  it("give the HTML view one page of matches, the total, and a pager that keeps the query", async () => {
    const answer = await api("list-bytes").get({ path: "/api/videos", search: "a", fields: "title", format: "api", page: 1 });
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.page).toMatchObject({ number: 1, start: 0 });
    const html = await text(answer.body);
    expect(html).toContain('<span class="key">"title"</span>');
    expect(html).not.toContain('<span class="key">"description"</span>');
    const small = await api("records").get({ path: "/api/videos", search: "a", fields: "title", format: "json", page: 2 });
    expect(small.page?.number).toBe(small.page?.pages === 1 ? 1 : 2);
  });
});
