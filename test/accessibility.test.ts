/**
 * axe-core (WCAG 2.2 A and AA, and its best practices) over the HTML view in
 * Chromium, served by `npm run serve` with the site's Content-Security-Policy:
 * the front page, the API root, a list, a list with a search (the edge's
 * answer and the page's own), a list with fields, a resource and the 404s.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildResult } from "./helpers/build-site.ts";
import { sharedBuild } from "./helpers/shared-build.ts";
import { launchChromium } from "../harness/chromium.ts";
import { startLocalServer, type LocalServer } from "./helpers/local-server.ts";

const AXE_SOURCE = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

let build: BuildResult;
let local: LocalServer;
let browser: Browser;
let video: string;

beforeAll(async () => {
  build = await sharedBuild();
  expect(build.code, build.stderr).toBe(0);
  [local, browser] = await Promise.all([startLocalServer(build.outDir), launchChromium()]);
  video = (JSON.parse(await readFile(path.join(build.outDir, "api/videos/index.json"), "utf8")) as { uuid: string }[])[0].uuid;
});

afterAll(async () => {
  await browser?.close();
  await local?.stop();
});

/** axe's violations on the page as it stands: rule, impact and the first elements it names. */
async function violations(page: Page): Promise<string[]> {
  // Evaluated, not a <script> in the page: the site's policy forbids inline script.
  await page.evaluate(await AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe.run(document, {
        runOnly: { type: "tag", values: tags },
      }),
    TAGS,
  );
  const { violations } = results as { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
}

async function opened(address: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${local.url}${address}`);
  await page.waitForLoadState("networkidle");
  const form = page.locator("form.search-form");
  if ((await form.count()) > 0) await expect.poll(() => form.getAttribute("data-state")).toBe("done");
  return page;
}

describe("axe-core finds no violation (WCAG 2.2 AA and best practices)", () => {
  it.each([
    ["the front page", "/"],
    ["the API root", "/api/"],
    ["a list", "/api/videos"],
    ["a list with a search, answered by the edge", "/api/videos?search=ocean"],
    ["a list with fields, answered by the edge", "/api/videos?fields=uuid,title"],
    ["a list page searched in the page", "/api/videos/index.html?search=ocean"],
    ["a list page with fields chosen in the page", "/api/videos/index.html?fields=uuid,title"],
    ["the edge's 404", "/api/videos/00000000-0000-4000-8000-00000000dead"],
    ["the static 404.html", "/no-such-page"],
  ])("on %s", async (_, address) => {
    const page = await opened(address);
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it("on a resource", async () => {
    const page = await opened(`/api/videos/${video}`);
    expect(await violations(page)).toEqual([]);
    await page.close();
  });
});
