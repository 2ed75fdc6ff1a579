/**
 * One temporary folder per test run: every test's mkdtemp(tmpdir()) lands in
 * it (workers inherit TMPDIR), and it is removed when the run ends. A rerun in
 * watch mode drops the shared builds, which may be of code changed since.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { SHARED_BUILDS } from "./helpers/shared-build.ts";

export default function setup(project: TestProject): () => void {
  const runDir = mkdtempSync(path.join(tmpdir(), "catalogue-test-run-"));
  process.env.TMPDIR = runDir;
  project.onTestsRerun(() => rmSync(path.join(runDir, SHARED_BUILDS), { recursive: true, force: true }));
  return () => rmSync(runDir, { recursive: true, force: true });
}
