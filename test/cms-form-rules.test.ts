/**
 * What the form lets an editor publish, the build accepts; where it would
 * not, the form says why before saving. Under `npm run cms`, in Chromium: a
 * published record's html_path may change but not be emptied; new records
 * made by one editor or two, with the same title, never overwrite a record
 * or each other, and validate.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EMPTIED_HTML_PATH } from "../build-scripts/runtime/browser/admin-widgets.ts";
import { openAdmin, cmsForTests } from "./helpers/cms-session.ts";
import { field } from "../harness/decap.ts";
import { runCli } from "./helpers/run-cli.ts";

const session = cmsForTests();
const problems: string[] = [];

const read = (file: string) => readFile(path.join(session.cms.contentDir, file), "utf8");

async function pressPublish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Publish", exact: true }).click({ timeout: 30_000 });
  await page.getByRole("menuitem", { name: "Publish now" }).click({ timeout: 30_000 });
}

/** A record's editor, once its record is in the form. */
async function editor(hash: string): Promise<Page> {
  const page = await openAdmin(session.browser, session.cms.site, problems);
  await page.goto(`${session.cms.site}/admin/#${hash}`);
  if (!hash.endsWith("/new")) await expect.poll(() => field(page, "title").inputValue(), { timeout: 60_000 }).not.toBe("");
  return page;
}

describe("the form at /admin/ and the build agree", () => {
  it("refuses to empty a published record's html_path, saying why, and writes nothing", async () => {
    const file = "videos/why-do-we-have-tides.json";
    const before = await read(file);
    const page = await editor("/collections/videos/entries/why-do-we-have-tides");
    await field(page, "html_path").fill("");
    await pressPublish(page);
    await page.getByText(EMPTIED_HTML_PATH, { exact: true }).waitFor({ timeout: 30_000 });
    await expect(read(file)).resolves.toBe(before);
    // Decap logs a save it refused as the error "undefined" (as for a missing title): that one only.
    expect(problems.splice(0)).toEqual(["undefined"]);
    // A new path is taken.
    await field(page, "html_path").fill("media/tides-explained/");
    await pressPublish(page);
    await page.getByText("Changes saved", { exact: true }).waitFor({ timeout: 60_000 });
    expect(JSON.parse(await read(file)).html_path).toBe("media/tides-explained/");
    await page.close();
    expect(problems).toEqual([]);
  });

  it("saves new records of the same title, by one editor and by two at once, each in a file of its own", async () => {
    const before = new Set(await readdir(path.join(session.cms.contentDir, "videos")));
    const fill = async (page: Page, videoId: string) => {
      await field(page, "title").fill("Tide Pools");
      await field(page, "video_id").fill(videoId);
      await field(page, "length").fill("0:02:00");
      await field(page, "description").fill(`<p>Pool ${videoId}.</p>`);
    };
    // Two editors open a new video; the second saves after the first.
    const [first, second] = [await editor("/collections/videos/new"), await editor("/collections/videos/new")];
    await fill(first, "99101");
    await fill(second, "99102");
    for (const page of [first, second]) {
      await pressPublish(page);
      await page.getByText("Changes saved", { exact: true }).waitFor({ timeout: 60_000 });
    }
    // The first editor makes another, in the page they are in.
    await first.goto(`${session.cms.site}/admin/#/collections/videos/new`);
    await field(first, "title").waitFor({ timeout: 60_000 });
    await fill(first, "99103");
    await pressPublish(first);
    await expect
      .poll(async () => (await readdir(path.join(session.cms.contentDir, "videos"))).length, { timeout: 60_000 })
      .toBe(before.size + 3);
    await Promise.all([first.close(), second.close()]);

    const made = (await readdir(path.join(session.cms.contentDir, "videos"))).filter((f) => !before.has(f));
    const records = await Promise.all(made.map(async (f) => JSON.parse(await read(`videos/${f}`)) as Record<string, string>));
    expect(records.map((r) => r.video_id).sort()).toEqual(["99101", "99102", "99103"]);
    expect(new Set(records.map((r) => r.uuid)).size).toBe(3);
    const checked = await runCli("validate.ts", [], { CONTENT_DIR: session.cms.contentDir });
    expect(checked.code, checked.stderr).toBe(0);
    expect(problems).toEqual([]);
  });

  it("never overwrites a record whose file name a new one would take (Decap adds -1), and builds records that share a position", async () => {
    // A video a new record of the same title would take the file name and the position of.
    const existing = "videos/iceland-land-of-fire-and-ice.json";
    const before = await read(existing);
    const { position, title, video_id: videoId } = JSON.parse(before) as { position: number; title: string; video_id: string };
    // The site as built before that record was saved: its facts give a new video the position the record took since.
    const page = await openAdmin(session.browser, session.cms.site, problems);
    await page.route(
      (url) => url.pathname === "/admin/config.json",
      async (route) => {
        const response = await route.fetch();
        const settings = (await response.json()) as { folders: Record<string, { nextPosition: number }> };
        settings.folders.videos.nextPosition = position;
        await route.fulfill({ response, json: settings });
      },
    );
    await page.reload();
    await page.getByText("Collections").first().waitFor({ timeout: 60_000 });
    await page.goto(`${session.cms.site}/admin/#/collections/videos/new`);
    await field(page, "title").fill(title);
    await field(page, "video_id").fill("99201");
    await field(page, "length").fill("0:03:00");
    await field(page, "description").fill("<p>Another look.</p>");
    await pressPublish(page);
    await page.getByText("Changes saved", { exact: true }).waitFor({ timeout: 60_000 });
    await page.close();
    await expect(read(existing)).resolves.toBe(before);
    const made = JSON.parse(await read("videos/iceland-land-of-fire-and-ice-1.json"));
    expect([made.video_id, made.position]).toEqual(["99201", position]);
    // npm run dev's rebuild accepts the shared position: the two stand together, by file name.
    const listed = async () =>
      ((await (await fetch(`${session.cms.site}/api/videos/index.json`)).json()) as { video_id: string }[]).map((v) => v.video_id);
    await expect.poll(listed, { timeout: 30_000 }).toContain("99201");
    const ids = await listed();
    expect(ids.slice(ids.indexOf(videoId), ids.indexOf(videoId) + 2)).toEqual([videoId, "99201"]);
    expect(problems).toEqual([]);
  });
});
