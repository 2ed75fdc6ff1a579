/**
 * The mirror's script copies of the search files: made from the published
 * bytes, and refused, naming the file, when those are not UTF-8 (a copy must
 * keep them exactly).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { offlineFiles } from "../../build-scripts/pipeline/mirror/offline-files.ts";
import { scriptWrapped } from "../../build-scripts/core/query/script-copies.ts";
import type { InMemoryFile } from "../../build-scripts/pipeline/mirror/write-archive.ts";

const siteDir = mkdtempSync(path.join(tmpdir(), "offline-files-"));
afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

function publish(file: string, data: string | Uint8Array) {
  mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
  writeFileSync(path.join(siteDir, file), data);
}

describe("offlineFiles", () => {
  it("wraps the layout, each manifest and the files it names; refuses bytes that are not UTF-8, naming the file", async () => {
    const files = { terms: ["terms-0.txt"], fragments: [], records: ["records-0.json"], uuids: [], columns: {} };
    publish("search/layout.json", "{}");
    publish("search/videos/index.json", JSON.stringify({ files }));
    publish("search/videos/files/terms-0.txt", "océan\t1\n");
    publish("search/videos/files/records-0.json", Uint8Array.of(0x5b, 0xc3, 0x28, 0x5d)); // a lone lead byte
    const made: InMemoryFile[] = [];
    for await (const file of offlineFiles(siteDir)) made.push(file);
    expect(made.map((file) => file.name)).toEqual([
      "search/layout.json.js",
      "search/videos/index.json.js",
      "search/videos/files/terms-0.txt.js",
      "search/videos/files/records-0.json.js",
    ]);
    expect(made[2].data).toEqual(scriptWrapped(new TextEncoder().encode("océan\t1\n")));
    expect(() => made[3].data).toThrow(
      `${path.join(siteDir, "search/videos/files/records-0.json")}: expected UTF-8 text, found bytes that are not; build the site again.`,
    );
  });
});
