/**
 * npm run cms's local backend reads every record of a folder, or says which it
 * cannot read and why: at any open-file limit (it reads one file at a time),
 * and never handing Decap an empty record. The admin page keeps that reason on
 * screen. The build, dev and the mirror read the same folder at the same limit.
 */
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { npmScriptCommand } from "../build-scripts/tools/cli/npm-scripts.ts";
import { launchChromium } from "./helpers/chromium.ts";
import { freePort, startProcess, type Running } from "./helpers/processes.ts";
import { PROJECT_DIR } from "./helpers/run-cli.ts";
import { buildSite } from "./helpers/build-site.ts";
import { serveStatic, type StaticServer } from "./helpers/static-server.ts";
import { tempContent, writeRecord } from "./helpers/temp-content.ts";

const FAILING_READS = path.join(import.meta.dirname, "helpers/failing-reads.js");
const BACKEND = path.join(import.meta.dirname, "helpers/local-backend-process.ts");
/** Below the number of records, and well below a desktop's usual 1,024. */
const OPEN_FILES = 64;
const RECORDS = 300;
/** The build writes a file per column of a list at once, so it needs more than the backend, still fewer than the records. */
const BUILD_OPEN_FILES = 128;

let contentDir: string;
const running: Running[] = [];

beforeAll(async () => {
  contentDir = await tempContent("content");
  const video = JSON.parse(await readFile(path.join(contentDir, "videos/a-brief-history-of-maps.json"), "utf8"));
  for (let i = 0; i < RECORDS; i++) {
    await writeRecord(contentDir, `videos/copy-${i}.json`, {
      ...video,
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      title: `Copy ${i}`,
      position: 1000 + i,
      html_path: `media/copy-${i}/`,
    });
  }
});
afterAll(async () => {
  for (const r of running) await r.stop();
  await rm(path.dirname(contentDir), { recursive: true, force: true });
});

/** The backend in its own process: under `ulimit -n`, or with the named files' reads failing. */
async function backend(options: { openFiles?: number; failing?: Record<string, string>; origin: string; port?: number }) {
  const port = options.port ?? (await freePort());
  const limit = options.openFiles ? `ulimit -n ${options.openFiles} && ` : "";
  const preload = options.failing ? `--import ${FAILING_READS} ` : "";
  const process = startProcess("bash", ["-c", `${limit}exec node ${preload}--import tsx ${BACKEND}`], {
    cwd: PROJECT_DIR,
    env: { CONTENT_DIR: contentDir, PORT: String(port), ORIGIN: options.origin, FAILING_READS: JSON.stringify(options.failing ?? {}) },
  });
  running.push(process);
  const url = (await process.waitFor(/backend at (\S+)/)).match(/backend at (\S+)/)![1];
  return async (action: string, params: unknown) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: options.origin },
      body: JSON.stringify({ action, params }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
}

const SITE = "http://127.0.0.1:8080";
const videos = { folder: "content/videos", extension: "json", depth: 1 };

describe("the CMS's local backend at the open-file limit", () => {
  it(`reads all ${RECORDS}+ videos with ulimit -n ${OPEN_FILES}, each with its file's text`, async () => {
    const ask = await backend({ openFiles: OPEN_FILES, origin: SITE });
    const { status, body } = await ask("entriesByFolder", videos);
    expect(status).toBe(200);
    const entries = body as { data: string | null; file: { path: string } }[];
    const files = (await readdir(path.join(contentDir, "videos"))).filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThan(RECORDS);
    expect(entries).toHaveLength(files.length);
    for (const entry of entries) {
      expect(entry.data, entry.file.path).toBe(await readFile(path.join(contentDir, entry.file.path.replace(/^content\//, "")), "utf8"));
    }
    const some = entries.slice(0, 40).map((e) => ({ path: e.file.path }));
    const byFiles = await ask("entriesByFiles", { files: some });
    expect((byFiles.body as { data: string | null }[]).every((e) => typeof e.data === "string")).toBe(true);
  });

  it("refuses a listing with a record it cannot read, naming the file and why; a missing file is no record", async () => {
    const ask = await backend({ failing: { "copy-7.json": "EACCES" }, origin: SITE });
    const { status, body } = await ask("entriesByFolder", videos);
    expect(status).toBe(422);
    expect((body as { error: string }).error).toBe(
      "1 record cannot be read, so none is shown: content/videos/copy-7.json: expected a record (a JSON file), " +
        "found a file the build may not read (permission denied).",
    );
    expect((await ask("getEntry", { path: "content/videos/copy-7.json" })).status).toBe(422);
    // Decap asks for a new entry's file before naming it: not there is `data: null`, not a refusal.
    expect((await ask("getEntry", { path: "content/videos/not-yet.json" })).body).toMatchObject({ data: null });
  });
});

describe("the admin page when a record cannot be read", () => {
  let site: StaticServer;
  let browser: Browser;
  beforeAll(async () => {
    site = await serveStatic((await buildSite({ CONTENT_DIR: contentDir })).outDir);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it("keeps the reason on screen, and saves no new record from a partial listing", async () => {
    const origin = site.url.replace(/\/$/, "");
    await backend({ failing: { "copy-7.json": "EACCES" }, origin, port: Number(new URL(site.url).port) + 1 });
    const page = await browser.newPage();
    await page.goto(`${site.url}admin/`);
    await page.getByRole("button", { name: "Login" }).click({ timeout: 60_000 });
    await page.goto(`${site.url}admin/#/collections/videos`);
    // Decap's own notice goes after a few seconds; the page's status line stays.
    const status = page.locator("#cms-status");
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/copy-7\.json: expected a record .*permission denied/);
    // A new record's position and file name come from the whole folder: with a record unread, it is not saved.
    const before = await readdir(path.join(contentDir, "videos"));
    await page.goto(`${site.url}admin/#/collections/videos/new`);
    const field = (name: string) => page.locator(`[id^="${name}-field-"]`).first();
    await field("title").fill("Not From a Partial Listing", { timeout: 60_000 });
    await field("video_id").fill("99003");
    await field("length").fill("0:02:00");
    await field("description").fill("<p>Never saved.</p>");
    await page.getByRole("button", { name: "Publish", exact: true }).click({ timeout: 30_000 });
    await page.getByRole("menuitem", { name: "Publish now" }).click({ timeout: 30_000 });
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/^This new Video is not saved: .*copy-7\.json/);
    await expect(readdir(path.join(contentDir, "videos"))).resolves.toEqual(before);
    await page.close();
  });
});

/** A project command as its npm script runs it, with at most `openFiles` open files (a shell's ulimit). */
function limited(openFiles: number, script: string): [string, string[]] {
  const [command, args] = npmScriptCommand(PROJECT_DIR, script);
  return ["bash", ["-c", `ulimit -n ${openFiles} && exec "$0" "$@"`, command, ...args]];
}

describe(`the build, dev and the mirror with ulimit -n ${BUILD_OPEN_FILES}, over more records than that`, () => {
  const env = () => ({ CONTENT_DIR: contentDir, OUTPUT_DIR: path.join(path.dirname(contentDir), "limited-site") });

  it("build and mirror every record", async () => {
    for (const script of ["build", "mirror"]) {
      const [command, args] = limited(BUILD_OPEN_FILES, script);
      const run = startProcess(command, args, { cwd: PROJECT_DIR, env: env() });
      running.push(run);
      await run.waitFor(/total +\d+ files/, 0, 300_000);
      await expect.poll(() => run.running(), { timeout: 300_000 }).toBe(false);
      expect(run.output()).not.toMatch(/EMFILE|Nothing was written/);
    }
    const list = JSON.parse(await readFile(path.join(env().OUTPUT_DIR, "api/videos/index.json"), "utf8")) as unknown[];
    expect(list.length).toBeGreaterThan(RECORDS);
  });

  it("dev serves them and rewrites what a save touches", async () => {
    const port = await freePort();
    const [command, args] = limited(BUILD_OPEN_FILES, "dev");
    const dev = startProcess(command, args, { cwd: PROJECT_DIR, env: { ...env(), PORT: String(port) } });
    running.push(dev);
    await dev.waitFor(/Server at/, 0, 300_000);
    const mark = dev.output().length;
    const file = path.join(contentDir, "videos/copy-3.json");
    await writeFile(file, (await readFile(file, "utf8")).replace('"Copy 3"', '"Copy Three"'));
    await dev.waitFor(/copy-3\.json: \d+ files rewritten/, mark);
    const answer = await fetch(`http://127.0.0.1:${port}/api/videos/00000000-0000-4000-8000-000000000003/index.json`);
    expect(await answer.text()).toContain('"title":"Copy Three"');
    expect(dev.output()).not.toMatch(/EMFILE/);
  });
});
