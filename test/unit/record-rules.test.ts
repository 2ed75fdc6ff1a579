/**
 * The record rules a JSON Schema cannot say, on their own (pure functions):
 * dates that exist on the calendar, modified not before created; what
 * JSON.parse would lose: a key written twice, a number too large; and the
 * schema's rule for html_path, a path below site_url.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findCollection } from "../../build-scripts/core/catalogue/collections.ts";
import { compileSchemas } from "../../build-scripts/pipeline/validate/compile-schemas.ts";
import { parseJson } from "../../build-scripts/pipeline/validate/problems.ts";
import { recordProblems, versionProblems } from "../../build-scripts/pipeline/validate/record-rules.ts";
import { checkSchema } from "../../build-scripts/pipeline/validate/schema-check.ts";

const video = JSON.parse(await readFile(path.join(import.meta.dirname, "../fixtures/golden-content/videos/edge-cases-video.json"), "utf8"));

describe("the calendar check of dates", () => {
  const dateProblems = (create_date: string, modified_date: string) =>
    recordProblems("video", "v.json", { ...video, create_date, modified_date })
      .filter((p) => p.pointer.endsWith("_date"))
      .map((p) => `${p.pointer}: ${p.expected}`);

  it.each([
    ["a leap day", "2020-02-29T00:00:00Z", []],
    ["a leap day of a year divisible by 400", "2000-02-29T23:59:59Z", []],
    ["a year of the first century, taken as it is", "0099-12-31T00:00:00Z", []],
    ["February 29 of a common year", "2021-02-29T00:00:00Z", ["/create_date: a date that exists on the calendar"]],
    ["February 29 of a century not divisible by 400", "1900-02-29T00:00:00Z", ["/create_date: a date that exists on the calendar"]],
    ["April 31", "2021-04-31T00:00:00Z", ["/create_date: a date that exists on the calendar"]],
    ["month 13", "2021-13-01T00:00:00Z", ["/create_date: a date that exists on the calendar"]],
    ["day 0", "2021-04-00T00:00:00Z", ["/create_date: a date that exists on the calendar"]],
    ["hour 24", "2021-04-30T24:00:00Z", ["/create_date: a date that exists on the calendar"]],
    ["second 60", "2021-04-30T23:59:60Z", ["/create_date: a date that exists on the calendar"]],
  ])("%s", (_what, date, expected) => {
    expect(dateProblems(date, "2100-01-01T00:00:00Z")).toEqual(expected);
  });

  it("compares fractions of a second, and dates across centuries", () => {
    expect(dateProblems("2021-04-30T10:00:00.5Z", "2021-04-30T10:00:00.25Z")).toEqual([
      expect.stringMatching(/^\/modified_date: a date not before create_date/),
    ]);
    expect(dateProblems("2021-04-30T10:00:00.25Z", "2021-04-30T10:00:00.5Z")).toEqual([]);
    expect(dateProblems("2000-01-01T00:00:00Z", "1999-12-31T23:59:59Z")).toEqual([expect.stringMatching(/^\/modified_date/)]);
    expect(dateProblems("0099-01-01T00:00:00Z", "1999-01-01T00:00:00Z")).toEqual([]);
  });
});

describe("a record's own versions", () => {
  const base = `https://api.example.test/fr/api`;
  const problems = (versions: unknown) => versionProblems(findCollection("videos")!, "v.json", { ...video, versions });

  it("address the resource in its own collection, as the API serves them", () => {
    expect(problems({ fr: `${base}/videos/${video.uuid}` })).toEqual([]);
    expect(problems({ fr: `${base}/units/${video.uuid}` })).toEqual([
      expect.objectContaining({ pointer: "/versions/fr", expected: expect.stringContaining("/fr/api/videos/<uuid>") }),
    ]);
  });

  it("leave other shapes to the schema", () => {
    expect(problems({ fr: "x" })).toEqual([]);
    expect(problems("not an object")).toEqual([]);
  });
});

describe("a key written twice in one object", () => {
  const duplicates = (text: string) => {
    const parsed = parseJson({ file: "r.json", text });
    if ("problem" in parsed) throw new Error(parsed.problem.found);
    return parsed.problems.map((p) => `${p.pointer}: ${p.found}`);
  };

  it.each([
    [
      "at the top",
      '{"title": "a", "title": "b"}',
      ['/title: the key "title" a second time, at line 1, column 16 (first at line 1, column 2)'],
    ],
    [
      "in an object in an array, on its own line",
      '{"a": [1, {"b": 1,\n "b": 2}]}',
      ['/a/1/b: the key "b" a second time, at line 2, column 2 (first at line 1, column 12)'],
    ],
    [
      "spelled with an escape",
      '{"k\\u0061": 1, "ka": 2}',
      ['/ka: the key "ka" a second time, at line 1, column 16 (first at line 1, column 2)'],
    ],
    [
      "named with / and ~",
      '[{"a/b~": 1, "a/b~": 2}]',
      ['/0/a~1b~0: the key "a/b~" a second time, at line 1, column 14 (first at line 1, column 3)'],
    ],
  ])("%s: is an error at its pointer, naming both places", (_what, text, expected) => {
    expect(duplicates(text)).toEqual(expected);
  });

  it.each([
    ["in two objects", '{"a": {"x": 1}, "b": {"x": 1}, "x": [{"x": 1}, {"x": 2}]}'],
    ["as a value, or inside a string", '{"a": "a", "b": "\\"a\\": {\\"a\\"", "c": ["a", "a"]}'],
  ])("%s: is no problem", (_what, text) => {
    expect(duplicates(text)).toEqual([]);
  });
});

describe("a number too large for a double (JSON.parse reads it as Infinity)", () => {
  const pointers = (text: string) => {
    const parsed = parseJson({ file: "r.json", text });
    return "problem" in parsed ? [parsed.problem.found] : parsed.problems.map((p) => p.pointer);
  };

  it("is an error at its pointer, wherever it stands", () => {
    expect(pointers('{"position": 1e400, "eras": [1, {"a": -1e309}], "x": 1.7e308}')).toEqual(["/position", "/eras/1/a"]);
    expect(pointers("1e400")).toEqual([""]);
  });

  it("is looked for without recursion, however deep the value", () => {
    expect(pointers(`${"[".repeat(20_000)}1e400${"]".repeat(20_000)}`)).toEqual(["/0".repeat(20_000)]);
  });
});

describe("html_path, a path below site_url (the schema's rule, which editors' IDEs and the CMS read too)", () => {
  const validators = compileSchemas();
  const problems = (html_path: string) => checkSchema(validators, "video", "v.json", { ...video, html_path });

  it.each(["media/volcano-basics/", "u/", "education/unit/a.b/", "a/..b/", "photos/a:b/", ".well-known/"])("takes %j", (html_path) => {
    expect(problems(html_path)).toEqual([]);
  });

  it.each([
    ["a segment that goes up", "../../../etc/"],
    ["a segment that stays", "a/./b/"],
    ["a segment that goes up, percent-encoded", "a/%2E%2e/"],
    ["an empty segment", "a//b/"],
    ["an address with a scheme", "https://evil.example/x/"],
    ["a script", "javascript:alert(1)//"],
    ["an absolute path", "/media/x/"],
    ["a backslash", "media\\x/"],
    ["a space", "media/a b/"],
    ["a query", "media/x?a=1/"],
    ["a control character", "media/x\u0007/"],
    ["no final /", "media/x"],
    ["nothing", ""],
  ])("refuses %s, with an example of a good one", (_what, html_path) => {
    expect(problems(html_path)).toEqual([
      expect.objectContaining({ pointer: "/html_path", expected: expect.stringContaining("like media/volcano-basics/") }),
    ]);
  });
});
