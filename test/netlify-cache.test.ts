/**
 * Netlify's build as Netlify runs it: @netlify/build's `netlify-build
 * --offline` over checkouts of the project with netlify.toml as it is, and
 * one cache folder kept between builds. The first build builds whole and its
 * cache plugin saves the output and build state; a fresh checkout of the next
 * commit gets them back before `npm run mirror`, which updates only the
 * collection that commit changed.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_DIR } from "./helpers/run-cli.ts";
import { netlifyBuildBinary } from "../harness/netlify-build/netlify-build.ts";

const run = promisify(execFile);
const VIDEO = "content/videos/how-hurricanes-form.json";

let dir: string;
let cacheDir: string;

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Editor", "-c", "user.email=editor@example.test", ...args], { cwd, encoding: "utf8" });

/** A checkout as Netlify makes one: the project's files (as in the working tree) in a repository of their own. */
async function firstCheckout(): Promise<string> {
  const checkout = path.join(dir, "checkout-1");
  const files = execFileSync("git", ["ls-files", "-z", "-co", "--exclude-standard"], { cwd: PROJECT_DIR, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    await mkdir(path.dirname(path.join(checkout, file)), { recursive: true });
    await cp(path.join(PROJECT_DIR, file), path.join(checkout, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error; // a file deleted but not yet committed
    });
  }
  git(checkout, "init", "-q", "-b", "main");
  git(checkout, "add", "-A");
  git(checkout, "commit", "-q", "-m", "The project");
  return checkout;
}

/** netlify-build in `checkout`, with the cache folder of every build; its log. */
async function netlifyBuild(checkout: string): Promise<string> {
  await symlink(path.join(PROJECT_DIR, "node_modules"), path.join(checkout, "node_modules"));
  const { OUTPUT_DIR: _o, CONTENT_DIR: _c, ...env } = process.env;
  const { stdout } = await run(await netlifyBuildBinary(), ["--offline", "--cacheDir", cacheDir], {
    cwd: checkout,
    // The edge bundler takes the Deno of node_modules/.bin rather than download one.
    env: { ...env, PATH: `${path.join(PROJECT_DIR, "node_modules/.bin")}:${env.PATH}` },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

let first: string;
let second: string;
let secondCheckout: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "netlify-cache-"));
  cacheDir = path.join(dir, "cache");
  const checkout = await firstCheckout();
  first = await netlifyBuild(checkout);
  secondCheckout = path.join(dir, "checkout-2");
  git(dir, "clone", "-q", checkout, secondCheckout);
  const video = JSON.parse(await readFile(path.join(secondCheckout, VIDEO), "utf8")) as { title: string };
  await writeFile(path.join(secondCheckout, VIDEO), `${JSON.stringify({ ...video, title: "Hurricanes, edited" }, null, 2)}\n`);
  git(secondCheckout, "commit", "-q", "-am", "An edit");
  second = await netlifyBuild(secondCheckout);
}, 300_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The files below a folder, relative. */
const filesBelow = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));

describe("netlify-build with the cache plugin of netlify.toml", () => {
  it("builds the first checkout whole, then moves what the mirror keeps into the cache: a few files, not the site", () => {
    expect(first).toMatch(/Netlify's cache holds no \S*_site\.cache\/: the build is whole\./);
    expect(first).toContain("Building _site/ whole: no build state (_site.cache/state.json)");
    expect(first).toMatch(/Saved \S*_site\.cache\/ in Netlify's cache\./);
  });

  it("moves it back in a fresh checkout of the next commit, which writes the site from it and updates only the collection it changed", async () => {
    expect(second).toMatch(/Restored \S*_site\.cache\/ from Netlify's cache\./);
    expect(second).toContain("Updating _site/ as the previous build left it: videos changed.");
    expect(second).toMatch(/^ {2}\d+ files written from the kept mirror in /m);
    expect(second).toMatch(/catalogue-mirror\.zip: \d+ files \(\d+ copied from the previous archive/);
    const list = await readFile(path.join(secondCheckout, "_site/api/videos/index.json"), "utf8");
    expect(list.includes('"title":"Hurricanes, edited"'), "the edited title in the videos' list").toBe(true);
    // Moved, not copied: the checkout keeps none of it, the cache holds the state, the chunks and the three archives.
    expect(existsSync(path.join(secondCheckout, "_site.cache"))).toBe(false);
    const kept = filesBelow(cacheDir).filter((file) => file.includes("_site.cache/"));
    expect(kept.map((file) => file.slice(file.indexOf("_site.cache"))).sort()).toEqual([
      "_site.cache/chunks.pack",
      "_site.cache/downloads/catalogue-mirror.zip",
      "_site.cache/downloads/catalogue-reader.zip",
      "_site.cache/downloads/catalogue.zim",
      "_site.cache/state.json",
    ]);
    expect(filesBelow(cacheDir).filter((file) => file.includes("_site/"))).toEqual([]);
  });
});
