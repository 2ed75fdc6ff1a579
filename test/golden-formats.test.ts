/**
 * Golden files: one video and one unit full of hard cases (role names that are
 * not XML names, C0 controls, a lone surrogate, markup in plain text, \r\n),
 * in every format. Set UPDATE_GOLDEN=1 to rewrite them after an intended change.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { FORMATS } from "../build-scripts/core/formats/formats.ts";
import { GOLDEN_CONTENT, readOut, type BuildResult } from "./helpers/build-site.ts";
import { sharedBuild } from "./helpers/shared-build.ts";

const GOLDEN_DIR = path.join(import.meta.dirname, "golden");
const CASES = {
  video: "api/videos/7b0c8a52-3f4e-4d71-9a6b-1c2d3e4f5a6b",
  unit: "api/units/2c9d4e6f-8a1b-4c3d-9e5f-7a8b9c0d1e2f",
};

let build: BuildResult;
beforeAll(async () => {
  build = await sharedBuild({ CONTENT_DIR: GOLDEN_CONTENT });
  expect(build.code, build.stderr).toBe(0);
});

describe.each(Object.entries(CASES))("the %s", (name, dir) => {
  it.each(FORMATS.map((f) => [f.name, f.extension]))("in format %s matches its golden file", async (_format, extension) => {
    const actual = await readOut(build, `${dir}/index.${extension}`);
    const golden = path.join(GOLDEN_DIR, `${name}.${extension}`);
    if (process.env.UPDATE_GOLDEN) {
      await mkdir(GOLDEN_DIR, { recursive: true });
      await writeFile(golden, actual);
    }
    expect(actual).toBe(await readFile(golden, "utf8"));
  });
});

describe("the JSON of a resource", () => {
  it("has the spec's video fields, in the spec's order", async () => {
    const video = JSON.parse(await readOut(build, `${CASES.video}/index.json`));
    expect(Object.keys(video)).toEqual([
      "url",
      "html_url",
      "uuid",
      "video_id",
      "formats",
      "title",
      "length",
      "description",
      "content",
      "credits",
      "appropriate_for",
      "geologic_time",
      "relevant_start",
      "relevant_end",
      "subjects",
      "grades",
      "eras",
      "create_date",
      "modified_date",
      "content_type",
      "versions",
    ]);
    expect(video.content_type).toBe("Video");
    expect(video.create_date).toBe("2015-03-11T17:05:02Z");
    expect(video.modified_date).toBeNull();
  });

  it("has the spec's unit fields, in the spec's order, with lessons as API URLs", async () => {
    const unit = JSON.parse(await readOut(build, `${CASES.unit}/index.json`));
    expect(Object.keys(unit)).toEqual([
      "url",
      "html_url",
      "uuid",
      "title",
      "subtitle",
      "description",
      "key_image",
      "overview",
      "credits",
      "appropriate_for",
      "geologic_time",
      "subjects",
      "grades",
      "eras",
      "create_date",
      "modified_date",
      "lessons",
      "content_type",
      "versions",
    ]);
    expect(unit.content_type).toBe("unit");
    expect(unit.create_date).toBe("2019-10-01T20:15:43.123456Z");
    expect(unit.lessons).toEqual(["https://api.example.test/api/lessons/5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b"]);
    expect(unit.credits.Other).toMatch(/^<p>Funded/);
  });

  it("is compact UTF-8: non-ASCII as is, no whitespace between tokens", async () => {
    const text = await readOut(build, `${CASES.unit}/index.json`);
    expect(text).toContain("富士山");
    expect(text).not.toMatch(/": |, "/);
  });
});
