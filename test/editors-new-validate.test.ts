/**
 * The editor's commands: `npm run new` writes a record that validates, and
 * `npm run validate` names every problem (file, JSON pointer, expected, found).
 */
import { readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import AjvModule from "ajv";
import { SCHEMAS } from "../build-scripts/schemas/schemas.ts";
import { PROJECT_DIR, runCli } from "./helpers/run-cli.ts";
import { tempContent } from "./helpers/temp-content.ts";

let contentDir: string;
const env = () => ({ CONTENT_DIR: contentDir });

beforeEach(async () => {
  contentDir = await tempContent("content");
});
afterEach(async () => {
  await rm(path.dirname(contentDir), { recursive: true, force: true });
});

const readRecord = async (file: string) => JSON.parse(await readFile(path.resolve(PROJECT_DIR, file), "utf8")) as Record<string, unknown>;

async function records(collection: string) {
  const dir = path.join(contentDir, collection);
  return Promise.all((await readdir(dir)).map((n) => readRecord(path.join(dir, n))));
}

async function writeRecord(collection: string, name: string, change: (r: Record<string, unknown>) => void) {
  const dir = path.join(contentDir, collection);
  const [first] = (await readdir(dir)).sort();
  const record = await readRecord(path.join(dir, first));
  change(record);
  await writeFile(path.join(dir, name), JSON.stringify(record, null, 2));
  return { record, first };
}

describe("npm run new -- <collection> --title …", () => {
  it("writes a video at the end of its list, with a fresh UUID, today's date in seconds, and prints its path", async () => {
    const before = await records("videos");
    const made = await runCli("new.ts", ["videos", "--title", "Volcanoes & People: Living with Risk"], env());
    expect(made.code).toBe(0);
    const file = made.stdout.trim();
    expect(file).toMatch(/content\/videos\/volcanoes-people-living-with-risk\.json$/);
    const record = await readRecord(file);

    expect(record.title).toBe("Volcanoes & People: Living with Risk");
    expect(record.html_path).toBe("media/volcanoes-people-living-with-risk/");
    expect(record.position).toBe(Math.max(...before.map((r) => r.position as number)) + 1);
    expect(record.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(before.map((r) => r.uuid)).not.toContain(record.uuid);
    expect(record.create_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Math.abs(Date.parse(record.create_date as string) - Date.now())).toBeLessThan(60_000);
    expect(record.modified_date).toBe(record.create_date);
    expect(existsSync(path.resolve(path.dirname(path.resolve(PROJECT_DIR, file)), record.$schema as string))).toBe(true);
    expect(record.$schema).toMatch(/build-scripts\/schemas\/videos\.schema\.json$/);
    // Every field of a video is there; the ones to fill in are empty.
    expect(Object.keys(record)).toEqual([
      "$schema",
      "position",
      "uuid",
      "html_path",
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
      "versions",
    ]);
    expect([record.video_id, record.length, record.description, record.credits, record.subjects]).toEqual(["", "", "", {}, []]);
  });

  it("writes a record that validates, with a warning for each field still to fill in", async () => {
    await runCli("new.ts", ["videos", "--title", "Tides"], env());
    const checked = await runCli("validate.ts", [], env());
    expect(checked.code).toBe(0);
    expect(checked.stdout).toContain("is valid: 82 records in 6 collections, 3 warning(s).");
    for (const field of ["video_id", "length", "description"]) {
      expect(checked.stderr).toContain(`content/videos/tides.json  /${field}\n`);
    }
    expect(checked.stderr).toContain("expected: a duration H:MM:SS, like 0:03:27; the field is still empty: fill it in");
  });

  it("gives units microsecond dates, and an untitled record its UUID as a name", async () => {
    const made = await runCli("new.ts", ["units"], env());
    const record = await readRecord(made.stdout.trim());
    expect(made.stdout.trim()).toMatch(new RegExp(`content/units/${record.uuid}\\.json$`));
    expect(record.html_path).toBe(`education/unit/${record.uuid}/`);
    expect(record.create_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect(record.lessons).toEqual([]);
  });

  it("starts an empty collection at position 1, under education/<content type>/", async () => {
    const made = await runCli("new.ts", ["historic-articles", "--title", "Tides"], env());
    const record = await readRecord(made.stdout.trim());
    expect([record.position, record.html_path]).toEqual([1, "education/historic_article/tides/"]);
  });

  it("never overwrites: a second record with the same title gets its own file", async () => {
    const first = await runCli("new.ts", ["photos", "--title", "Tides"], env());
    const second = await runCli("new.ts", ["photos", "--title", "Tides"], env());
    expect(second.stdout.trim()).toBe(first.stdout.trim().replace("tides.json", "tides-2.json"));
    expect((await readRecord(second.stdout.trim())).position).toBe(((await readRecord(first.stdout.trim())).position as number) + 1);
  });

  it("finds the list's end among the records the build reads: not a hidden file, one not JSON, nor one behind a link out", async () => {
    const published = await records("videos");
    const end = Math.max(...published.map((r) => r.position as number));
    await writeRecord("videos", "_draft.json", (r) => (r.position = end + 100));
    await writeRecord("videos", ".unsaved.json", (r) => (r.position = end + 200));
    await writeRecord("videos", "notes.txt", (r) => (r.position = end + 300));
    const outside = path.join(path.dirname(contentDir), "elsewhere.json");
    await writeFile(outside, JSON.stringify({ ...published[0], position: end + 400 }));
    await symlink(outside, path.join(contentDir, "videos/elsewhere.json"));
    const made = await runCli("new.ts", ["videos", "--title", "Tides"], env());
    expect((await readRecord(made.stdout.trim())).position).toBe(end + 1);
  });

  it("names the collections when given an unknown one", async () => {
    const made = await runCli("new.ts", ["movies"], env());
    expect(made.code).not.toBe(0);
    expect(made.stderr).toContain('"movies" is not a collection. Collections: activities, applications,');
  });
});

describe("the record schemas", () => {
  // The build compiles them without checking them (build-scripts/pipeline/validate/schema-check.ts); editors read them as they are.
  it("are valid JSON Schema (draft-07), each of them", () => {
    const Ajv = ((AjvModule as { default?: unknown }).default ?? AjvModule) as typeof AjvModule.default;
    const ajv = new Ajv({ strict: false });
    for (const [name, schema] of Object.entries(SCHEMAS)) {
      expect(ajv.validateSchema(schema), `${name}: ${ajv.errorsText()}`).toBe(true);
    }
  });
});

describe("npm run validate", () => {
  it("passes the sample content", async () => {
    const checked = await runCli("validate.ts", [], env());
    expect(checked).toMatchObject({ code: 0, stderr: "" });
    expect(checked.stdout).toMatch(/is valid: 81 records in 6 collections\.\n$/);
  });

  it("fails on a UUID used twice, naming both files", async () => {
    const { record, first } = await writeRecord("videos", "copy.json", (r) => void (r.position = 999));
    const checked = await runCli("validate.ts", [], env());
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain(
      `content/videos/copy.json  /uuid\n    expected: a UUID no other record uses\n    found:    "${record.uuid}", already used by`,
    );
    expect(checked.stderr).toContain(first);
    expect(checked.stderr).toContain("has 1 error(s): fix them and run npm run validate again.");
  });

  it("passes records that share a position, as two records made between deploys do", async () => {
    const last = Math.max(...(await records("videos")).map((r) => r.position as number));
    for (const name of ["b-second.json", "a-first.json"])
      await writeRecord("videos", name, (r) => Object.assign(r, { uuid: crypto.randomUUID(), position: last + 1 }));
    const checked = await runCli("validate.ts", [], env());
    expect(checked).toMatchObject({ code: 0, stderr: "" });
  });

  it("fails on a unit lesson that is not a lesson", async () => {
    const [video] = await records("videos");
    await writeRecord("units", "odd.json", (r) => Object.assign(r, { uuid: crypto.randomUUID(), position: 999, lessons: [video.uuid] }));
    const checked = await runCli("validate.ts", [], env());
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain(
      `content/units/odd.json  /lessons/0\n    expected: the UUID of a lesson\n    found:    "${video.uuid}", the UUID of`,
    );
  });

  it("fails on a date that does not parse and on a modified date before the created one", async () => {
    await writeRecord("videos", "dates.json", (r) =>
      Object.assign(r, { uuid: crypto.randomUUID(), position: 999, create_date: "2021-02-30T10:00:00Z" }),
    );
    await writeRecord("units", "dates.json", (r) =>
      Object.assign(r, {
        uuid: crypto.randomUUID(),
        position: 999,
        create_date: "2020-01-02T00:00:00.000000Z",
        modified_date: "2020-01-01T00:00:00.000000Z",
      }),
    );
    const checked = await runCli("validate.ts", [], env());
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain(
      'content/videos/dates.json  /create_date\n    expected: a date that exists on the calendar\n    found:    string "2021-02-30T10:00:00Z"',
    );
    expect(checked.stderr).toContain(
      "content/units/dates.json  /modified_date\n    expected: a date not before create_date (2020-01-02T00:00:00.000000Z)",
    );
  });

  it("fails on a broken file, telling where", async () => {
    await writeFile(path.join(contentDir, "videos", "broken.json"), '{\n  "title": "x",\n}\n');
    const checked = await runCli("validate.ts", [], env());
    expect(checked.code).toBe(1);
    expect(checked.stderr).toMatch(
      /content\/videos\/broken\.json {2}\(whole file\)\n {4}expected: a JSON document\n {4}found: {4}invalid JSON at line 3, column 1/,
    );
  });
});
