/**
 * One build per content and settings per test run, shared by the test files
 * that only read it: a build takes seconds and a dozen files read the same
 * sample site. The first worker to ask builds; the others wait for its result.
 * Nothing may write into a shared build; the run's temporary folder (test/global-setup.ts) removes it.
 */
import { existsSync, watch } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sha256Hash } from "../../build-scripts/hashes.ts";
import { loadSiteConfig } from "../../build-scripts/pipeline/load/load-config.ts";
import { buildSite, PROJECT_DIR, TEST_ENV, type BuildResult } from "./build-site.ts";

/** The folder of the shared builds, below the run's temporary folder. */
export const SHARED_BUILDS = "catalogue-shared-builds";

/** `buildSite(env)`, built once per run for the same settings and the same content files wherever they lie. */
export async function sharedBuild(env: Record<string, string> = {}): Promise<BuildResult> {
  const dir = path.join(tmpdir(), SHARED_BUILDS, await buildKey(env));
  const resultFile = path.join(dir, "result.json");
  await mkdir(path.dirname(dir), { recursive: true });
  try {
    // The folder is the lock: mkdir succeeds for one worker only.
    await mkdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    await appeared(resultFile);
    return JSON.parse(await readFile(resultFile, "utf8")) as BuildResult;
  }
  const build = await buildSite(env, path.join(dir, "_site"));
  // Renamed into place, so a waiting worker never reads half a file.
  await writeFile(`${resultFile}.part`, JSON.stringify(build));
  await rename(`${resultFile}.part`, resultFile);
  return build;
}

/** A shared build's own copy, for a test that builds over it: a copy takes a fraction of a build's time. */
export async function copiedBuild(env: Record<string, string> = {}): Promise<BuildResult> {
  const shared = await sharedBuild(env);
  const outDir = path.join(await mkdtemp(path.join(tmpdir(), "catalogue-site-")), "_site");
  await cp(shared.outDir, outDir, { recursive: true });
  return { ...shared, outDir };
}

/** The settings the build sees and every content file's path and bytes; not the content folder's own path. */
async function buildKey(env: Record<string, string>): Promise<string> {
  const { CONTENT_DIR, ...settings }: Record<string, string> = { ...TEST_ENV, ...env };
  const content = path.resolve(PROJECT_DIR, CONTENT_DIR ?? loadSiteConfig(PROJECT_DIR, {}).contentDir);
  const hash = sha256Hash().update(JSON.stringify(Object.entries(settings).sort()));
  const files = (await readdir(content, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  for (const file of files.map((entry) => path.join(entry.parentPath, entry.name)).sort()) {
    const bytes = await readFile(file);
    hash.update(JSON.stringify([path.relative(content, file), bytes.length])).update(bytes);
  }
  return hash.digest("hex").slice(0, 32);
}

/** Resolves once `file` exists, woken by its folder's changes rather than polling. */
function appeared(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(path.dirname(file));
    const check = () => {
      if (!existsSync(file)) return;
      watcher.close();
      resolve();
    };
    watcher.on("change", check);
    watcher.on("error", reject);
    check();
  });
}
