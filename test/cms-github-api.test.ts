/**
 * The production path of the CMS: Decap's own GitHub backend, in Chromium,
 * against the GitHub-API server over a real git repository holding a
 * copy of the sample content (the site built with `api_root` pointing at it).
 * Opening a collection, opening a record and publishing an edit stay within
 * their request budgets; a save is a commit changing one line; a save on a
 * stale parent is refused as GitHub refuses a push that is not a fast-forward.
 */
import { rm } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GithubApiServer } from "../build-scripts/tools/cms/github-api/server.ts";
import { buildSite, PROJECT_DIR } from "./helpers/build-site.ts";
import { launchChromium } from "../harness/chromium.ts";
import { contentRepository, serveRepository, type ContentRepository } from "../harness/content-repository.ts";
import { field, logInAs, publish } from "../harness/decap.ts";
import { freePort } from "../harness/processes.ts";
import { serveStatic, type StaticServer } from "../harness/static-server.ts";

const REPO = "editors/catalogue";
const TOKEN = "a-token-of-the-editor";
let repository: ContentRepository;
let api: GithubApiServer;
let site: StaticServer;
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  repository = await contentRepository(path.join(PROJECT_DIR, "content"));
  const port = await freePort();
  const build = await buildSite({
    CONTENT_DIR: path.join(repository.dir, "content"),
    CMS_GITHUB_REPO: REPO,
    CMS_BRANCH: "main",
    CMS_API_ROOT: `http://127.0.0.1:${port}`,
  });
  expect(build.code, build.stderr).toBe(0);
  site = await serveStatic(build.outDir);
  api = await serveRepository(repository, { repo: REPO, token: TOKEN, port, origin: new URL(site.url).origin });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await api?.close();
  await site?.close();
  if (repository) await rm(repository.dir, { recursive: true, force: true });
});

/** Requests made since the last call, all endpoints together. */
function requests(): number {
  const total = [...api.tally().values()].reduce((sum, t) => sum + t.requests, 0);
  api.resetTally();
  return total;
}

async function adminPage(): Promise<Page> {
  const page = await browser.newPage();
  // The browser reports each answer ≥ 400 as a console error too: they are collected as answers instead.
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  await logInAs(page, TOKEN);
  // Decap asks githubstatus.com how GitHub is; nothing leaves this machine.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  return page;
}

describe("Decap's GitHub backend against the GitHub-API server", () => {
  it("opens the videos, opens a record, publishes a new title as a commit changing one line, within the budgets", async () => {
    const page = await adminPage();
    requests();
    await page.goto(`${site.url}admin/#/collections/videos`);
    await page.getByText("A Day with a Volcanologist").first().waitFor({ timeout: 60_000 });
    const opening = requests();

    await page.goto(`${site.url}admin/#/collections/videos/entries/a-brief-history-of-maps`);
    await expect.poll(() => field(page, "title").inputValue(), { timeout: 60_000 }).toBe("Mapping the World: A Brief History of Maps");
    const openingRecord = requests();

    await field(page, "title").fill("Mapping the World, Retold");
    await publish(page);
    const publishing = requests();

    expect(opening, "opening the admin page and the videos").toBeLessThanOrEqual(50);
    expect(openingRecord, "opening a record by its address").toBeLessThanOrEqual(20);
    expect(publishing, "publishing an edit").toBeLessThanOrEqual(10);
    const diff = await repository.git("diff", "--unified=0", "main~1", "main");
    expect(diff.split("\n").filter((line) => /^[+-][^+-]/.test(line))).toEqual([
      '-  "title": "Mapping the World: A Brief History of Maps",',
      '+  "title": "Mapping the World, Retold",',
    ]);
    expect(await repository.git("log", "--format=%an <%ae>", "-1", "main")).toMatch(/./);
    // As GitHub answers it: the media folder does not exist (no field takes uploads), which Decap expects.
    expect(problems).toEqual([`404 http://127.0.0.1:${new URL(api.url).port}/repos/${REPO}/git/trees/main:content/.media`]);
    await page.close();
  }, 180_000);

  it("refuses a commit on a stale parent as GitHub refuses a push that is not a fast-forward", async () => {
    const ask = async (method: string, endpoint: string, body?: unknown) => {
      const response = await fetch(`${api.url}/repos/${REPO}${endpoint}`, {
        method,
        headers: { Authorization: `token ${TOKEN}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { sha: string; commit: { sha: string }; message?: string } };
    };
    const stale = (await ask("GET", "/branches/main")).body.commit.sha;
    const commitOn = async (parent: string, text: string) => {
      const blob = (await ask("POST", "/git/blobs", { content: text, encoding: "utf-8" })).body.sha;
      const tree = (
        await ask("POST", "/git/trees", {
          base_tree: parent,
          tree: [{ path: "content/notes.txt", mode: "100644", type: "blob", sha: blob }],
        })
      ).body.sha;
      return (await ask("POST", "/git/commits", { message: text, tree, parents: [parent] })).body.sha;
    };
    const first = await commitOn(stale, "first");
    expect((await ask("PATCH", "/git/refs/heads/main", { sha: first, force: false })).status).toBe(200);
    const second = await commitOn(stale, "second");
    expect(await ask("PATCH", "/git/refs/heads/main", { sha: second, force: false })).toMatchObject({
      status: 422,
      body: { message: "Update is not a fast forward" },
    });
    expect((await repository.git("rev-parse", "main")).trim()).toBe(first);
    expect(await repository.git("show", "main:content/notes.txt")).toBe("first");
  });

  it("answers only its token, its site's pages and its own host name", async () => {
    const user = (headers: Record<string, string>) => fetch(`${api.url}/user`, { headers }).then((r) => r.status);
    await expect(user({ Authorization: `token ${TOKEN}` })).resolves.toBe(200);
    await expect(user({ Authorization: "token another" })).resolves.toBe(401);
    await expect(user({ Authorization: `token ${TOKEN}`, Origin: "https://elsewhere.example" })).resolves.toBe(403);
    // A DNS name rebound to 127.0.0.1 arrives with its own name as the Host.
    const rebound = await new Promise<number | undefined>((resolve, reject) =>
      request(`${api.url}/user`, { headers: { Host: "attacker.example", Authorization: `token ${TOKEN}` } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      })
        .on("error", reject)
        .end(),
    );
    expect(rebound).toBe(421);
  });
});
