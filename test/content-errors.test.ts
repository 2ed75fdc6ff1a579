/**
 * Given bad content, the build names every problem (file, JSON pointer,
 * expected, found) in one run, exits non-zero, prints no stack trace, and
 * leaves the previous output as it was.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type BuildResult, buildSite, GOLDEN_CONTENT } from "./helpers/build-site.ts";
import { tempContent, writeRecord } from "./helpers/temp-content.ts";

const video = JSON.parse(await readFile(path.join(import.meta.dirname, "fixtures/golden-content/videos/edge-cases-video.json"), "utf8"));

let first: BuildResult;
let broken: BuildResult;
let before: string;
beforeAll(async () => {
  first = await buildSite({ CONTENT_DIR: GOLDEN_CONTENT });
  expect(first.code).toBe(0);
  before = await readFile(path.join(first.outDir, "api/videos/index.json"), "utf8");

  const content = await tempContent(GOLDEN_CONTENT);
  await writeRecord(content, "videos/invalid-json.json", '{\n  "uuid": "x",\n  "title": "no closing brace"\n');
  await writeRecord(content, "videos/missing-and-mistyped.json", {
    ...video,
    uuid: "0a1b2c3d-0000-4000-8000-000000000001",
    title: undefined,
    grades: [9],
    length: "four minutes",
  });
  await writeRecord(content, "videos/bad-uuid.json", { ...video, uuid: "not-a-uuid", position: 7 });
  await writeRecord(content, "videos/duplicate-uuid.json", { ...video, position: 8 });
  await writeRecord(content, "videos/bad-dates.json", {
    ...video,
    uuid: "0a1b2c3d-0000-4000-8000-000000000002",
    position: 9,
    create_date: "2015-02-30T10:00:00Z",
    modified_date: "2015-03-11",
  });
  await writeRecord(content, "videos/earlier-modified.json", {
    ...video,
    uuid: "0a1b2c3d-0000-4000-8000-000000000003",
    position: 10,
    modified_date: "2014-01-01T00:00:00Z",
  });
  await writeRecord(content, "podcasts/unknown.json", { ...video, uuid: "0a1b2c3d-0000-4000-8000-000000000004" });
  // Errors of its own do not hide what it shares with others.
  await writeRecord(content, "videos/also-position-one.json", {
    ...video,
    uuid: "0a1b2c3d-0000-4000-8000-000000000005",
    position: 1,
    grades: [7],
  });
  const unit = JSON.parse(await readFile(path.join(content, "units/edge-cases-unit.json"), "utf8"));
  await writeRecord(content, "units/edge-cases-unit.json", { ...unit, lessons: [video.uuid], subtitle: 5 });
  broken = await buildSite({ CONTENT_DIR: content }, first.outDir);
});

const problem = (file: string, pointer: string, expected: RegExp, found: RegExp) =>
  new RegExp(`${file}  ${pointer.replace(/[/$()]/g, "\\$&")}\\n    expected: ${expected.source}\\n    found:    ${found.source}`);

describe("a build of bad content", () => {
  it("fails with a non-zero exit and no stack trace", () => {
    expect(broken.code).not.toBe(0);
    expect(broken.stderr).not.toMatch(/\n\s+at /);
  });

  it("leaves the previous output untouched", async () => {
    expect(await readFile(path.join(first.outDir, "api/videos/index.json"), "utf8")).toBe(before);
    expect(broken.stderr).toContain("is unchanged");
  });

  it.each([
    [
      "invalid JSON, with line and column",
      "videos/invalid-json.json",
      "(whole file)",
      /a JSON document/,
      /invalid JSON at line 4, column 1: .+/,
    ],
    ["a missing field", "videos/missing-and-mistyped.json", "/title", /a string/, /nothing \(the field is missing\)/],
    ["a mistyped field", "videos/missing-and-mistyped.json", "/grades/0", /a decimal integer as a string.*/, /number 9/],
    ["a malformed value", "videos/missing-and-mistyped.json", "/length", /a duration H:MM:SS.*/, /string "four minutes"/],
    ["a malformed UUID", "videos/bad-uuid.json", "/uuid", /a UUID in lower case.*/, /string "not-a-uuid"/],
    [
      "a UUID used twice",
      "videos/edge-cases-video.json",
      "/uuid",
      /a UUID no other record uses/,
      /"7b0c8a52-3f4e-4d71-9a6b-1c2d3e4f5a6b", already used by .*videos\/duplicate-uuid.json/,
    ],
    [
      "a date not on the calendar",
      "videos/bad-dates.json",
      "/create_date",
      /a date that exists on the calendar/,
      /string "2015-02-30T10:00:00Z"/,
    ],
    ["a malformed date", "videos/bad-dates.json", "/modified_date", /null or an ISO 8601 UTC date with seconds.*/, /string "2015-03-11"/],
    [
      "a modified date before the created one",
      "videos/earlier-modified.json",
      "/modified_date",
      /a date not before create_date .*/,
      /string "2014-01-01T00:00:00Z"/,
    ],
    [
      "a position used twice, by a record with errors of its own",
      "videos/edge-cases-video.json",
      "/position",
      /a position no other record of videos uses/,
      /1, already used by .*videos\/also-position-one.json/,
    ],
    [
      "a unit's lesson that is not a lesson, in a unit with errors of its own",
      "units/edge-cases-unit.json",
      "/lessons/0",
      /the UUID of a lesson/,
      /"7b0c8a52-3f4e-4d71-9a6b-1c2d3e4f5a6b", the UUID of .*videos\/.*json in videos/,
    ],
    [
      "a record in an unknown collection",
      "podcasts/unknown.json",
      "(whole file)",
      /a file in a folder named after one of the 31 collections.*/,
      /a record in the unknown collection "podcasts"/,
    ],
  ])("names %s", (_what, file, pointer, expected, found) => {
    expect(broken.stderr).toMatch(problem(file, pointer, expected, found));
  });
});
