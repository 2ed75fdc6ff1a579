/**
 * Given bad content, the build names every problem (file, JSON pointer,
 * expected, found) in one run, exits with code 1, prints no stack trace, and
 * leaves the previous output as it was. An entry that is not a plain file (a
 * folder named *.json, a broken or outward link, a named pipe, …) is one more
 * named problem, never the end of the run.
 */
import { mkdir, mkdtemp, readdir, readFile, symlink } from "node:fs/promises";
import type { Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type BuildResult, buildSite, GOLDEN_CONTENT } from "./helpers/build-site.ts";
import { runCli, type CliResult } from "./helpers/run-cli.ts";
import { copiedBuild } from "./helpers/shared-build.ts";
import { listenOnSocket, makeFifo, tempContent, writeRecord } from "./helpers/temp-content.ts";

const video = JSON.parse(await readFile(path.join(import.meta.dirname, "fixtures/golden-content/videos/edge-cases-video.json"), "utf8"));
const unit = JSON.parse(await readFile(path.join(import.meta.dirname, "fixtures/golden-content/units/edge-cases-unit.json"), "utf8"));
const lesson = JSON.parse(await readFile(path.join(import.meta.dirname, "fixtures/golden-content/lessons/edge-cases-lesson.json"), "utf8"));
const FAILING_READS = path.join(import.meta.dirname, "helpers/failing-reads.js");

/** Records with a problem of each kind the checks know. */
async function writeBrokenRecords(content: string): Promise<void> {
  await writeRecord(content, "videos/invalid-json.json", '{\n  "uuid": "x",\n  "title": "no closing brace"\n');
  await writeRecord(content, "videos/missing-and-mistyped.json", {
    ...video,
    uuid: "0a1b2c3d-0000-4000-8000-000000000001",
    title: undefined,
    grades: [9],
    length: "four minutes",
  });
  await writeRecord(content, "videos/bad-uuid.json", { ...video, uuid: "not-a-uuid", position: 7, html_path: "../../../etc/" });
  await writeRecord(content, "videos/duplicate-uuid.json", { ...video, position: 8 });
  await writeRecord(content, "videos/no-uuid.json", { ...video, uuid: undefined, position: 8 });
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
  const unit = JSON.parse(await readFile(path.join(content, "units/edge-cases-unit.json"), "utf8"));
  await writeRecord(content, "units/edge-cases-unit.json", { ...unit, lessons: [video.uuid], subtitle: 5 });
  const huge = { ...video, uuid: "0a1b2c3d-0000-4000-8000-000000000009", position: 14, geologic_time: [1] };
  await writeRecord(
    content,
    "videos/huge-numbers.json",
    JSON.stringify(huge).replace('"position":14', '"position":1e400').replace("[1]", "[-1e999]"),
  );
  const beyond = { ...video, uuid: "0a1b2c3d-0000-4000-8000-00000000000a", position: 15 };
  // 2^53 + 1, which JSON.parse reads as 2^53: past the integers a JavaScript number holds exactly.
  await writeRecord(content, "videos/beyond-exact.json", JSON.stringify(beyond).replace('"position":15', '"position":9007199254740993'));
  const twice = { ...video, uuid: "0a1b2c3d-0000-4000-8000-000000000008", position: 13, credits: { Writer: ["A. Writer"] } };
  await writeRecord(
    content,
    "videos/key-twice.json",
    JSON.stringify(twice, null, 2).replace('"Writer": [', '"Writer": ["B. Writer"],\n    "Writer": ['),
  );
}

/** What the build says of writeBrokenRecords' records: [what, file, pointer, expected, found]. */
const BROKEN_RECORDS: [string, string, string, RegExp, RegExp][] = [
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
  ["a missing UUID", "videos/no-uuid.json", "/uuid", /a UUID in lower case.*/, /nothing \(the field is missing\)/],
  ["a malformed UUID", "videos/bad-uuid.json", "/uuid", /a UUID in lower case.*/, /string "not-a-uuid"/],
  ["an html_path that leaves site_url", "videos/bad-uuid.json", "/html_path", /a path below site_url .*/, /string "..\/..\/..\/etc\/"/],
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
    "a unit's lesson that is not a lesson, in a unit with errors of its own",
    "units/edge-cases-unit.json",
    "/lessons/0",
    /the UUID of a lesson/,
    /"7b0c8a52-3f4e-4d71-9a6b-1c2d3e4f5a6b", the UUID of .*videos\/.*json in videos/,
  ],
  [
    "a key written twice, where the last value would win without a word",
    "videos/key-twice.json",
    "/credits/Writer",
    /each key once in its object .*/,
    /the key "Writer" a second time, at line \d+, column 5 \(first at line \d+, column 5\)/,
  ],
  [
    "a position too large to be a number",
    "videos/huge-numbers.json",
    "/position",
    /a number between .*/,
    /a number beyond them, read as Infinity/,
  ],
  [
    "a position beyond JavaScript's exact integers",
    "videos/beyond-exact.json",
    "/position",
    /a whole number from 1 to 9007199254740991, .*/,
    /number 9007199254740992/,
  ],
  ["a number too large in any field", "videos/huge-numbers.json", "/geologic_time/0", /a number between .*/, /a number beyond them.*/],
  [
    "a record in an unknown collection",
    "podcasts/unknown.json",
    "(whole file)",
    /a file in a folder named after one of the 31 collections.*/,
    /a record in the unknown collection "podcasts"/,
  ],
];

const problem = (file: string, pointer: string, expected: RegExp, found: RegExp) =>
  new RegExp(`${file}  ${pointer.replace(/[/$()]/g, "\\$&")}\\n    expected: ${expected.source}\\n    found:    ${found.source}`);

const STACK_LINE = /\n\s+at /;

let first: BuildResult;
let before: string;
beforeAll(async () => {
  first = await copiedBuild({ CONTENT_DIR: GOLDEN_CONTENT });
  expect(first.code).toBe(0);
  before = await readFile(path.join(first.outDir, "api/videos/index.json"), "utf8");
});

/** The build of the golden content with the broken records, and whatever `addEntry` puts in, over the first build's output. */
async function brokenBuild(addEntry: (content: string) => Promise<unknown> = async () => {}, env: Record<string, string> = {}) {
  const content = await tempContent(GOLDEN_CONTENT);
  await writeBrokenRecords(content);
  await addEntry(content);
  return buildSite({ CONTENT_DIR: content, ...env }, first.outDir);
}

async function expectFailedBuild(run: CliResult): Promise<void> {
  expect(run.code).toBe(1);
  expect(run.stderr).not.toMatch(STACK_LINE);
  expect(await readFile(path.join(first.outDir, "api/videos/index.json"), "utf8")).toBe(before);
  expect(run.stderr).toContain("is unchanged");
}

describe("a build of bad content", () => {
  let broken: BuildResult;
  beforeAll(async () => {
    broken = await brokenBuild();
  });

  it("fails with exit code 1, no stack trace, and leaves the previous output untouched", async () => {
    await expectFailedBuild(broken);
  });

  it.each(BROKEN_RECORDS)("names %s", (_what, file, pointer, expected, found) => {
    expect(broken.stderr).toMatch(problem(file, pointer, expected, found));
  });
});

describe("an entry of the content folder that is not a plain file is one named problem; every other problem is still named", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());
  /** Reads fail as they would for a user the file's permissions keep out, or for a file deleted meanwhile (see the helper). */
  const failingReads = (reads: Record<string, string>) => ({
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${FAILING_READS}`,
    FAILING_READS: JSON.stringify(reads),
  });

  it.each<[string, (content: string) => Promise<unknown>, Record<string, string>, string, RegExp, RegExp]>([
    [
      "a folder named like a record",
      (content) => mkdir(path.join(content, "videos/folder.json")),
      {},
      "videos/folder.json",
      /a JSON file/,
      /a folder/,
    ],
    [
      "a symbolic link that points nowhere",
      (content) => symlink("missing.json", path.join(content, "videos/dangling.json")),
      {},
      "videos/dangling.json",
      /a JSON file/,
      /a symbolic link to "missing.json", which points nowhere/,
    ],
    [
      "a symbolic link to a file outside the content folder",
      (content) => symlink("/etc/passwd", path.join(content, "videos/passwd.json")),
      {},
      "videos/passwd.json",
      /a JSON file inside .*content\//,
      /a symbolic link to "\/etc\/passwd", outside .*content\/ \(not followed\)/,
    ],
    [
      "a collection folder that links outside the content folder",
      (content) => symlink("/etc", path.join(content, "etc")),
      {},
      "content/etc",
      /a collection folder inside .*content\//,
      /a symbolic link to "\/etc", outside .*content\/ \(not followed\)/,
    ],
    [
      "a translations folder that links outside the content folder (its files never read)",
      async (content) => {
        const outside = await mkdtemp(path.join(tmpdir(), "outside-translations-"));
        await writeRecord(outside, `fr/units/${unit.uuid}.json`, '{"fields": root:x:0:0:secret}');
        return symlink(outside, path.join(content, "translations"));
      },
      {},
      "content/translations",
      /the translations folder inside .*content\//,
      /a symbolic link to ".*outside-translations-.*", outside .*content\/ \(not followed\)/,
    ],
    [
      "a file the build may not read",
      (content) => writeRecord(content, "videos/unreadable.json", { ...video, uuid: "0a1b2c3d-0000-4000-8000-000000000006", position: 11 }),
      failingReads({ "unreadable.json": "EACCES" }),
      "videos/unreadable.json",
      /a JSON file/,
      /a file the build may not read \(permission denied\)/,
    ],
    [
      "a named pipe",
      async (content) => makeFifo(content, "videos/pipe.json"),
      {},
      "videos/pipe.json",
      /a JSON file/,
      /a named pipe \(FIFO\)/,
    ],
    [
      "a socket",
      async (content) => (server = await listenOnSocket(content, "videos/socket.json")),
      {},
      "videos/socket.json",
      /a JSON file/,
      /a socket/,
    ],
    [
      "a file removed between the listing of its folder and its reading",
      (content) => writeRecord(content, "videos/vanishing.json", { ...video, uuid: "0a1b2c3d-0000-4000-8000-000000000007", position: 12 }),
      failingReads({ "vanishing.json": "vanish" }),
      "videos/vanishing.json",
      /a JSON file/,
      /nothing: the file was removed while the content was being read/,
    ],
    [
      "a file that is not UTF-8",
      (content) => writeRecord(content, "videos/latin-1.json", Buffer.from('{\n  "uuid": "x",\n  "title": "Caf\xe9"\n}\n', "latin1")),
      {},
      "videos/latin-1.json",
      /a JSON file in UTF-8/,
      /bytes that are not UTF-8 on line 3 \(saved in another encoding\?\)/,
    ],
  ])("names %s", async (_what, addEntry, env, file, expected, found) => {
    const run = await brokenBuild(addEntry, env);
    expect(run.stderr).toMatch(problem(file, "(whole file)", expected, found));
    for (const [, otherFile, pointer, otherExpected, otherFound] of BROKEN_RECORDS) {
      expect(run.stderr).toMatch(problem(otherFile, pointer, otherExpected, otherFound));
    }
    expect(`${run.stdout}${run.stderr}`).not.toContain("root:");
    await expectFailedBuild(run);
  });

  it("follows a symbolic link that stays inside the content folder, and checks what it leads to as a record", async () => {
    const run = await brokenBuild((content) => symlink("../units/edge-cases-unit.json", path.join(content, "lessons/a-unit.json")));
    expect(run.stderr).toMatch(
      problem("units/edge-cases-unit.json", "/uuid", /a UUID no other record uses/, /".+", already used by .*lessons\/a-unit.json/),
    );
    await expectFailedBuild(run);
  });
});

describe("a build of content with warnings", () => {
  it("builds, and its one summary counts the warnings by kind and every file it wrote", async () => {
    const content = await tempContent(GOLDEN_CONTENT);
    const unit = JSON.parse(await readFile(path.join(content, "units/edge-cases-unit.json"), "utf8"));
    const missing = "0a1b2c3d-0000-4000-8000-0000000000ff";
    await writeRecord(content, "units/edge-cases-unit.json", { ...unit, lessons: [...unit.lessons, missing], description: "" });
    const run = await buildSite({ CONTENT_DIR: content });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("  2 warnings: 1 link to a missing lesson, 1 field left empty (npm run validate lists each one)");
    const files = (await readdir(run.outDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).length;
    expect(run.stdout).toMatch(new RegExp(`\\n  total +${files} files `));
    // No other line counts files: Eleventy's own ("Wrote 7 files") counts its pages only.
    expect(run.stdout.match(/\d+ files/g)?.length).toBe(run.stdout.match(/^ {2}\S+ +\d+ files/gm)?.length);
  });
});

describe("a content folder that does not exist", () => {
  it("is one named problem: the build stops with exit code 1 and leaves the previous output untouched", async () => {
    const missing = path.join(await mkdtemp(path.join(tmpdir(), "catalogue-nothing-")), "content");
    const run = await buildSite({ CONTENT_DIR: missing }, first.outDir);
    expect(run.stderr).toMatch(
      problem(missing, "(whole file)", /the content folder, holding a folder per collection .*/, /nothing: there is no .*/),
    );
    await expectFailedBuild(run);
  });
});

describe("a command that fails", () => {
  const missing = path.join(tmpdir(), "catalogue-nothing-here", "videos.json");
  const runs = {
    build: (env: Record<string, string>) => buildSite({ CONTENT_DIR: path.dirname(missing), ...env }),
    import: (env: Record<string, string>) => runCli("import.ts", [missing], env),
  };

  it.each(Object.keys(runs) as (keyof typeof runs)[])(
    "%s, given something missing: a message and no stack trace; with DEBUG=1, the stack too",
    async (command) => {
      const plain = await runs[command]({ DEBUG: "" });
      expect(plain.code).toBe(1);
      expect(plain.stderr).toContain("catalogue-nothing-here");
      expect(plain.stderr).not.toMatch(STACK_LINE);

      const debug = await runs[command]({ DEBUG: "1" });
      expect(debug.code).toBe(1);
      expect(debug.stderr).toMatch(STACK_LINE);
    },
  );
});

describe("stored translations (content/translations/) with problems, beside records with errors", () => {
  let broken: BuildResult;
  const translation = (fields: unknown) => ({ fields });
  const nowhere = "0a1b2c3d-0000-4000-8000-0000000000ee";
  beforeAll(async () => {
    const content = await tempContent(GOLDEN_CONTENT);
    // The lesson stays fine; the unit gets errors of its own; videos/ gets a file that is not JSON.
    await writeBrokenRecords(content);
    await writeRecord(
      content,
      `translations/fr/lessons/${lesson.uuid}.json`,
      translation({ "/title": { source: "An older title", target: "Un titre" } }),
    );
    await writeRecord(content, `translations/fr/lessons/${nowhere}.json`, translation({}));
    await writeRecord(content, `translations/fr/videos/${nowhere}.json`, translation({}));
    await writeRecord(content, `translations/fr/units/${unit.uuid}.json`, {
      fields: { "/title": { source: unit.title, target: "Titre" }, "/description": { source: unit.description, target: "<p>sans fin" } },
    });
    await writeRecord(content, `translations/fr_FR/units/${unit.uuid}.json`, translation({}));
    await writeRecord(content, "translations/fr/units/not-a-uuid.json", translation({}));
    await writeRecord(content, `translations/fr/podcasts/${unit.uuid}.json`, translation({}));
    await writeRecord(content, `translations/es/units/${unit.uuid}.json`, translation({ "/url": { source: "a", target: "b" } }));
    await writeRecord(content, `translations/es/videos/${video.uuid}.json`, '{"fields": ');
    await mkdir(path.join(content, "translations/de/units"), { recursive: true });
    makeFifo(content, `translations/de/units/${unit.uuid}.json`);
    await symlink("/etc", path.join(content, "translations/it"));
    broken = await buildSite({ CONTENT_DIR: content }, first.outDir);
  });

  it("fails the build with every problem named, and leaves the previous output untouched", async () => {
    await expectFailedBuild(broken);
    for (const [, file, pointer, expected, found] of BROKEN_RECORDS) expect(broken.stderr).toMatch(problem(file, pointer, expected, found));
  });

  it("says nothing yet of a translation of no record in a collection with a file that is not JSON (it may be that file's)", () => {
    expect(broken.stderr + broken.stdout).not.toContain(`translations/fr/videos/${nowhere}.json`);
  });

  it.each<[string, string, string, RegExp, RegExp]>([
    [
      "a stale translation of a record that is fine",
      `translations/fr/lessons/${lesson.uuid}.json`,
      "/fields/~1title/source",
      /the text of .*lessons\/edge-cases-lesson.json at \/title, which the fr translation was made from/,
      /another text: .*/,
    ],
    [
      "a translation of no record, in a collection whose every file was read",
      `translations/fr/lessons/${nowhere}.json`,
      "(whole file)",
      /a translation of a record of the catalogue/,
      /no record with uuid .* in lessons: the translation is not published/,
    ],
    [
      "a target that breaks the source's markup, of a record with errors of its own",
      `translations/fr/units/${unit.uuid}.json`,
      "/fields/~1description/target",
      /a target that is well-formed HTML with the source's elements/,
      /markup that is not well-formed: "<p>" never ended/,
    ],
    [
      "a language folder that is no language tag",
      `translations/fr_FR/units/${unit.uuid}.json`,
      "(whole file)",
      /a folder named after a language tag.*/,
      /the folder "fr_FR"/,
    ],
    [
      "a file not named after a uuid",
      "translations/fr/units/not-a-uuid.json",
      "(whole file)",
      /a file named after the uuid of the record it translates.*/,
      /"not-a-uuid.json"/,
    ],
    [
      "an unknown collection",
      `translations/fr/podcasts/${unit.uuid}.json`,
      "(whole file)",
      /a folder named after one of the 31 collections.*/,
      /the unknown collection "podcasts"/,
    ],
    [
      "a pointer that names no translatable text",
      `translations/es/units/${unit.uuid}.json`,
      "/fields",
      /the JSON pointer of a translatable text.*/,
      /the key "\/url"/,
    ],
    ["invalid JSON", `translations/es/videos/${video.uuid}.json`, "(whole file)", /a JSON document/, /invalid JSON.*/],
    ["a named pipe", `translations/de/units/${unit.uuid}.json`, "(whole file)", /a JSON file/, /a named pipe.*/],
    [
      "a language folder that links outside the content folder",
      "translations/it",
      "(whole file)",
      /a language folder inside .*content\//,
      /a symbolic link to "\/etc", outside .*/,
    ],
  ])("names %s", (_what, file, pointer, expected, found) => {
    expect(broken.stderr).toMatch(problem(file, pointer, expected, found));
  });
});
