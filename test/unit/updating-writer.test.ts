import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { UpdatingWriter } from "../../build-scripts/pipeline/write/file-writer.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A folder holding `list.txt` with `old` in it. */
function treeWith(old: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "updating-writer-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, "list.txt"), old);
  return dir;
}

/** Streams `text` in pieces of `piece` characters (ASCII) into `file`, closed under `name`. */
function stream(writer: UpdatingWriter, file: string, text: string, piece: number, name?: string): void {
  const streamed = writer.stream(file);
  for (let at = 0; at < text.length; at += piece) streamed.append(Buffer.from(text.slice(at, at + piece)));
  streamed.close(name);
}

// Longer than the writer's 256 KiB buffer, so the comparison runs over several drains.
const LONG = Array.from({ length: 40_000 }, (_, i) => `entry ${i};`).join("\n");

describe("UpdatingWriter's streamed files", () => {
  it("leave a file whose bytes are the same as it was, noting no change", () => {
    const dir = treeWith(LONG);
    const before = statSync(path.join(dir, "list.txt"));
    const writer = new UpdatingWriter(dir);
    stream(writer, "list.txt", LONG, 1000);
    const after = statSync(path.join(dir, "list.txt"));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(writer.stats.changes.paths.size).toBe(0);
    expect(readdirSync(dir)).toEqual(["list.txt"]);
  });

  it.each([
    ["a byte changed far in", `${LONG.slice(0, 300_000)}X${LONG.slice(300_001)}`],
    ["shorter", LONG.slice(0, 350_000)],
    ["longer", `${LONG}\nentry past the end;`],
    ["empty", ""],
  ])("write the new bytes whole when they differ: %s", (_, text) => {
    const dir = treeWith(LONG);
    const writer = new UpdatingWriter(dir);
    stream(writer, "list.txt", text, 777);
    expect(readFileSync(path.join(dir, "list.txt"), "utf8")).toBe(text);
    expect([...writer.stats.changes.paths]).toEqual([["list.txt", true]]);
    expect(readdirSync(dir)).toEqual(["list.txt"]);
  });

  it("write a new file, and keep a file named from its content that is there already", () => {
    const dir = treeWith("older");
    const writer = new UpdatingWriter(dir);
    stream(writer, "new.txt", LONG, 5000);
    expect(readFileSync(path.join(dir, "new.txt"), "utf8")).toBe(LONG);
    writeFileSync(path.join(dir, "column.abc.txt"), LONG);
    stream(writer, "column.txt", LONG, 5000, "column.abc.txt");
    expect([...writer.stats.changes.paths]).toEqual([["new.txt", true]]);
    expect(readdirSync(dir).sort()).toEqual(["column.abc.txt", "list.txt", "new.txt"]);
  });
});
