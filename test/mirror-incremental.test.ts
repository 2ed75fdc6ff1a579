/**
 * `npm run mirror` after the run before, with what it kept beside the output
 * (`_site.cache/`, as Netlify's cache hands it back): after each change to the
 * sample content (with a French translation) the output equals a clean run's
 * of the same content — the archives entry by entry as Python's zipfile reads
 * them, every other file byte for byte — while only the collections the
 * change reaches were written again; a change the records cannot account for
 * (a translation, the config, a layout, a kept archive not as it was left) is
 * a whole build, and the log's one line says why. Whatever became of the
 * output folder (files removed or edited, a run killed halfway) does not
 * reach the next run's output.
 */
import { execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { appendFile, mkdtemp, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENV } from "./helpers/build-site.ts";
import { npmScriptCommand, npmScriptOf } from "../build-scripts/tools/cli/npm-scripts.ts";
import { PROJECT_DIR, runCli } from "./helpers/run-cli.ts";
import { tempContent, writeRecord } from "./helpers/temp-content.ts";

const UNIT = "0d565147-c73f-44cf-9038-addfabc6803e";
const VIDEO = "videos/how-ocean-currents-move-heat.json";
const TRANSLATION = `translations/fr/units/${UNIT}.json`;

let dir: string;
let content: string;
let outDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "mirror-incremental-"));
  content = await tempContent("content");
  const unit = JSON.parse(await readFile(path.join(content, "units/ancient-mediterranean-worlds.json"), "utf8")) as { title: string };
  await writeRecord(content, TRANSLATION, { fields: { "/title": { source: unit.title, target: "Mondes de la Méditerranée antique" } } });
  outDir = path.join(dir, "_site");
  env = { ...TEST_ENV, CONTENT_DIR: content, OUTPUT_DIR: outDir, SOURCE_DATE_EPOCH: "1767323040" };
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(path.dirname(content), { recursive: true, force: true });
});

async function mirror(out = outDir, extra: Record<string, string> = {}): Promise<string> {
  const made = await runCli("mirror.ts", [], { ...env, ...extra, OUTPUT_DIR: out });
  expect(made.code, made.stderr).toBe(0);
  return made.stdout;
}

/** What Python's zipfile reads of an archive: each entry's name, time, method, CRC-32, sizes and bytes' SHA-1. */
function zipEntries(file: string): string {
  const script = `
import hashlib, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for i in z.infolist():
        print(i.filename, i.date_time, i.compress_type, i.CRC, i.file_size, i.compress_size, hashlib.sha1(z.read(i)).hexdigest())`;
  return execFileSync("python3", ["-c", script, file], { encoding: "utf8", maxBuffer: 2 ** 26 });
}

const filesOf = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .sort();

/** The output of the incremental run against a clean run's of the same content (and environment). */
async function expectSameAsClean(step: string, extra: Record<string, string> = {}): Promise<void> {
  const clean = path.join(dir, `clean-${step}`);
  expect(await mirror(clean, extra)).toContain(`Building ${clean}/ whole: no build state`);
  const files = filesOf(outDir);
  expect(files).toEqual(filesOf(clean));
  const differing = files.filter((file) => {
    const [a, b] = [readFileSync(path.join(outDir, file)), readFileSync(path.join(clean, file))];
    if (file.endsWith(".zip")) expect(zipEntries(path.join(outDir, file)), file).toBe(zipEntries(path.join(clean, file)));
    return !a.equals(b);
  });
  expect(differing).toEqual([]);
  await rm(clean, { recursive: true, force: true });
}

const KEPT_MIRROR = () => `${outDir}.cache/downloads/catalogue-mirror.zip`;

/** Each file's bytes, to tell which a run wrote anew. */
const snapshot = () => new Map(filesOf(outDir).map((file) => [file, readFileSync(path.join(outDir, file))]));
const changedSince = (before: Map<string, Buffer>) =>
  filesOf(outDir).filter((file) => !before.get(file)?.equals(readFileSync(path.join(outDir, file))));

describe("npm run mirror over the previous run's output", () => {
  it("builds whole the first time, saying why", async () => {
    expect(await mirror()).toContain(`Building ${outDir}/ whole: no build state (${outDir}.cache/state.json)`);
  });

  it("rewrites nothing when nothing changed, the archives not even copied", async () => {
    const before = snapshot();
    const archives = ["catalogue-mirror.zip", "catalogue-reader.zip", "catalogue.zim"].map((name) => path.join(outDir, "downloads", name));
    const times = archives.map((file) => statSync(file).mtimeMs);
    const log = await mirror();
    expect(log).toContain(`Updating ${outDir}/ as the previous build left it: no collection changed.`);
    for (const file of archives) expect(log).toMatch(new RegExp(`Kept ${file} as it was: nothing it holds changed \\(\\d+ files, `));
    expect(changedSince(before)).toEqual([]);
    expect(archives.map((file) => statSync(file).mtimeMs)).toEqual(times);
  });

  it("weighs the site without its archives against the full mirror's cap, as a clean run does", async () => {
    const site = filesOf(outDir).filter((file) => !file.startsWith("downloads/"));
    const bytes = site.reduce((sum, file) => sum + statSync(path.join(outDir, file)).size, 0);
    // Above the site, below the site and its archives.
    const cap = { MIRROR_MAX_BYTES: String(bytes + 100_000) };
    const log = await mirror(outDir, cap);
    expect(log).toContain("no collection changed");
    expect(log).not.toContain("No full mirror");
    await expectSameAsClean("cap", cap);
  });

  it("after an edit, writes the videos again and equals a clean run", async () => {
    const video = JSON.parse(await readFile(path.join(content, VIDEO), "utf8")) as { uuid: string; title: string };
    await writeRecord(content, VIDEO, { ...video, title: `${video.title}, revisited` });
    const before = snapshot();
    expect(await mirror()).toContain("as the previous build left it: videos changed.");
    const changed = changedSince(before);
    expect(changed).toContain(`api/videos/${video.uuid}/index.json`);
    expect(changed).toContain(`fr/api/videos/${video.uuid}/index.json`);
    expect(changed.filter((file) => file.startsWith("api/units/"))).toEqual([]);
    await expectSameAsClean("edit");
  });

  it("after an addition and a removal, equals a clean run", async () => {
    const unit = JSON.parse(await readFile(path.join(content, "units/ancient-mediterranean-worlds.json"), "utf8")) as object;
    await writeRecord(content, "units/a-new-unit.json", {
      ...unit,
      uuid: "9b2f6c1e-0a4d-4e57-9d0b-3c1f2e4a5b6c",
      title: "A new unit",
      html_path: "education/unit/a-new-unit/",
    });
    await rm(path.join(content, "videos/the-pacific-ring-of-fire.json"));
    expect(await mirror()).toMatch(/as the previous build left it: (units, videos|videos, units) changed\./);
    await expectSameAsClean("add-remove");
  });

  it("writes again from the kept mirror a file removed from or edited in the output, with a record edited", async () => {
    await rm(path.join(outDir, "api/units/index.json"));
    await appendFile(path.join(outDir, "api/lessons/index.xml"), "<!-- edited by hand -->");
    await rm(path.join(outDir, "admin"), { recursive: true });
    const video = JSON.parse(await readFile(path.join(content, VIDEO), "utf8")) as { title: string };
    await writeRecord(content, VIDEO, { ...video, title: `${video.title}, again` });
    const log = await mirror();
    expect(log).toContain("as the previous build left it: videos changed.");
    expect(log).toMatch(/^ {2}\d+ files written from the kept mirror in /m);
    await expectSameAsClean("output-edited");
  });

  it("after a unit's lessons and a lesson they link changed, equals a clean run", async () => {
    const [unitFile, lessonFile] = ["units/ancient-mediterranean-worlds.json", "lessons/anatomy-of-a-volcano.json"];
    const unit = JSON.parse(await readFile(path.join(content, unitFile), "utf8")) as { lessons: string[] };
    const lesson = JSON.parse(await readFile(path.join(content, lessonFile), "utf8")) as { uuid: string; title: string };
    await writeRecord(content, unitFile, { ...unit, lessons: [lesson.uuid, ...unit.lessons.slice(1)] });
    await writeRecord(content, lessonFile, { ...lesson, title: `${lesson.title} (linked)` });
    expect(await mirror()).toMatch(/as the previous build left it: (lessons, units|units, lessons) changed\./);
    await expectSameAsClean("links");
  });

  it("builds whole, saying why, when the kept mirror is not as the previous run left it, or damaged inside", async () => {
    const bytes = statSync(KEPT_MIRROR()).size;
    await truncate(KEPT_MIRROR(), bytes - 1);
    expect(await mirror()).toContain(
      `Building ${outDir}/ whole: ${KEPT_MIRROR()} holds ${bytes - 1} bytes where the previous build left ${bytes}.`,
    );
    await expectSameAsClean("truncated");
    // A byte of a site file's compressed bytes changed: the size and the end are as left, the entry's CRC-32 is not.
    const archive = readFileSync(KEPT_MIRROR());
    const at = archive.indexOf("catalogue-mirror/api/videos/index.json") + 200;
    archive[at] ^= 0xff;
    await writeFile(KEPT_MIRROR(), archive);
    expect(await mirror()).toMatch(
      new RegExp(`Building ${outDir}/ whole: the kept mirror cannot be read \\(.*catalogue-mirror/api/videos/index\\.json is damaged`),
    );
    await expectSameAsClean("damaged");
  });

  it("renders every chunk again when the kept chunks are missing, and builds whole when the kept reader is", async () => {
    await rm(`${outDir}.cache/chunks.pack`);
    const video = JSON.parse(await readFile(path.join(content, VIDEO), "utf8")) as { title: string };
    await writeRecord(content, VIDEO, { ...video, title: `${video.title}, once more` });
    const log = await mirror();
    expect(log).toContain("as the previous build left it: videos changed.");
    expect(log).not.toContain("taken from the previous build");
    await expectSameAsClean("no-chunks");
    await rm(`${outDir}.cache/downloads/catalogue-reader.zip`);
    expect(await mirror()).toContain(`Building ${outDir}/ whole: ${outDir}.cache/downloads/catalogue-reader.zip is missing.`);
    await expectSameAsClean("no-reader");
  });

  it("after a run killed halfway, builds whole, saying why, and equals a clean run", async () => {
    const video = JSON.parse(await readFile(path.join(content, VIDEO), "utf8")) as { title: string };
    await writeRecord(content, VIDEO, { ...video, title: `${video.title}, interrupted` });
    const [command, args] = npmScriptCommand(PROJECT_DIR, npmScriptOf(PROJECT_DIR, "build-scripts/tools/cli/mirror.ts"));
    const run = spawn(command, args, { cwd: PROJECT_DIR, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    // Killed once the site is written from the kept mirror, while the update writes over it.
    await new Promise<void>((resolve) => run.stdout.on("data", (data: Buffer) => data.includes("from the kept mirror") && resolve()));
    run.kill("SIGKILL");
    await new Promise((resolve) => run.on("close", resolve));
    expect(await mirror()).toContain(`Building ${outDir}/ whole: no build state`);
    await expectSameAsClean("killed");
  });

  it("builds whole when a collection's folder crosses the folder limit, either way, and equals a clean run", async () => {
    const limited = { FOLDER_LIMIT: "40" };
    expect(await mirror(outDir, limited)).toContain("whole: the config or environment changed");
    const video = JSON.parse(await readFile(path.join(content, VIDEO), "utf8")) as { html_path: string };
    const added = Array.from({ length: 6 }, (_, n) => `videos/added-${n}.json`);
    for (const [n, file] of added.entries())
      await writeRecord(content, file, { ...video, uuid: `00000000-0000-4000-8000-00000000000${n}`, html_path: `${video.html_path}${n}/` });
    expect(await mirror(outDir, limited)).toContain(`Building ${outDir}/ whole: the layout changed since the previous build.`);
    await expectSameAsClean("split", limited);
    for (const file of added) await rm(path.join(content, file));
    expect(await mirror(outDir, limited)).toContain(`Building ${outDir}/ whole: the layout changed since the previous build.`);
    await expectSameAsClean("joined", limited);
    expect(await mirror()).toContain("whole: the config or environment changed");
  });

  it("after a translation changed, builds whole, saying why, and equals a clean run", async () => {
    const stored = JSON.parse(await readFile(path.join(content, TRANSLATION), "utf8")) as { fields: Record<string, { target: string }> };
    stored.fields["/title"].target = "Les mondes méditerranéens";
    await writeFile(path.join(content, TRANSLATION), JSON.stringify(stored));
    expect(await mirror()).toContain(`Building ${outDir}/ whole: the translations changed since the previous build.`);
    await expectSameAsClean("translation");
  });

  it("after a config change, builds whole, saying why, and equals a clean run", async () => {
    const changed = { BASE_URL: "https://elsewhere.example.test" };
    expect(await mirror(outDir, changed)).toContain(
      `Building ${outDir}/ whole: the config or environment changed since the previous build.`,
    );
    await expectSameAsClean("config", changed);
  });

  it("after npm run build over the output, updates from what it kept and equals a clean run", async () => {
    await mirror(); // with the environment of the tests before
    const built = await runCli("build.ts", [], env);
    expect(built.code, built.stderr).toBe(0);
    expect(await mirror()).toContain(`Updating ${outDir}/ as the previous build left it: no collection changed.`);
    await expectSameAsClean("after-build");
  });
});
