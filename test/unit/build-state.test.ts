/**
 * When a build may follow the state the last one kept, and when it builds
 * whole (and why): a real git repository with a side branch, a kept mirror
 * removed, truncated or replaced, none kept, and the state file damaged or
 * left behind; the output folder itself is never looked at.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, truncateSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalogue } from "../../build-scripts/core/catalogue/catalogue.ts";
import { MIRROR_ARCHIVE } from "../../build-scripts/core/routes/output-tree.ts";
import {
  cacheDir,
  keptArchive,
  storeState as storeStateOf,
  markedPieces,
  planBuild,
  stateFile,
  type BuildInputs,
  type BuildState,
} from "../../build-scripts/pipeline/build-state.ts";

let repo: string;
let outDir: string;
const commits: Record<string, string> = {};

const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.test", ...args], { cwd: repo, encoding: "utf8" }).trim();

beforeAll(() => {
  repo = mkdtempSync(path.join(tmpdir(), "build-state-"));
  git("init", "-q", "-b", "main");
  for (const name of ["first", "second"]) {
    git("commit", "-q", "--allow-empty", "-m", name);
    commits[name] = git("rev-parse", "HEAD");
  }
  git("checkout", "-q", "-b", "side", commits.first);
  git("commit", "-q", "--allow-empty", "-m", "side");
  commits.side = git("rev-parse", "HEAD");
  outDir = path.join(repo, "_site");
  mkdirSync(path.join(outDir, "api"), { recursive: true });
  writeFileSync(path.join(outDir, "api/index.json"), "{}");
  mkdirSync(path.join(outDir, "downloads"));
  writeFileSync(path.join(outDir, ARCHIVE), ARCHIVE_BYTES);
});

const ARCHIVE = MIRROR_ARCHIVE;
/** Not a zip: the state notes an archive's size and last bytes only. */
const ARCHIVE_BYTES = "an archive's bytes, and the end of its central directory";
const TIME = new Date(Date.UTC(2026, 10, 29));
const PIECES = new Map([["site/api/videos/index.json", Uint8Array.of(1, 2, 3)]]);
const storeState = (at: string, inputs: BuildInputs, records: BuildState["records"]) =>
  storeStateOf(at, inputs, records, {
    time: TIME,
    archives: { [ARCHIVE]: { entries: 4, made: 3, pieces: PIECES }, "downloads/none.zip": null },
  });

afterAll(() => rmSync(repo, { recursive: true, force: true }));

const fingerprint = { code: "c", "config or environment": "e", translations: "t", layout: "l" };
const inputs = (commit: string, changes: Partial<typeof fingerprint> = {}): BuildInputs => ({
  fingerprint: { ...fingerprint, ...changes },
  commit,
});
/** A catalogue whose records are their files (each uuid its file name) with these digests. */
const catalogueOf = (hashes: BuildState["records"]) =>
  ({
    lists: new Map(
      Object.entries(hashes).map(([name, files]) => [
        name,
        Object.entries(files).map(([file, digest]) => ({ file, digest, record: { uuid: file } })),
      ]),
    ),
  }) as unknown as Catalogue;
const records = { videos: { "content/videos/a.json": "1", "content/videos/b.json": "2" }, units: { "content/units/u.json": "3" } };

describe("planBuild", () => {
  it("from a descendant commit, writes again only the collections whose records changed, came or went", () => {
    storeState(outDir, inputs(commits.first), records);
    const now = {
      videos: { "content/videos/a.json": "1", "content/videos/b.json": "2" },
      units: {},
      lessons: { "content/lessons/l.json": "4" },
    };
    expect(planBuild(repo, outDir, inputs(commits.second), catalogueOf(now))).toMatchObject({ only: new Set(["units", "lessons"]) });
    // One record edited: its collection is written again, its other records' own files left as they are.
    const edited = planBuild(
      repo,
      outDir,
      inputs(commits.second),
      catalogueOf({ ...records, videos: { ...records.videos, "content/videos/b.json": "9" } }),
    );
    expect(edited).toMatchObject({ only: new Set(["videos"]) });
    if ("unchanged" in edited) {
      expect(edited.unchanged("videos", "content/videos/a.json")).toBe(true);
      expect(edited.unchanged("videos", "content/videos/b.json")).toBe(false);
    }
    const plan = planBuild(repo, outDir, inputs(commits.first), catalogueOf(records));
    expect(plan).toMatchObject({ only: new Set(), state: { records, archiveTime: TIME.getTime() } });
    expect(plan).toHaveProperty(["state", "archives", ARCHIVE], {
      bytes: ARCHIVE_BYTES.length,
      end: Buffer.from(ARCHIVE_BYTES.slice(-22)).toString("hex"),
      entries: 4,
      made: 3,
      pieces: { "site/api/videos/index.json": "AQID" },
    });
    if ("state" in plan)
      expect(markedPieces(plan.state.archives[ARCHIVE]!)).toEqual(new Map([["site/api/videos/index.json", Buffer.of(1, 2, 3)]]));
  });

  it("builds whole, naming what changed, when the code, config or translations differ", () => {
    storeState(outDir, inputs(commits.first), records);
    expect(planBuild(repo, outDir, inputs(commits.second, { code: "x", translations: "y" }), catalogueOf(records))).toEqual({
      full: "the code and the translations changed since the previous build",
    });
  });

  it("builds whole when a collection's folder is split or joined (the layout changed): its files move", () => {
    storeState(outDir, inputs(commits.first), records);
    expect(planBuild(repo, outDir, inputs(commits.second, { layout: "split" }), catalogueOf(records))).toEqual({
      full: "the layout changed since the previous build",
    });
  });

  it("builds whole when the previous build's commit is not an ancestor, or git does not know it", () => {
    storeState(outDir, inputs(commits.second), records);
    expect(planBuild(repo, outDir, inputs(commits.side), catalogueOf(records))).toEqual({
      full: `the previous build's commit ${commits.second.slice(0, 12)} is not an ancestor of ${commits.side.slice(0, 12)}`,
    });
    storeState(outDir, inputs("0".repeat(40)), records);
    expect(planBuild(repo, outDir, inputs(commits.second), catalogueOf(records))).toEqual({
      full: `git cannot tell whether the previous build's commit 000000000000 is an ancestor of ${commits.second.slice(0, 12)}`,
    });
  });

  it("keeps the archives linked in the cache beside the state, and builds whole when the kept mirror is missing, truncated or replaced", () => {
    const plan = () => planBuild(repo, outDir, inputs(commits.first), catalogueOf(records));
    storeState(outDir, inputs(commits.first), records);
    const kept = keptArchive(outDir, ARCHIVE);
    expect(kept.startsWith(`${cacheDir(outDir)}/`)).toBe(true);
    expect(readFileSync(kept, "utf8")).toBe(ARCHIVE_BYTES);
    // The output folder is not looked at: an update writes the site from the kept mirror.
    rmSync(path.join(outDir, "api"), { recursive: true });
    expect(plan()).toHaveProperty("only");
    truncateSync(kept, 10);
    expect(plan()).toEqual({ full: `${kept} holds 10 bytes where the previous build left ${ARCHIVE_BYTES.length}` });
    writeFileSync(kept, ARCHIVE_BYTES.toUpperCase());
    expect(plan()).toEqual({ full: `${kept} does not end as the previous build left it` });
    rmSync(kept);
    expect(plan()).toEqual({ full: `${kept} is missing` });
    writeFileSync(path.join(outDir, ARCHIVE), ARCHIVE_BYTES);
  });

  it("builds whole when the previous build kept no full mirror to write the site from", () => {
    storeStateOf(outDir, inputs(commits.first), records, { time: TIME, archives: { [ARCHIVE]: null } });
    expect(planBuild(repo, outDir, inputs(commits.first), catalogueOf(records))).toEqual({
      full: "the previous build made no full mirror to write the site from",
    });
  });

  it("builds whole when the state is missing or damaged, or left without its archives", () => {
    storeState(outDir, inputs(commits.first), records);
    const elsewhere = path.join(repo, "elsewhere");
    expect(planBuild(repo, elsewhere, inputs(commits.first), catalogueOf(records))).toEqual({
      full: `no build state (${stateFile(elsewhere)}): the first build here, or the last one did not finish`,
    });
    mkdirSync(cacheDir(elsewhere));
    writeFileSync(stateFile(elsewhere), readFileSync(stateFile(outDir)));
    expect(planBuild(repo, elsewhere, inputs(commits.first), catalogueOf(records))).toEqual({
      full: `${keptArchive(elsewhere, ARCHIVE)} is missing`,
    });
    writeFileSync(stateFile(outDir), '{"format": 2, "finger');
    expect(planBuild(repo, outDir, inputs(commits.first), catalogueOf(records))).toEqual({
      full: `${stateFile(outDir)} is damaged (not JSON)`,
    });
    rmSync(stateFile(outDir));
    expect(planBuild(repo, outDir, inputs(commits.first), catalogueOf(records))).toEqual({
      full: `no build state (${stateFile(outDir)}): the first build here, or the last one did not finish`,
    });
  });
});
