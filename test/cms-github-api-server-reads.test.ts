/**
 * npm run cms's GitHub-API server reads every record of a folder, or says which it
 * cannot read and why: at any open-file limit (it reads one file at a time,
 * however many Decap asks for at once), and never handing Decap an empty
 * record. The admin page keeps that reason on screen. The build, dev and the
 * mirror read the same folder at the same limit.
 */
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { githubApiServerPort, WORKING_TREE_BRANCH, WORKING_TREE_REPO } from "../build-scripts/core/cms/github-api-server-address.ts";
import { npmScriptCommand } from "../build-scripts/tools/cli/npm-scripts.ts";
import { launchChromium } from "../harness/chromium.ts";
import { field } from "../harness/decap.ts";
import { freePort, startProcess, type Running } from "../harness/processes.ts";
import { PROJECT_DIR } from "./helpers/run-cli.ts";
import { buildSite } from "./helpers/build-site.ts";
import { serveStatic, type StaticServer } from "../harness/static-server.ts";
import { tempContent, writeRecord } from "./helpers/temp-content.ts";

const FAILING_READS = path.join(import.meta.dirname, "helpers/failing-reads.js");
const SERVER = path.join(import.meta.dirname, "helpers/github-api-server-process.ts");
/** Below the number of records, and well below a desktop's usual 1,024. */
const OPEN_FILES = 64;
const RECORDS = 300;
/** The build writes a file per column of a list at once, so it needs more than the server, still fewer than the records. */
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

/** The GitHub-API server in its own process: under `ulimit -n`, or with the named files' reads failing. */
async function startServer(options: { openFiles?: number; failing?: Record<string, string>; origin: string; port?: number }) {
  const port = options.port ?? (await freePort());
  const limit = options.openFiles ? `ulimit -n ${options.openFiles} && ` : "";
  const preload = options.failing ? `--import ${FAILING_READS} ` : "";
  const process = startProcess("bash", ["-c", `${limit}exec node ${preload}--import tsx ${SERVER}`], {
    cwd: PROJECT_DIR,
    env: { CONTENT_DIR: contentDir, PORT: String(port), ORIGIN: options.origin, FAILING_READS: JSON.stringify(options.failing ?? {}) },
  });
  running.push(process);
  const url = (await process.waitFor(/server at (\S+)/)).match(/server at (\S+)/)![1];
  return async (endpoint: string) => {
    const response = await fetch(`${url}/repos/${WORKING_TREE_REPO}${endpoint}`, { headers: { Origin: options.origin } });
    return {
      status: response.status,
      body: (await response.json()) as { tree: { path: string; sha: string }[]; content: string; message: string },
    };
  };
}

const SITE = "http://127.0.0.1:8080";
const videos = `/git/trees/${WORKING_TREE_BRANCH}:content/videos`;
const text = (content: string) => Buffer.from(content, "base64").toString("utf8");

describe("npm run cms's GitHub-API server at the open-file limit", () => {
  it(`reads all ${RECORDS}+ videos with ulimit -n ${OPEN_FILES}, asked as a browser asks, each with its file's text`, async () => {
    const ask = await startServer({ openFiles: OPEN_FILES, origin: SITE });
    const { status, body } = await ask(videos);
    expect(status).toBe(200);
    const files = (await readdir(path.join(contentDir, "videos"))).filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThan(RECORDS);
    expect(body.tree.map((e) => e.path).sort()).toEqual(files.sort());
    // Six at a time, as a browser asks one host over HTTP/1.1.
    const blobs: Awaited<ReturnType<typeof ask>>[] = [];
    for (let i = 0; i < body.tree.length; i += 6)
      blobs.push(...(await Promise.all(body.tree.slice(i, i + 6).map((e) => ask(`/git/blobs/${e.sha}`)))));
    for (const [i, blob] of blobs.entries()) {
      expect(blob.status, body.tree[i].path).toBe(200);
      expect(text(blob.body.content), body.tree[i].path).toBe(await readFile(path.join(contentDir, "videos", body.tree[i].path), "utf8"));
    }
  });

  it("refuses a record it cannot read, naming the file and why; a folder not there yet is empty", async () => {
    const ask = await startServer({ failing: { "copy-7.json": "EACCES" }, origin: SITE });
    const { body } = await ask(videos);
    const unreadable = body.tree.find((e) => e.path === "copy-7.json")!;
    expect(await ask(`/git/blobs/${unreadable.sha}`)).toEqual({
      status: 422,
      body: {
        message: "content/videos/copy-7.json: expected a JSON file, found a file the build may not read (permission denied)",
        documentation_url: "https://docs.github.com/rest",
      },
    });
    // Decap lists the media folder, which is not there: an empty folder, as for Decap's local backend.
    expect((await ask(`/git/trees/${WORKING_TREE_BRANCH}:content/.media`)).body.tree).toEqual([]);
  });
});

describe("the admin page when a record cannot be read", () => {
  let site: StaticServer;
  let browser: Browser;
  beforeAll(async () => {
    // The admin page asks its GitHub-API server at the site's port + 1: both free.
    site = await serveStatic((await buildSite({ CONTENT_DIR: contentDir })).outDir, await freePort(2));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it("keeps the reason on screen, and never saves the record from an empty form", async () => {
    const origin = site.url.replace(/\/$/, "");
    await startServer({ failing: { "copy-7.json": "EACCES" }, origin, port: githubApiServerPort(Number(new URL(site.url).port)) });
    const file = path.join(contentDir, "videos/copy-7.json");
    const before = await readFile(file, "utf8");
    const page = await browser.newPage();
    await page.goto(`${site.url}admin/#/collections/videos/entries/copy-7`);
    const status = page.locator("#cms-status");
    await expect
      .poll(() => status.textContent(), { timeout: 60_000 })
      .toMatch(/copy-7\.json: expected a JSON file, found .*permission denied/);
    // Decap opens the record it could not read as an empty form: a save of it is refused, saying why.
    await field(page, "title").fill("Only what the form asks for", { timeout: 60_000 });
    await field(page, "video_id").fill("99003");
    await field(page, "length").fill("0:02:00");
    await field(page, "description").fill("<p>The rest of the record is not in the form.</p>");
    // An existing record's emptied html_path is refused by the form itself; given one, the save reaches the guard.
    await field(page, "html_path").fill("media/copy-7/");
    await page.getByRole("button", { name: "Publish", exact: true }).click({ timeout: 30_000 });
    await page.getByRole("menuitem", { name: "Publish now" }).click({ timeout: 30_000 });
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/^This record was not read whole, so it is not saved/);
    await expect(readFile(file, "utf8")).resolves.toBe(before);
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
