/**
 * What an editor's session costs against GitHub's API: Decap's own GitHub
 * backend in Chromium, against the GitHub-API server over a git
 * repository of the catalogue (the site built with `api_root` pointing at
 * it). Each step's requests (GitHub allows 5,000 an hour), bytes and time,
 * counted by the server, beside the step's budget.
 */
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { count, markdownTable } from "./markdown-table.ts";
import { formatBytes } from "../build-scripts/pipeline/write/write-stats.ts";
import { npmScriptCommand } from "../build-scripts/tools/cli/npm-scripts.ts";
import { githubApiServerPort } from "../build-scripts/core/cms/github-api-server-address.ts";
import { serveWorkingTree } from "../build-scripts/tools/cms/github-api/serve-working-tree.ts";
import type { GithubApiServer } from "../build-scripts/tools/cms/github-api/server.ts";
import { launchChromium } from "../harness/chromium.ts";
import { contentRepository, serveRepository } from "../harness/content-repository.ts";
import { field, logInAs, publish } from "../harness/decap.ts";
import { freePort } from "../harness/processes.ts";
import { serveStatic } from "../harness/static-server.ts";
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const REPO = "bench/catalogue";
const TOKEN = "bench";
const STEP_TIMEOUT_MS = 600_000;

/** The steps of an editor's session and each one's budget of requests. */
export const CMS_STEPS = [
  { name: "open /admin/ and the videos", budget: 50 },
  { name: "open a video by its address", budget: 20 },
  { name: "publish an edit", budget: 10 },
  // Decap's relation widget reads every lesson: at 50,000 resources that takes most of an hour here, so it is stopped.
  { name: "open a unit and pick a lesson", budget: 20, limitSeconds: 180 },
  { name: "20 edits and 5 new videos", budget: 600 },
] as const;

export interface StepFigures {
  readonly step: string;
  readonly requests: number;
  /** Of those, answered 304 (not counted against GitHub's limit). */
  readonly notModified: number;
  readonly bytes: number;
  readonly seconds: number;
  /** Stopped at its step's limitSeconds: its requests are those made until then. */
  readonly stopped: boolean;
  /** The endpoints, most requested first: "GET /repos/{repo}/git/blobs/{sha} × 20". */
  readonly endpoints: string;
}

export async function measureCms(resources: number, content: string, workDir: string, log: (line: string) => void) {
  const repository = await contentRepository(content, workDir);
  const port = await freePort();
  const site = path.join(repository.dir, "_site");
  log(`  CMS: building the site for the GitHub-API server …`);
  const [command, args] = npmScriptCommand(path.resolve(import.meta.dirname, ".."), "build");
  await promisify(execFile)(command, args, {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: {
      ...process.env,
      CONTENT_DIR: path.join(repository.dir, "content"),
      OUTPUT_DIR: site,
      CMS_GITHUB_REPO: REPO,
      CMS_BRANCH: "main",
      CMS_API_ROOT: `http://127.0.0.1:${port}`,
    },
    maxBuffer: 1 << 30,
  });
  const server = await serveStatic(site);
  const api = await serveRepository(repository, { repo: REPO, token: TOKEN, port, origin: new URL(server.url).origin });
  const browser = await launchChromium();
  try {
    const session = await editorSession(browser, server.url, api, path.join(repository.dir, "content"), log);
    // Its figures are its own: a failure here is printed, and the session's figures kept.
    const local = await localCollection(browser, site, path.join(repository.dir, "content"), log).catch((error: Error) => {
      log(`    npm run cms, the videos: not measured (${error.message})`);
      return undefined;
    });
    return { resources, steps: session, local };
  } finally {
    await browser.close();
    await api.close();
    await server.close();
    await rm(repository.dir, { recursive: true, force: true });
  }
}

/**
 * `npm run cms` at size: the same site with its admin configuration as npm run cms builds it (no `api_root`), the
 * server over the content folder at the site's port + 1, and a tab opening the videos from another collection: the
 * time until the first entries show, and the tab's JavaScript heap then.
 */
async function localCollection(browser: Browser, site: string, content: string, log: (line: string) => void) {
  const config = path.join(site, "admin/config.json");
  const settings = JSON.parse(await readFile(config, "utf8")) as { cms: { backend: Record<string, unknown> } };
  delete settings.cms.backend.api_root;
  await writeFile(config, JSON.stringify(settings));
  const server = await serveStatic(site);
  const api = await serveWorkingTree({
    contentDir: content,
    repoContentDir: "content",
    port: githubApiServerPort(Number(new URL(server.url).port)),
    origins: [new URL(server.url).origin],
  });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    // The page loaded on another collection first: what is timed is opening one.
    await page.goto(`${server.url}admin/#/collections/units`);
    await page.locator('a[href*="/collections/units/entries/"]').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    const started = performance.now();
    await page.evaluate(() => (location.hash = "#/collections/videos"));
    await page.locator('a[href*="/collections/videos/entries/"]').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    const seconds = (performance.now() - started) / 1000;
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const { metrics } = await cdp.send("Performance.getMetrics");
    const heapBytes = metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0;
    log(`    npm run cms, the videos: first entries after ${seconds.toFixed(1)} s, JavaScript heap ${formatBytes(heapBytes)}`);
    return { seconds, heapBytes };
  } finally {
    await context.close();
    await api.close();
    await server.close();
  }
}

async function editorSession(browser: Browser, site: string, api: GithubApiServer, content: string, log: (line: string) => void) {
  const steps: StepFigures[] = [];
  /** Runs one step and notes what the server answered meanwhile. */
  async function step({ name, ...limit }: (typeof CMS_STEPS)[number], run: () => Promise<void>): Promise<void> {
    api.resetTally();
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const limitSeconds = "limitSeconds" in limit ? limit.limitSeconds : Infinity;
    const stop = new Promise<"stopped">(
      (resolve) => (timer = limitSeconds < Infinity ? setTimeout(() => resolve("stopped"), limitSeconds * 1000) : undefined),
    );
    const stopped = (await Promise.race([run(), stop])) === "stopped";
    clearTimeout(timer);
    const took = (performance.now() - started) / 1000;
    const tally = [...api.tally()].sort(([, a], [, b]) => b.requests - a.requests);
    const sum = (key: "requests" | "notModified" | "bytes") => tally.reduce((total, [, t]) => total + t[key], 0);
    const endpoints = tally.map(([endpoint, t]) => `${endpoint} × ${t.requests}`).join(", ");
    steps.push({
      step: name,
      requests: sum("requests"),
      notModified: sum("notModified"),
      bytes: sum("bytes"),
      seconds: took,
      stopped,
      endpoints,
    });
    const shown = `${count(sum("requests"))} requests${stopped ? " (stopped)" : ""}, ${formatBytes(sum("bytes"))}, ${took.toFixed(1)} s`;
    log(`    ${name}: ${shown} (${endpoints})`);
  }

  const context = await browser.newContext();
  let page = await editorPage(context);
  const videos = (await readdir(path.join(content, "videos"))).sort().map((file) => file.replace(/\.json$/, ""));
  const units = (await readdir(path.join(content, "units"))).sort().map((file) => file.replace(/\.json$/, ""));
  const lessons = (await readdir(path.join(content, "lessons"))).sort();
  // As committed: the work tree keeps the first commit's files.
  const edited = new Map<string, string>();
  const titleOf = async (folder: string, file: string) =>
    edited.get(`${folder}/${file}`) ??
    (JSON.parse(await readFile(path.join(content, folder, `${file}.json`), "utf8")) as { title: string }).title;
  const editTitle = async (folder: string, file: string) => {
    const title = `${await titleOf(folder, file)}, edited`;
    await field(page, "title").fill(title);
    await publish(page);
    edited.set(`${folder}/${file}`, title);
  };

  await step(CMS_STEPS[0], async () => {
    await page.goto(`${site}admin/#/collections/videos`);
    await page.locator('a[href*="/collections/videos/entries/"]').first().waitFor({ timeout: STEP_TIMEOUT_MS });
  });
  // A video far from the first page, as the find box opens it: by its entry's address.
  const video = videos[Math.floor(videos.length * 0.7)];
  await step(CMS_STEPS[1], () => openEntry(page, "videos", video, titleOf("videos", video)));
  await step(CMS_STEPS[2], () => editTitle("videos", video));
  const unit = units[Math.floor(units.length * 0.7)];
  const lesson = (
    JSON.parse(await readFile(path.join(content, "lessons", lessons[Math.floor(lessons.length / 2)]), "utf8")) as { title: string }
  ).title;
  await step(CMS_STEPS[3], async () => {
    await openEntry(page, "units", unit, titleOf("units", unit));
    await field(page, "lessons").fill(lesson);
    await page.getByRole("option", { name: lesson }).first().click({ timeout: STEP_TIMEOUT_MS });
  });
  // The pick is left unsaved, and a stopped step leaves Decap reading: a new tab of the same browser profile (its
  // caches kept) starts the session afresh.
  await page.close({ runBeforeUnload: false });
  page = await editorPage(context);
  await page.goto(`${site}admin/#/collections/videos`);
  await step(CMS_STEPS[4], async () => {
    for (let n = 0; n < 20; n++) {
      const file = videos[Math.floor(((n + 1) * videos.length) / 23)];
      await openEntry(page, "videos", file, titleOf("videos", file));
      await editTitle("videos", file);
    }
    for (let n = 0; n < 5; n++) {
      await goTo(page, "videos", "new");
      await page.waitForFunction(
        () => (document.querySelector('[id^="title-field-"]') as HTMLInputElement | null)?.value === "",
        undefined,
        {
          timeout: STEP_TIMEOUT_MS,
        },
      );
      await field(page, "title").fill(`A New Video From The Bench ${n + 1}`);
      await field(page, "video_id").fill(String(990_000 + n));
      await field(page, "length").fill("0:04:10");
      await field(page, "description").fill("<p>Made by the benchmark.</p>");
      await publish(page);
    }
  });
  await context.close();
  return steps;
}

async function editorPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await logInAs(page, TOKEN);
  // "Are you sure you want to leave this page?" (unsaved changes): yes.
  page.on("dialog", (dialog) => void dialog.accept());
  // Decap asks githubstatus.com how GitHub is: nothing leaves this machine.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  return page;
}

/** Goes to an address of the admin page as its links do (its hash), by way of the collection's list: Decap keeps an entry's form when the hash changes from one entry to another. */
async function goTo(page: Page, collection: string, rest: string): Promise<void> {
  await page.evaluate((hash) => (location.hash = hash), `#/collections/${collection}`);
  await page.locator(`a[href*="/collections/${collection}/entries/"]`).first().waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.evaluate((hash) => (location.hash = hash), `#/collections/${collection}/${rest}`);
}

/** An entry opened by its address, as the find box does, until its form shows the record's title. */
async function openEntry(page: Page, collection: string, file: string, title: Promise<string>): Promise<void> {
  await goTo(page, collection, `entries/${file}`);
  const expected = await title;
  await page.waitForFunction(
    (value) => (document.querySelector('[id^="title-field-"]') as HTMLInputElement | null)?.value === value,
    expected,
    { timeout: STEP_TIMEOUT_MS },
  );
}

export function cmsTable(sizes: readonly Awaited<ReturnType<typeof measureCms>>[]): string {
  const rows = CMS_STEPS.map(({ name, budget }) => [
    name,
    count(budget),
    ...sizes.flatMap(({ steps }) => {
      const figures = steps.find((s) => s.step === name)!;
      const requests = figures.stopped ? `≥ ${count(figures.requests)} (stopped)` : count(figures.requests);
      return [requests, formatBytes(figures.bytes), `${figures.seconds.toFixed(1)} s`];
    }),
  ]);
  const local = (figures?: { seconds: number; heapBytes: number }) =>
    figures ? ["", formatBytes(figures.heapBytes), `${figures.seconds.toFixed(1)} s`] : ["", "—", "—"];
  rows.push(["npm run cms: the videos shown (heap)", "2 s", ...sizes.flatMap((s) => local(s.local))]);
  const header = ["step", "budget", ...sizes.flatMap(({ resources }) => [`${count(resources)}: requests`, "bytes", "time"])];
  const caption =
    "The CMS against the GitHub-API server: Decap's GitHub backend in Chromium, requests per step (GitHub allows 5,000 an hour):";
  return markdownTable(caption, [header, ...rows]);
}
