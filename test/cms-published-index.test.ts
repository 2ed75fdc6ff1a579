/**
 * What /admin/ reads from the published site rather than the repository, as
 * an editor uses it under `npm run cms`. The find box: words (inside titles
 * and descriptions, any script) list matching records by title from the
 * site's search index; a UUID, an API address or a page's address opens its
 * record; the chosen record opens in Decap's editor by its file name. A
 * unit's lessons: picked by title from the lessons index, shown by their
 * titles, stored as UUIDs in the order chosen. Neither reads a folder.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { serverActions, openAdmin, cmsForTests } from "./helpers/cms-session.ts";
import { field } from "../harness/decap.ts";
import { writeRecord } from "./helpers/temp-content.ts";

const session = cmsForTests();
const problems: string[] = [];

const findBox = (page: Page) => page.getByRole("searchbox", { name: "Find a record" });
const shownTitles = (page: Page) =>
  page.locator("#find-record-results button").evaluateAll((buttons) => buttons.map((b) => b.firstChild!.textContent));
const record = async (file: string) =>
  JSON.parse(await readFile(path.join(session.cms.contentDir, file), "utf8")) as Record<string, string>;

/** Typed into the find box, which stays over Decap's pages: the editor's form once the record in `file` is open in it. */
async function opens(page: Page, typed: string, file: string): Promise<void> {
  await findBox(page).fill(typed);
  const [collection, name] = file.replace(/\.json$/, "").split("/");
  await expect.poll(() => new URL(page.url()).hash, { timeout: 30_000 }).toBe(`#/collections/${collection}/entries/${name}`);
  const { title } = await record(file);
  await expect.poll(() => field(page, "title").inputValue(), { timeout: 30_000 }).toBe(title);
}

describe("the find box at /admin/", () => {
  it("lists records by words inside their titles and descriptions, in any script, and opens the one chosen", async () => {
    const page = await openAdmin(session.browser, session.cms.site, problems);
    const actions = serverActions(page, session.cms.site);
    await findBox(page).fill("olcan");
    await page.getByText(/^\d+ found\.$/).waitFor({ timeout: 30_000 });
    // Found from the published site alone: the GitHub-API server was asked nothing.
    expect(actions).toEqual([]);
    const titles = await shownTitles(page);
    expect(titles).toEqual(expect.arrayContaining(["What Is a Volcano?", "A Day with a Volcanologist"]));
    // Every match holds the word; the count is the number listed.
    await expect(page.locator("#find-record-status").textContent()).resolves.toBe(`${titles.length} found.`);

    await findBox(page).fill("富士山");
    await expect.poll(() => shownTitles(page), { timeout: 30_000 }).toContain("富士山 (Mount Fuji): Japan’s Sacred Volcano");
    await page.getByRole("button", { name: /^富士山/ }).click();
    await expect
      .poll(() => new URL(page.url()).hash, { timeout: 30_000 })
      .toBe("#/collections/videos/entries/mount-fuji-japans-sacred-volcano");
    await expect.poll(() => field(page, "title").inputValue(), { timeout: 30_000 }).toBe("富士山 (Mount Fuji): Japan’s Sacred Volcano");
    // Decap read the record, and the first page of the collection it is in (Decap's own, on opening a record of a
    // collection not yet listed: 20 records at most, whatever the collection's size), and listed no other folder.
    expect(actions.filter((a) => a.startsWith("read")).length).toBeGreaterThanOrEqual(1);
    expect(actions.filter((a) => a.startsWith("read")).length).toBeLessThanOrEqual(21);
    expect(new Set(actions.filter((a) => a.startsWith("list")))).toEqual(new Set(["list content/videos"]));
    await page.close();
    expect(problems).toEqual([]);
  });

  it("opens a record by its UUID, its API address (any format) or its page's address", async () => {
    const page = await openAdmin(session.browser, session.cms.site, problems);
    const file = "units/ancient-mediterranean-worlds.json";
    const { uuid, html_path } = await record(file);
    await opens(page, uuid, file);
    await opens(page, `https://api.example.org/api/units/${uuid}/?format=json`, file);
    await opens(page, `https://education.example.org/${html_path}`, file);
    await page.close();
    expect(problems).toEqual([]);
  });

  it("says when the site as built has no such record; a record saved since is opened by its file name, and found once rebuilt", async () => {
    const page = await openAdmin(session.browser, session.cms.site, problems);
    const uuid = "6f1c2b9e-0c55-4a4e-9a57-3e1f0b7c2d10";
    await findBox(page).fill(uuid);
    await page.getByText(/The site as last built does not have it/).waitFor({ timeout: 30_000 });
    await findBox(page).fill("nothingmatchesthisword");
    await page.getByText(/No record holds “nothingmatchesthisword”/).waitFor({ timeout: 30_000 });

    // Saved since the build (by another editor, or a pull): npm run dev's rebuild puts it in the map.
    const saved = {
      ...(await record("videos/what-is-a-volcano.json")),
      uuid,
      position: 900,
      html_path: "media/lava-tubes/",
      title: "Lava Tubes",
    };
    await writeRecord(session.cms.contentDir, "videos/lava-tubes.json", saved);
    await opens(page, "videos/lava-tubes", "videos/lava-tubes.json");
    await expect.poll(async () => (await fetch(`${session.cms.site}/api/videos/${uuid}/index.json`)).status, { timeout: 30_000 }).toBe(200);
    await opens(page, uuid, "videos/lava-tubes.json");
    await findBox(page).fill("lava tubes");
    await expect.poll(() => shownTitles(page), { timeout: 30_000 }).toEqual(["Lava Tubes"]);
    await page.close();
    // The browser reports the lookup of a key the site does not have (its file is not there) as an error: that one only.
    expect(problems.splice(0)).toEqual([expect.stringMatching(/404 .*\/admin\/sources\/[0-9a-f]{3}\.txt$/)]);
  });
});

describe("a unit's lessons at /admin/", () => {
  it("shows the chosen lessons by title, picks one by a search of the lessons index, keeps the order chosen, reads no lesson", async () => {
    const page = await openAdmin(session.browser, session.cms.site, problems);
    const actions = serverActions(page, session.cms.site);
    const file = "units/ancient-mediterranean-worlds.json";
    const before = await readFile(path.join(session.cms.contentDir, file), "utf8");
    const { uuid } = await record(file);
    await opens(page, uuid, file);
    const chosen = () => page.locator(".catalogue-lesson span").allTextContents();
    await expect
      .poll(chosen, { timeout: 30_000 })
      .toEqual(["The Geography of Ancient Greece", "Trade Across the Mediterranean", "Olympia and the Games"]);

    await field(page, "lessons").fill("ocean layers");
    await page.getByRole("option", { name: "Layers of the Ocean" }).click({ timeout: 30_000 });
    await page.getByRole("button", { name: "Move up Layers of the Ocean" }).click();
    await page.getByRole("button", { name: "Remove Trade Across the Mediterranean" }).click();
    await expect.poll(chosen).toEqual(["The Geography of Ancient Greece", "Layers of the Ocean", "Olympia and the Games"]);
    await page.getByRole("button", { name: "Publish", exact: true }).click({ timeout: 30_000 });
    await page.getByRole("menuitem", { name: "Publish now" }).click({ timeout: 30_000 });
    await page.getByText("Changes saved", { exact: true }).waitFor({ timeout: 60_000 });

    // The same record bytes but for the one lesson replaced in the middle.
    const layers = (await record("lessons/layers-of-the-ocean.json")).uuid;
    const after = await readFile(path.join(session.cms.contentDir, file), "utf8");
    const changed = after.split("\n").filter((line, i) => line !== before.split("\n")[i]);
    expect([after.split("\n").length, changed]).toEqual([before.split("\n").length, [`    "${layers}",`]]);
    // No lesson was read from the repository, nor the lessons folder listed.
    expect(actions.filter((a) => a.includes("/lessons"))).toEqual([]);
    await page.close();
    expect(problems).toEqual([]);
  });
});
