/**
 * The CMS as an editor uses it: `npm run cms` on a copy of the content, Decap
 * at /admin/ in Chromium. The generated configuration loads and every field
 * renders; a save changes the lines the editor changed and nothing else; new
 * records validate and reach the site's lists at the next rebuild.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { findCollection } from "../build-scripts/core/catalogue/collections.ts";
import { recordFields } from "../build-scripts/core/cms/cms-config.ts";
import { field, publish } from "../harness/decap.ts";
import { PROJECT_DIR, runCli } from "./helpers/run-cli.ts";
import { serveStatic } from "../harness/static-server.ts";
import { writeRecord } from "./helpers/temp-content.ts";
import { cmsForTests } from "./helpers/cms-session.ts";
import { readContent } from "../build-scripts/pipeline/load/read-sources.ts";

const session = cmsForTests();
const problems: string[] = [];

/** The admin page, on npm run cms's server, with every console error and page error collected. */
async function admin(hash = ""): Promise<Page> {
  const page = await session.browser.newPage();
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  // Offline: the page, Decap's bundle and the backend are all on this machine.
  page.on("request", (r) => {
    if (!/^(http:\/\/127\.0\.0\.1:|ws:\/\/127\.0\.0\.1:|data:|blob:|about:)/.test(r.url())) problems.push(`asked ${r.url()}`);
  });
  // No login: npm run cms's GitHub-API server is this machine's, and the page logs Decap in.
  await page.goto(`${session.cms.site}/admin/`);
  await page.getByText("Collections").first().waitFor({ timeout: 60_000 });
  if (hash) {
    await page.goto(`${session.cms.site}/admin/#${hash}`);
    await field(page, "title").waitFor({ timeout: 60_000 });
    // An entry's form is drawn before its record is in it: edit it only once its title is shown.
    if (!hash.endsWith("/new")) await expect.poll(() => field(page, "title").inputValue(), { timeout: 60_000 }).not.toBe("");
  }
  return page;
}

const read = (file: string) => readFile(path.join(session.cms.contentDir, file), "utf8");
/** The record as the copy of the content had it before any test saved it. */
const original = (file: string) => readFile(path.join(PROJECT_DIR, "content", file), "utf8");

async function edit(page: Page, name: string, value: string): Promise<void> {
  await field(page, name).fill(value);
  await publish(page);
}

/** A page of the site, once its live-reload client listens. */
async function sitePage(): Promise<Page> {
  const page = await session.browser.newPage();
  const listening = page.waitForEvent("console", { predicate: (m) => /\] Connected$/.test(m.text()), timeout: 60_000 });
  await page.goto(`${session.cms.site}/`);
  await listening;
  return page;
}

/** Lines of `after` that are not in `before` at the same place (files of the same length). */
function changedLines(before: string, after: string): string[] {
  const [a, b] = [before.split("\n"), after.split("\n")];
  expect(b.length).toBe(a.length);
  return b.filter((line, i) => line !== a[i]);
}

async function validates(): Promise<void> {
  const result = await runCli("validate.ts", [], { CONTENT_DIR: session.cms.contentDir });
  expect(result.stderr + result.stdout).toMatch(/is valid/);
  expect(result.code).toBe(0);
}

describe("npm run cms, /admin/ in Chromium", () => {
  it("answers --help with what it runs and where", async () => {
    const help = await runCli("cms.ts", ["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run cms\n[^]*PORT\+1[^]*CONTENT_DIR/);
  });

  it("loads the generated configuration with no error, and every field of a video and a unit renders", async () => {
    for (const [collection, file] of [
      ["videos", "a-brief-history-of-maps"],
      ["units", "ancient-mediterranean-worlds"],
    ] as const) {
      const page = await admin(`/collections/${collection}/entries/${file}`);
      const shown = recordFields(findCollection(collection)!.kind, new Set(["lessons"])).filter((f) => f.widget !== "hidden");
      for (const { name } of shown) await expect(field(page, name).count(), `${collection} ${name}`).resolves.toBe(1);
      // The preview is the API's HTML view of the record.
      const preview = page.frameLocator("iframe").last().frameLocator("iframe");
      await expect(preview.locator("h1").textContent({ timeout: 10_000 })).resolves.toMatch(/Instance/);
      // Shown in admin/, its links lead from the site's root: the renderer is given that <base>.
      await expect(preview.locator("base").getAttribute("href")).resolves.toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      await page.close();
    }
    expect(problems).toEqual([]);
  });

  it("lists a collection's records as the build reads them: not a hidden file, nor one that is not JSON", async () => {
    const article = JSON.parse(await read("articles/the-secret-life-of-plankton.json")) as Record<string, unknown>;
    for (const name of ["_draft.json", ".unsaved.json", "notes.txt"])
      await writeRecord(session.cms.contentDir, `articles/${name}`, { ...article, title: `Not published: ${name}` });
    // Decap's start page lists its first collection, the articles.
    const page = await admin();
    const cards = page.locator('a[href*="#/collections/articles/entries/"]');
    await cards.first().waitFor({ timeout: 60_000 });
    const shown = (await cards.evaluateAll((links) => links.map((a) => a.getAttribute("href")!))).map((href) => href.split("/").at(-1));
    const { records } = readContent(path.dirname(session.cms.contentDir), "content");
    const built = [...records].filter((r) => r.collection === "articles").map((r) => path.basename(r.file, ".json"));
    expect(shown.sort()).toEqual(built);
    expect(shown).toHaveLength(3);
    await page.close();
    expect(problems).toEqual([]);
  });

  it("saves a video's new title as one changed line; credits, \\r\\n in HTML and dates stay as they were; validate passes", async () => {
    const file = "videos/a-brief-history-of-maps.json";
    const page = await admin(`/collections/videos/entries/a-brief-history-of-maps`);
    await edit(page, "title", "Mapping the World, Retold");
    expect(changedLines(await original(file), await read(file))).toEqual(['  "title": "Mapping the World, Retold",']);
    await page.close();
    await validates();
  });

  it("reloads the site's pages after a save, never the editor's page, which keeps its unsaved form", async () => {
    const front = await sitePage();
    const page = await admin(`/collections/videos/entries/coral-reefs-in-hot-water`);
    await page.evaluate(() => Object.assign(window, { loadedBeforeTheSave: true }));
    const frontReloaded = front.waitForEvent("load", { timeout: 60_000 });
    await edit(page, "description", "<p>Seen from above.</p>");
    await field(page, "title").fill("Typed after the save");
    await frontReloaded;
    await expect(page.evaluate(() => "loadedBeforeTheSave" in window)).resolves.toBe(true);
    await expect(field(page, "title").inputValue()).resolves.toBe("Typed after the save");
    await Promise.all([front.close(), page.close()]);
  });

  it("saves a unit's subtitle as one changed line: its Other credit, lessons and microsecond dates untouched", async () => {
    const file = "units/ancient-mediterranean-worlds.json";
    const page = await admin(`/collections/units/entries/ancient-mediterranean-worlds`);
    await edit(page, "subtitle", "Sea, islands and city-states");
    expect(changedLines(await original(file), await read(file))).toEqual(['  "subtitle": "Sea, islands and city-states",']);
    await page.close();
    await validates();
  });

  it("writes a new video and a new unit with lessons that validate and appear in the rebuilt lists", async () => {
    const videos = await Promise.all(
      (await readdir(path.join(session.cms.contentDir, "videos"))).map(async (f) => JSON.parse(await read(`videos/${f}`))),
    );
    const video = await admin("/collections/videos/new");
    await field(video, "title").fill("How Sand Dunes Move");
    await field(video, "video_id").fill("99001");
    await field(video, "length").fill("0:04:10");
    await field(video, "description").fill("<p>The Moon pulls.</p>\n<p>The sea follows.</p>");
    await publish(video);
    await video.close();
    const made = JSON.parse(await read("videos/how-sand-dunes-move.json"));
    expect(made).toMatchObject({
      html_path: "media/how-sand-dunes-move/",
      position: Math.max(...videos.map((v) => v.position as number)) + 1,
      description: "<p>The Moon pulls.</p>\r\n<p>The sea follows.</p>",
    });
    expect(made.uuid).toMatch(/^[0-9a-f-]{36}$/);

    const unit = await admin("/collections/units/new");
    await field(unit, "title").fill("Tides and Coasts");
    await field(unit, "description").fill("<p>Why the sea comes and goes.</p>");
    await field(unit, "key_image").fill("https://media.example.org/images/tides.jpg");
    await field(unit, "overview").fill("<p>Tides shape every coast.</p>");
    for (const lesson of ["Layers of the Ocean", "Tracking Ocean Currents"]) {
      await field(unit, "lessons").fill(lesson);
      await unit.getByRole("option", { name: lesson }).click();
    }
    await publish(unit);
    await unit.close();
    const newUnit = JSON.parse(await read("units/tides-and-coasts.json"));
    expect(newUnit.lessons).toHaveLength(2);
    expect(newUnit.create_date).toMatch(/\.\d{6}Z$/);
    await validates();

    // npm run dev's rebuild, which npm run cms runs, puts them in their lists.
    for (const [list, title] of [
      ["videos", "How Sand Dunes Move"],
      ["units", "Tides and Coasts"],
    ]) {
      await expect
        .poll(async () => (await (await fetch(`${session.cms.site}/api/${list}/index.json`)).text()).includes(title), { timeout: 30_000 })
        .toBe(true);
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it("labels fields in words, and refuses a new video without a title, saying why, before anything is written", async () => {
    const before = await readdir(path.join(session.cms.contentDir, "videos"));
    const video = await admin("/collections/videos/new");
    const label = async (name: string) => (await video.locator(`label[for^="${name}-field-"]`).first().textContent())?.trim();
    await expect(label("video_id")).resolves.toBe("Video ID");
    await expect(label("title")).resolves.toBe("Title");
    // Left empty, a new record's html_path is made from its title.
    await expect(label("html_path")).resolves.toBe("HTML path (optional)");
    await expect(label("appropriate_for")).resolves.toBe("Appropriate for (optional)");
    await field(video, "video_id").fill("99002");
    await field(video, "length").fill("0:01:00");
    await field(video, "description").fill("<p>No title yet.</p>");
    await video.getByRole("button", { name: "Publish", exact: true }).click({ timeout: 30_000 });
    await video.getByRole("menuitem", { name: "Publish now" }).click({ timeout: 30_000 });
    await video.getByText("Title is required.", { exact: true }).waitFor({ timeout: 30_000 });
    // A pattern the build applies is checked before saving too, with its rule.
    await field(video, "title").fill("A Minute of Rain");
    await field(video, "length").fill("1 minute");
    await video.getByRole("button", { name: "Publish", exact: true }).click({ timeout: 30_000 });
    await video.getByRole("menuitem", { name: "Publish now" }).click({ timeout: 30_000 });
    await video.getByText("a duration H:MM:SS, like 0:03:27", { exact: true }).waitFor({ timeout: 30_000 });
    await expect(readdir(path.join(session.cms.contentDir, "videos"))).resolves.toEqual(before);
    await video.close();
  });

  it("says in words that the GitHub-API server does not answer when the site is served without it", async () => {
    // The same built site, served by a plain static server: no GitHub-API server at its port + 1.
    const server = await serveStatic(path.join(path.dirname(session.cms.contentDir), "site"));
    const page = await session.browser.newPage();
    await page.goto(`${server.url}admin/`);
    await expect(page.getByRole("alert").textContent()).resolves.toMatch(/GitHub-API server of npm run cms does not answer/);
    await page.close();
    await server.close();
  });
});
