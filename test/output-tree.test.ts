/** Given the sample catalogue, `npm run build` writes the documented tree in all four formats. */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../build-scripts/core/catalogue/collections.ts";
import { FORMATS } from "../build-scripts/core/formats/formats.ts";
import { readJson, TEST_ENV, type BuildResult } from "./helpers/build-site.ts";
import { sharedBuild } from "./helpers/shared-build.ts";

const SPEC_ROOT_KEYS = [
  "activities",
  "applications",
  "articles",
  "audio",
  "concept",
  "encyclopedia",
  "entity",
  "service-events",
  "files",
  "galleries",
  "glossary",
  "grades",
  "hiresimage",
  "historic-articles",
  "ideacategories",
  "interactive",
  "lessons",
  "mediastreams",
  "photoark",
  "photoark-education",
  "photocamp",
  "photos",
  "place",
  "richmedia",
  "skills",
  "standards",
  "subjects",
  "tease",
  "timeline",
  "units",
  "videos",
];

let build: BuildResult;
beforeAll(async () => {
  build = await sharedBuild();
  expect(build.stderr).toBe("");
  expect(build.code).toBe(0);
});

describe("the API root", () => {
  it("lists exactly the spec's 31 collections, in order, each linking to its HTML view", async () => {
    const root = await readJson<Record<string, string>>(build, "api/index.json");
    expect(Object.keys(root)).toEqual(SPEC_ROOT_KEYS);
    for (const [name, url] of Object.entries(root)) expect(url).toBe(`${TEST_ENV.BASE_URL}/api/${name}?format=api`);
  });

  it("exists in every format", async () => {
    const files = await readdir(path.join(build.outDir, "api"));
    for (const f of FORMATS) expect(files).toContain(`index.${f.extension}`);
  });
});

describe("lists and resources", () => {
  it("every collection of the root has a list in every format, so no root link leads nowhere", async () => {
    for (const c of COLLECTIONS) {
      const files = await readdir(path.join(build.outDir, "api", c.name));
      for (const f of FORMATS) expect(files, c.name).toContain(`index.${f.extension}`);
    }
  });

  it("collections without records list an empty array", async () => {
    expect(await readJson(build, "api/tease/index.json")).toEqual([]);
  });

  it("every resource of a list has its own folder with the same resource in every format", async () => {
    for (const c of COLLECTIONS) {
      const list = await readJson<{ uuid: string; url: string }[]>(build, `api/${c.name}/index.json`);
      for (const resource of list) {
        expect(resource.url).toBe(`${TEST_ENV.BASE_URL}/api/${c.name}/${resource.uuid}`);
        expect(await readJson(build, `api/${c.name}/${resource.uuid}/index.json`)).toEqual(resource);
        const files = await readdir(path.join(build.outDir, "api", c.name, resource.uuid));
        expect(files.sort()).toEqual(FORMATS.map((f) => `index.${f.extension}`).sort());
      }
    }
  });

  it("the sample catalogue has at least 30 videos and 8 units", async () => {
    expect((await readJson<unknown[]>(build, "api/videos/index.json")).length).toBeGreaterThanOrEqual(30);
    expect((await readJson<unknown[]>(build, "api/units/index.json")).length).toBeGreaterThanOrEqual(8);
  });
});
