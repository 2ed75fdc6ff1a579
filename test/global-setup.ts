/**
 * One temporary folder per test run: every test's mkdtemp(tmpdir()) lands in
 * it (workers inherit TMPDIR), and it is removed when the run ends.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export default function setup(): () => void {
  const runDir = mkdtempSync(path.join(tmpdir(), "catalogue-test-run-"));
  process.env.TMPDIR = runDir;
  return () => rmSync(runDir, { recursive: true, force: true });
}
