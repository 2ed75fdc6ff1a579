/** A folder's files as the benchmark counts and compares them: their number and bytes, their hashes, the ones that differ. */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Files and bytes below `dir`, counted from the disk by `find` (links not followed). */
export function treeSize(dir: string): { files: number; bytes: number } {
  const sizes = execFileSync("find", [dir, "-type", "f", "-printf", "%s\n"], { encoding: "utf8", maxBuffer: 1 << 30 })
    .split("\n")
    .filter(Boolean)
    .map(Number);
  return { files: sizes.length, bytes: sizes.reduce((sum, bytes) => sum + bytes, 0) };
}

/** Each file of the tree by its path, as a hash of its bytes. */
export function hashes(root: string): Map<string, string> {
  return new Map(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => {
        const file = path.join(d.parentPath, d.name);
        return [path.relative(root, file), createHash("sha1").update(readFileSync(file)).digest("hex")];
      }),
  );
}

/** The files that differ between two trees' hashes: changed, added or removed. */
export const differingFiles = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file));
