/** `npm run cms` on a copy of the sample content, and /admin/ in Chromium, editing through its GitHub-API server. */
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { githubApiServerPort } from "../../build-scripts/core/cms/github-api-server-address.ts";
import { npmScriptCommand } from "../../build-scripts/tools/cli/npm-scripts.ts";
import { launchChromium } from "../../harness/chromium.ts";
import { freePort, startProcess } from "../../harness/processes.ts";
import { PROJECT_DIR } from "./run-cli.ts";
import { tempContent } from "./temp-content.ts";

export interface CmsSession {
  readonly site: string;
  readonly contentDir: string;
  stop(): Promise<void>;
}

export async function startCms(): Promise<CmsSession> {
  const contentDir = await tempContent("content");
  const port = await freePort(2); // and the GitHub-API server's, PORT + 1
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

/**
 * What the page asks `npm run cms`'s GitHub-API server from now on, by what it reads:
 * "list content/lessons" (a folder's tree), "read blob" (a file's text, by its
 * hash), "read content/videos/x.json" (a file by its path); other calls by
 * method and path.
 */
export function serverActions(page: Page, site: string): string[] {
  const server = `http://127.0.0.1:${githubApiServerPort(Number(new URL(site).port))}/`;
  const actions: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(server) || request.method() === "OPTIONS") return;
    const { pathname } = new URL(request.url());
    const tree = pathname.match(/\/git\/trees\/[^/:]+(?::|%3A)(.+)$/)?.[1];
    const file = pathname.match(/\/contents\/(.+)$/)?.[1];
    if (tree) actions.push(`list ${decodeURIComponent(tree)}`);
    else if (/\/git\/blobs\/\w+$/.test(pathname)) actions.push("read blob");
    else if (file) actions.push(`read ${decodeURIComponent(file)}`);
    else actions.push(`${request.method()} ${pathname}`);
  });
  return actions;
}

/**
 * /admin/ (the page logs Decap in to this machine's server), at Decap's start page once its first collection is
 * listed: Decap shows the records' cards only when it has read each (a blob and a commit), so nothing of its own
 * loading reaches the server after this returns. Every console error (with its address) and page error goes to
 * `problems`.
 */
export async function openAdmin(browser: Browser, site: string, problems: string[]): Promise<Page> {
  const page = await browser.newPage();
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`${m.text()} ${m.location().url}`.trim());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  await page.goto(`${site}/admin/`);
  // Not the network's first quiet half second: on a busy machine that comes while Decap's script still runs.
  await page.locator('a[href*="/entries/"]').first().waitFor({ timeout: 60_000 });
  return page;
}
