/**
 * The archives' one time: SOURCE_DATE_EPOCH, else the last commit that
 * changed the content folder (not a later commit of docs or code), else the
 * first time ZIP holds; read by real git from a repository made here.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { archiveTime } from "../../build-scripts/pipeline/mirror/archive-time.ts";

const repo = mkdtempSync(path.join(tmpdir(), "archive-time-"));
const outside = mkdtempSync(path.join(tmpdir(), "archive-time-outside-"));
afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

/** A commit of `file` at `seconds` since 1970. */
function commit(file: string, seconds: number) {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), `${seconds}\n`);
  const date = `@${seconds} +0000`;
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Editor", "-c", "user.email=editor@example.test", ...args], { cwd: repo, env });
  git("add", "-A");
  git("commit", "-q", "-m", file);
}

describe("archiveTime", () => {
  it("is the last commit of the content folder, SOURCE_DATE_EPOCH when set, 1980 outside a repository", () => {
    execFileSync("git", ["init", "-q", "-b", "main"], { cwd: repo });
    commit("content/videos/a.json", 1_700_000_000);
    commit("content/videos/b.json", 1_750_000_000);
    commit("README.md", 1_760_000_000);
    const content = path.join(repo, "content");
    const env = {};
    expect(archiveTime(content, env).toISOString()).toBe(new Date(1_750_000_000_000).toISOString());
    expect(archiveTime(content, { SOURCE_DATE_EPOCH: "1767323040" }).getTime()).toBe(1_767_323_040_000);
    expect(() => archiveTime(content, { SOURCE_DATE_EPOCH: "yesterday" })).toThrow(
      'SOURCE_DATE_EPOCH: expected whole seconds since 1970, found "yesterday"',
    );
    expect(archiveTime(outside, env).toISOString()).toBe("1980-01-01T00:00:00.000Z");
  });
});
