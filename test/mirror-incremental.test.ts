/**
 * `npm run mirror` over the output and build state of the run before, as
 * Netlify's cache hands them back: after each change to the sample content
 * (with a French translation) the output equals a clean run's of the same
 * content — the archives entry by entry as Python's zipfile reads them, every
 * other file byte for byte — while only the collections the change reaches
 * were written again; a change the records cannot account for (a
 * translation, the config, an archive not as it was left) is a whole build,
 * and the log's one line says why.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENV } from "./helpers/build-site.ts";
import { runCli } from "./helpers/run-cli.ts";
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
  // The state's count of the site, kept by what each run wrote, is the site's as a listing finds it.
  const site = files.filter((file) => !file.startsWith("downloads/"));
  const size = { files: site.length, bytes: site.reduce((sum, file) => sum + statSync(path.join(outDir, file)).size, 0) };
  expect(siteInState(outDir)).toEqual(size);
  expect(siteInState(clean)).toEqual(size);
  const differing = files.filter((file) => {
    const [a, b] = [readFileSync(path.join(outDir, file)), readFileSync(path.join(clean, file))];
    if (file.endsWith(".zip")) expect(zipEntries(path.join(outDir, file)), file).toBe(zipEntries(path.join(clean, file)));
    return !a.equals(b);
  });
  expect(differing).toEqual([]);
  await rm(clean, { recursive: true, force: true });
}

const siteInState = (out: string) => (JSON.parse(readFileSync(`${out}.build-state.json`, "utf8")) as { site: object }).site;

/** Each file's bytes, to tell which a run wrote anew. */
const snapshot = () => new Map(filesOf(outDir).map((file) => [file, readFileSync(path.join(outDir, file))]));
const changedSince = (before: Map<string, Buffer>) =>
  filesOf(outDir).filter((file) => !before.get(file)?.equals(readFileSync(path.join(outDir, file))));

describe("npm run mirror over the previous run's output", () => {
  it("builds whole the first time, saying why", async () => {
    expect(await mirror()).toContain(`Building ${outDir}/ whole: no build state (${outDir}.build-state.json)`);
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

  it("builds whole, saying why, when an archive is not as the previous run left it", async () => {
    const archive = path.join(outDir, "downloads/catalogue-mirror.zip");
    const bytes = statSync(archive).size;
    await truncate(archive, bytes - 1);
    expect(await mirror()).toContain(
      `Building ${outDir}/ whole: ${archive} holds ${bytes - 1} bytes where the previous build left ${bytes}.`,
    );
    await expectSameAsClean("truncated");
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

  it("after npm run build (or npm run dev) over the output, builds whole: their output has no state", async () => {
    const built = await runCli("build.ts", [], env);
    expect(built.code, built.stderr).toBe(0);
    expect(await mirror()).toContain(`Building ${outDir}/ whole: no build state`);
  });
});
