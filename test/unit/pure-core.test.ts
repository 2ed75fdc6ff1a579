/**
 * The pure core runs in Node, at the edge (Deno) and in the browser, so it
 * uses no Node API; neither do the edge function and the browser client built
 * on it. The rule is a folder rule: every module below these folders, and
 * every module it imports, stays below them.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

// schemas/: the record schemas (JSON) and their table, which the browser's CMS reads too.
const PURE = ["core", "runtime/edge", "runtime/browser", "schemas"];
const NODE_API = /from "node:|import\("node:|require\(|\bprocess\.|\bBuffer\b|__dirname|import\.meta\.dirname/;
const RELATIVE_IMPORT = /(?:from|import\()\s*"(\.{1,2}\/[^"]+)"/g;
const ROOT = path.join(import.meta.dirname, "../../build-scripts");

async function pureFiles(): Promise<string[]> {
  const found: string[] = [];
  for (const folder of PURE) {
    const names = await readdir(path.join(ROOT, folder), { recursive: true });
    found.push(...names.filter((n) => n.endsWith(".ts")).map((n) => path.posix.join(folder, n.split(path.sep).join("/"))));
  }
  return found;
}

const isPure = (file: string) => PURE.some((folder) => file.startsWith(`${folder}/`));

describe("the pure core", async () => {
  const files = await pureFiles();

  it("has modules in every pure folder", () => {
    for (const folder of PURE)
      expect(
        files.some((f) => f.startsWith(`${folder}/`)),
        folder,
      ).toBe(true);
  });

  it.each(files)("%s uses no Node API and imports only pure modules", async (file) => {
    const text = await readFile(path.join(ROOT, file), "utf8");
    expect(text.match(NODE_API)?.[0]).toBeUndefined();
    for (const [, spec] of text.matchAll(RELATIVE_IMPORT)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      expect(isPure(target), `${file} imports ${spec}`).toBe(true);
    }
  });
});
