/**
 * When a build may follow the state the last one kept, and when it builds
 * whole (and why): a real git repository with a side branch, an output
 * folder, and the state file damaged or left behind.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeState, planBuild, stateFile, type BuildInputs } from "../../build-scripts/pipeline/build-state.ts";

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
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

const fingerprint = { code: "c", "config or environment": "e", translations: "t", layout: "l" };
const inputs = (commit: string, changes: Partial<typeof fingerprint> = {}): BuildInputs => ({
  fingerprint: { ...fingerprint, ...changes },
  commit,
});
const records = { videos: { "content/videos/a.json": "1", "content/videos/b.json": "2" }, units: { "content/units/u.json": "3" } };

describe("planBuild", () => {
  it("from a descendant commit, writes again only the collections whose records changed, came or went", () => {
    storeState(outDir, inputs(commits.first), records);
    const now = {
      videos: { "content/videos/a.json": "1", "content/videos/b.json": "2" },
      units: {},
      lessons: { "content/lessons/l.json": "4" },
    };
    expect(planBuild(repo, outDir, inputs(commits.second), now)).toEqual({ only: new Set(["units", "lessons"]) });
    expect(planBuild(repo, outDir, inputs(commits.first), records)).toEqual({ only: new Set() });
  });

  it("builds whole, naming what changed, when the code, config or translations differ", () => {
    storeState(outDir, inputs(commits.first), records);
    expect(planBuild(repo, outDir, inputs(commits.second, { code: "x", translations: "y" }), records)).toEqual({
      full: "the code and the translations changed since the previous build",
    });
  });

  it("builds whole when a collection's folder is split or joined (the layout changed): its files move", () => {
    storeState(outDir, inputs(commits.first), records);
    expect(planBuild(repo, outDir, inputs(commits.second, { layout: "split" }), records)).toEqual({
      full: "the layout changed since the previous build",
    });
  });

  it("builds whole when the previous build's commit is not an ancestor, or git does not know it", () => {
    storeState(outDir, inputs(commits.second), records);
    expect(planBuild(repo, outDir, inputs(commits.side), records)).toEqual({
      full: `the previous build's commit ${commits.second.slice(0, 12)} is not an ancestor of ${commits.side.slice(0, 12)}`,
    });
    storeState(outDir, inputs("0".repeat(40)), records);
    expect(planBuild(repo, outDir, inputs(commits.second), records)).toEqual({
      full: `git cannot tell whether the previous build's commit 000000000000 is an ancestor of ${commits.second.slice(0, 12)}`,
    });
  });

  it("builds whole when the state is missing or damaged, or the output is not the one it describes", () => {
    storeState(outDir, inputs(commits.first), records);
    writeFileSync(path.join(outDir, "api/extra.json"), "{}");
    expect(planBuild(repo, outDir, inputs(commits.first), records)).toEqual({
      full: `${outDir}/ holds 2 files where the previous build left 1`,
    });
    writeFileSync(stateFile(outDir), '{"format": 1, "finger');
    expect(planBuild(repo, outDir, inputs(commits.first), records)).toEqual({ full: `${stateFile(outDir)} is damaged (not JSON)` });
    rmSync(stateFile(outDir));
    expect(planBuild(repo, outDir, inputs(commits.first), records)).toEqual({
      full: `no build state (${stateFile(outDir)}): the first build here, or the last one did not finish`,
    });
  });
});
