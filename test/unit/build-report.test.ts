/**
 * What the build's log says: warnings counted by kind, the first few of each
 * kind in full and where to see all, errors always in full; and the host's
 * folder limit, tested on counts; progress lines on a terminal only.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { summary } from "../../build-scripts/pipeline/build-report.ts";
import type { PreparedBuild } from "../../build-scripts/pipeline/prepare.ts";
import { ContentError } from "../../build-scripts/pipeline/prepare.ts";
import { SHOWN_PER_KIND, type Problem, type WarningKind } from "../../build-scripts/pipeline/validate/problems.ts";
import { checkFolders, folderEntries } from "../../build-scripts/pipeline/write/folder-limit.ts";
import { WriteStats } from "../../build-scripts/pipeline/write/write-stats.ts";
import { PROJECT_DIR, TSX } from "../helpers/run-cli.ts";

const run = promisify(execFile);

const warning = (kind: WarningKind, file = `${kind}.json`): Problem => ({
  file,
  pointer: "/x",
  severity: "warning",
  kind,
  expected: "e",
  found: "f",
});
const build = (warnings: Problem[]) => ({ catalogue: { lists: new Map() }, translations: new Map(), warnings }) as unknown as PreparedBuild;

describe("the build's summary", () => {
  it("counts warnings by kind, those readers see changed first, and shows the first few of each kind", () => {
    const warnings = [
      ...Array.from({ length: 128 }, () => warning("unfilled-field")),
      ...Array.from({ length: 3 }, () => warning("missing-lesson")),
      warning("stale-translation"),
    ];
    const lines = summary(build(warnings), new WriteStats(), 1, "_site").split("\n");
    const first = lines.findIndex((l) => l.includes("warning"));
    expect(SHOWN_PER_KIND).toBe(3);
    expect(lines.slice(first)).toEqual([
      "  132 warnings: 1 stale translation, 3 links to missing lessons, 128 fields left empty (npm run validate lists each one)",
      ...[
        "stale-translation",
        "missing-lesson",
        "missing-lesson",
        "missing-lesson",
        "unfilled-field",
        "unfilled-field",
        "unfilled-field",
      ].flatMap((kind) => [`  ${kind}.json  /x`, "      expected: e", "      found:    f"]),
      "  … and 125 more fields left empty",
    ]);
  });

  it("stays in proportion for units linking 4,504 missing lessons: the count, the first three, and where to see all", () => {
    const warnings = Array.from({ length: 4504 }, (_, i) => warning("missing-lesson", `units/unit-${i}.json`));
    const text = summary(build(warnings), new WriteStats(), 1, "_site");
    expect(text).toContain("  4504 warnings: 4504 links to missing lessons (npm run validate lists each one)");
    expect(text).toContain("  units/unit-2.json  /x");
    expect(text).not.toContain("units/unit-3.json");
    expect(text).toContain("  … and 4501 more links to missing lessons");
    expect(text.split("\n").length).toBeLessThan(20);
  });

  it("lists every error in full when the content has errors, and the warnings beside them in proportion", () => {
    const errors = Array.from({ length: 40 }, (_, i): Problem => ({
      file: `e${i}.json`,
      pointer: "",
      severity: "error",
      expected: "e",
      found: "f",
    }));
    const warnings = Array.from({ length: 4504 }, (_, i) => warning("missing-lesson", `units/unit-${i}.json`));
    const message = new ContentError([...errors, ...warnings]).message;
    expect(message).toMatch(/^40 error\(s\) in the content:/);
    for (const error of errors) expect(message).toContain(`${error.file}  (whole file)\n    expected: e\n    found:    f`);
    expect(message).toContain("4504 warnings: 4504 links to missing lessons (npm run validate lists each one)");
    expect(message).not.toContain("units/unit-3.json");
    expect(message).toContain("… and 4501 more links to missing lessons");
  });

  it("says nothing of warnings when there are none", () => {
    expect(summary(build([]), new WriteStats(), 1, "_site")).not.toContain("warning");
  });

  it("counts every file written, in its folder", () => {
    const stats = new WriteStats();
    stats.add("index.html", 10);
    stats.add("api/videos/index.json", 5);
    expect(summary(build([]), stats, 1, "_site")).toMatch(/ {2}total {9}2 files/);
  });
});

describe("the folder limit", () => {
  it("counts a folder's files and subfolders", () => {
    const entries = folderEntries(
      new Map([
        ["api/videos", 3],
        ["api/videos/a", 4],
        ["api/videos/b", 4],
        ["fr/api/videos/a", 4],
      ]),
    );
    expect(entries.get("api/videos")).toBe(5);
    expect(entries.get("api")).toBe(1);
    expect(entries.get("")).toBe(2);
    expect(entries.get("fr")).toBe(1);
  });

  it("fails the build past Netlify's 54,000 entries, naming the folder and its count", () => {
    const folder = (files: number) => new Map([["search/videos/files/records/0", files]]);
    expect(() => checkFolders(folder(54_000))).not.toThrow();
    expect(() => checkFolders(folder(54_001))).toThrow(
      "search/videos/files/records/0/ holds 54001 entries: Netlify refuses a deploy with more than 54000 files in one folder.",
    );
  });
});

describe("the build's progress lines", () => {
  const script = `import { showProgress } from "./build-scripts/pipeline/build-report.ts"; showProgress("  videos: 1000 / 2000");`;

  it("are left out of a log: neither stdout nor stderr is a terminal", async () => {
    const { stdout, stderr } = await run(TSX, ["--eval", script], { cwd: PROJECT_DIR });
    expect([stdout, stderr]).toEqual(["", ""]);
  });

  it("are shown on a terminal", async () => {
    // script(1) runs the command on a pseudo-terminal and copies what it shows.
    const { stdout } = await run("script", ["--quiet", "--return", "--command", `${TSX} --eval '${script}'`, "/dev/null"], {
      cwd: PROJECT_DIR,
    });
    expect(stdout.replace(/\r/g, "")).toBe("  videos: 1000 / 2000\n");
  });
});
