/** `npm run cms` on a copy of the sample content, and /admin/ in Chromium, logged in to its local backend. */
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { npmScriptCommand } from "../../build-scripts/tools/cli/npm-scripts.ts";
import { launchChromium } from "./chromium.ts";
import { freePort, startProcess } from "./processes.ts";
import { PROJECT_DIR } from "./run-cli.ts";
import { tempContent } from "./temp-content.ts";

export interface CmsSession {
  readonly site: string;
  readonly contentDir: string;
  stop(): Promise<void>;
}

export async function startCms(): Promise<CmsSession> {
  const contentDir = await tempContent("content");
  const port = await freePort();
  const [command, args] = npmScriptCommand(PROJECT_DIR, "cms");
  const cms = startProcess(command, args, {
    cwd: PROJECT_DIR,
    env: { CONTENT_DIR: contentDir, PORT: String(port), OUTPUT_DIR: path.join(path.dirname(contentDir), "site") },
  });
  await cms.waitFor(/Server at http/, 0, 120_000);
  const stop = async () => {
    await cms.stop();
    await rm(path.dirname(contentDir), { recursive: true, force: true });
  };
  return { site: `http://127.0.0.1:${port}`, contentDir, stop };
}

/** `npm run cms` and Chromium for a test file's tests: started before them, stopped after. */
export function cmsForTests(): { readonly cms: CmsSession; readonly browser: Browser } {
  const session: { cms?: CmsSession; browser?: Browser } = {};
  beforeAll(async () => {
    session.cms = await startCms();
    session.browser = await launchChromium();
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.cms?.stop();
  });
  return session as { readonly cms: CmsSession; readonly browser: Browser };
}

/** What the page asks the local backend from now on: Decap's action and its folder or path ("entriesByFolder content/lessons"). */
export function backendActions(page: Page): string[] {
  const actions: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST" || !request.url().endsWith("/api/v1")) return;
    const { action, params } = request.postDataJSON() as { action: string; params?: { folder?: string; path?: string } };
    actions.push([action, params?.folder ?? params?.path ?? ""].join(" ").trim());
  });
  return actions;
}

/** /admin/ logged in, at Decap's start page, its first collection listed; every console error (with its address) and page error goes to `problems`. */
export async function openAdmin(browser: Browser, site: string, problems: string[]): Promise<Page> {
  const page = await browser.newPage();
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`${m.text()} ${m.location().url}`.trim());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  await page.goto(`${site}/admin/`);
  await page.getByRole("button", { name: "Login" }).click({ timeout: 60_000 });
  await page.getByText("Collections").first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  return page;
}

/** A field of Decap's form by its name. */
export const formField = (page: Page, name: string) => page.locator(`[id^="${name}-field-"]`).first();
