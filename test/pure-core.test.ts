/**
 * The pure core runs in Node, at the edge (Deno) and in the browser, so it
 * uses no Node API. Only loading content, writing files, serving and the
 * command line may.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

const PURE = ["catalogue", "config/site-config.ts", "edge", "fields", "formats", "import", "layout", "negotiation", "query", "search", "shim", "validate"];
/** Build-time tools that live beside the code they build. */
const BUILD_TOOLS = new Set(["shim/bundle.ts"]);
const NODE_API = /from "node:|require\(|\bprocess\.|\bBuffer\b|__dirname|import\.meta\.dirname/;
const ROOT = path.join(import.meta.dirname, "../build-scripts");

async function files(entry: string): Promise<string[]> {
  if (entry.endsWith(".ts")) return [entry];
  const names = await readdir(path.join(ROOT, entry), { recursive: true });
  return names.filter((n) => n.endsWith(".ts")).map((n) => path.join(entry, n));
}

describe("the pure core", () => {
  it.each(PURE)("%s uses no Node API", async (entry) => {
    for (const file of await files(entry)) {
      if (BUILD_TOOLS.has(file)) continue;
      const text = await readFile(path.join(ROOT, file), "utf8");
      expect(text.match(NODE_API)?.[0], file).toBeUndefined();
    }
  });
});
