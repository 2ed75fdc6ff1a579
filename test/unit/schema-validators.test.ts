/**
 * The build checks records with ajv's standalone code of the schemas, kept in
 * node_modules/.cache (cache/cached-validators.ts): it must report exactly
 * what ajv itself reports, and an entry made from other schemas, options or
 * ajv version is never run.
 */
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSchemaValidators } from "../../build-scripts/pipeline/cache/cached-validators.ts";
import { compileSchemas } from "../../build-scripts/pipeline/validate/compile-schemas.ts";
import { checkSchema } from "../../build-scripts/pipeline/validate/schema-check.ts";

const video = JSON.parse(await readFile(path.join(import.meta.dirname, "../fixtures/golden-content/videos/edge-cases-video.json"), "utf8"));
const BAD_RECORDS = [
  { ...video, title: undefined, grades: [9], length: "four minutes", extra: 1 },
  { ...video, uuid: "NOT-A-UUID", create_date: "2015-03-11", lessons: "none" },
  "not an object",
];
const cacheFile = async () => path.join(await mkdtemp(path.join(tmpdir(), "validators-")), "schema-validators.cjs");

describe("the schema validators' cache", () => {
  it("keeps ajv's standalone code, and the code reports what ajv reports", async () => {
    const file = await cacheFile();
    await loadSchemaValidators(file); // nothing kept yet: compiled, and kept
    expect(await readFile(file, "utf8")).toMatch(/^\/\/ [0-9a-f]{64}\n"use strict";/);
    const cached = await loadSchemaValidators(file);
    const compiled = compileSchemas();
    for (const record of BAD_RECORDS) {
      const problems = checkSchema(cached, "video", "v.json", record);
      expect(problems.length).toBeGreaterThan(0);
      expect(problems).toEqual(checkSchema(compiled, "video", "v.json", record));
    }
    expect(checkSchema(cached, "video", "v.json", video)).toEqual([]);
  });

  it("runs a kept entry whose key matches, and never one made from anything else", async () => {
    const file = await cacheFile();
    await loadSchemaValidators(file);
    const kept = await readFile(file, "utf8");
    const header = kept.slice(0, kept.indexOf("\n") + 1);
    const acceptsAll =
      "exports.video = () => true; exports.unit = () => true; exports.generic = () => true; exports.translation = () => true;";
    await writeFile(file, `${header}${acceptsAll}`);
    expect(checkSchema(await loadSchemaValidators(file), "video", "v.json", BAD_RECORDS[0])).toEqual([]); // the key matched: run as kept
    await writeFile(file, `// ${"0".repeat(64)}\n${acceptsAll}`);
    expect(checkSchema(await loadSchemaValidators(file), "video", "v.json", BAD_RECORDS[0]).length).toBeGreaterThan(0);
    expect(await readFile(file, "utf8")).toBe(kept); // made again, and kept
  });

  it("makes the validators again when a kept entry with the right key does not run", async () => {
    const file = await cacheFile();
    await loadSchemaValidators(file);
    const kept = await readFile(file, "utf8");
    for (const damaged of [kept.slice(0, kept.length / 2), `${kept.slice(0, kept.indexOf("\n") + 1)}exports.video = () => true;`]) {
      await writeFile(file, damaged);
      expect(checkSchema(await loadSchemaValidators(file), "video", "v.json", BAD_RECORDS[0]).length).toBeGreaterThan(0);
      expect(await readFile(file, "utf8")).toBe(kept);
    }
  });
});
