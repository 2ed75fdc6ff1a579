/**
 * The offline reader on a built site: its archive step (time, entries,
 * bytes), and, unpacked, in Chromium from file:// with a new browser each
 * time (cold): the time until a list's first page is shown and until a
 * resource is, and the tab's memory (its renderer's resident set) after
 * opening 100 resources one after another. "Shown" is the reader marking
 * the address it shows (`<html data-shown>`), timed by the page's clock from
 * the start of its navigation.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { queryFile, READER_ARCHIVE, searchManifestFile } from "../build-scripts/core/routes/output-tree.ts";
import type { SearchManifest } from "../build-scripts/core/search/build-index.ts";
import { archiveReader } from "../build-scripts/pipeline/mirror/reader-archive.ts";
import { count, markdownTable } from "./markdown-table.ts";
import { formatBytes } from "../build-scripts/pipeline/write/write-stats.ts";
import { launchChromium } from "../harness/chromium.ts";

/** The list opened, and how many of its resources are opened one after another for the memory figure. */
const LIST = "videos";
const RESOURCES_OPENED = 100;
/** The budgets, marked * in the table when missed. */
export const READER_BUDGET = { entries: 3000, bytesShare: 0.3, buildShare: 0.3, listMs: 1000, resourceMs: 500, memoryBytes: 200e6 };

/** Uuids of `n` resources spread evenly over the list, from its record files. */
function spreadUuids(siteDir: string, n: number): string[] {
  const manifest = JSON.parse(readFileSync(path.join(siteDir, searchManifestFile(LIST)), "utf8")) as SearchManifest;
  const positions = Array.from({ length: Math.min(n, manifest.records) }, (_, k) => Math.floor((k * manifest.records) / n));
  return positions.map((p) => {
    const slice = queryFile(LIST, manifest.files.records[Math.floor(p / manifest.recordsPerFile)]);
    return (JSON.parse(readFileSync(path.join(siteDir, slice), "utf8")) as { uuid: string }[])[p % manifest.recordsPerFile].uuid;
  });
}

/** Runs in the page before its scripts: notes the page clock when the reader first shows `address`. */
function watchShown(address: string): void {
  new MutationObserver((_, observer) => {
    if (document.documentElement?.dataset.shown !== address) return;
    Object.assign(window, { shownAt: performance.now() });
    observer.disconnect();
  }).observe(document, { subtree: true, attributes: true });
}

/** In a new browser: milliseconds from the start of the reader's navigation to `address` until it shows it (the page's clock). */
async function coldOpen(page: string, address: string): Promise<number> {
  const browser = await launchChromium();
  try {
    const tab = await browser.newPage();
    await tab.addInitScript(watchShown, address);
    await tab.goto(`${page}${address}`);
    await tab.waitForFunction(() => "shownAt" in window, undefined, { timeout: 60_000 });
    return Math.round(await tab.evaluate(() => (window as unknown as { shownAt: number }).shownAt));
  } finally {
    await browser.close();
  }
}

/** The resident memory of the tab: the largest of the browser's renderer processes (DevTools' process list, /proc). */
async function tabBytes(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = (await session.send("SystemInfo.getProcessInfo")) as { processInfo: { type: string; id: number }[] };
  const resident = processInfo
    .filter((p) => p.type === "renderer")
    .map(({ id }) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, "utf8"))?.[1] ?? 0) * 1024);
  return Math.max(0, ...resident);
}

/** The tab's memory after opening `uuids` one after another in one reader page. */
async function memoryAfter(page: string, uuids: readonly string[]): Promise<number> {
  const browser = await launchChromium();
  try {
    const tab = await browser.newPage();
    await tab.goto(`${page}#/api/`);
    for (const uuid of uuids) {
      const address = `#/api/${LIST}/${uuid}`;
      await tab.evaluate((a) => void (location.hash = a), address);
      await tab.waitForFunction((a) => document.documentElement.dataset.shown === a, address, { timeout: 60_000 });
    }
    return await tabBytes(browser);
  } finally {
    await browser.close();
  }
}

export async function measureReader(siteDir: string, log: (line: string) => void) {
  const started = performance.now();
  const archive = await archiveReader(siteDir, new Date());
  const seconds = (performance.now() - started) / 1000;
  log(`  reader archive: ${seconds.toFixed(2)} s; ${formatBytes(archive.bytes)}, ${archive.entries} entries`);
  const unpacked = await mkdtemp(path.join(tmpdir(), "bench-reader-"));
  try {
    execFileSync("unzip", ["-q", path.join(siteDir, READER_ARCHIVE), "-d", unpacked]);
    await rm(archive.file);
    const page = pathToFileURL(path.join(unpacked, path.basename(READER_ARCHIVE, ".zip"), "index.html")).href;
    const [uuid] = spreadUuids(siteDir, 1);
    log(`  the reader in Chromium from file:// (cold): ${LIST}'s first page, a resource, ${RESOURCES_OPENED} resources …`);
    const listMs = await coldOpen(page, `#/api/${LIST}`);
    const resourceMs = await coldOpen(page, `#/api/${LIST}/${uuid}`);
    const memoryBytes = await memoryAfter(page, spreadUuids(siteDir, RESOURCES_OPENED));
    return { seconds, bytes: archive.bytes, entries: archive.entries, listMs, resourceMs, memoryBytes };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}

export type ReaderFigures = Awaited<ReturnType<typeof measureReader>>;

interface ReaderSize {
  readonly resources: number;
  readonly reader: ReaderFigures;
  /** The full mirror, when npm run mirror wrote one (not past its cap). */
  readonly mirror: { readonly full?: { readonly bytes: number } };
  readonly buildWallSeconds: number;
}

export function readerTable(sizes: readonly ReaderSize[]): string {
  const B = READER_BUDGET;
  const over = (value: number, budget: number) => (value > budget ? " *" : "");
  const rows = sizes.map(({ resources, reader, mirror, buildWallSeconds }) => {
    const share = mirror.full ? reader.bytes / mirror.full.bytes : undefined;
    const build = reader.seconds / buildWallSeconds;
    return [
      count(resources),
      `${reader.seconds.toFixed(2)} s`,
      `${build.toFixed(2)}×${over(build, B.buildShare)}`,
      `${count(reader.entries)}${over(reader.entries, B.entries)}`,
      formatBytes(reader.bytes),
      share === undefined ? "no mirror" : `${(share * 100).toFixed(0)} %${over(share, B.bytesShare)}`,
      `${reader.listMs} ms${over(reader.listMs, B.listMs)}`,
      `${reader.resourceMs} ms${over(reader.resourceMs, B.resourceMs)}`,
      `${(reader.memoryBytes / 1e6).toFixed(0)} MB${over(reader.memoryBytes, B.memoryBytes)}`,
    ];
  });
  const caption = `The offline reader: its archive step (one run), and in Chromium from file:// (cold) ${LIST}'s first page, a resource, and the tab's memory after ${RESOURCES_OPENED} resources; * over budget:`;
  const header = ["resources", "archive step", "÷ build wall", "entries", "archive", "÷ mirror", "list page", "resource", "tab memory"];
  return markdownTable(caption, [header, ...rows]);
}
