/**
 * Whatever validates, builds: a record's values may nest arrays and objects
 * MAX_NESTING deep (here a lesson's geologic_time, whose schema takes any
 * value), and every format renders them; one level more, and `validate` and
 * the build both refuse the record, naming its file and the JSON pointer as
 * they name any other problem, never with a stack trace.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FORMATS } from "../build-scripts/core/formats/formats.ts";
import { instanceFile } from "../build-scripts/core/routes/output-tree.ts";
import { MAX_NESTING } from "../build-scripts/pipeline/validate/json-losses.ts";
import { buildSite, GOLDEN_CONTENT, readJson, readOut } from "./helpers/build-site.ts";
import { runCli } from "./helpers/run-cli.ts";
import { tempContent, writeRecord } from "./helpers/temp-content.ts";

const LESSON = "lessons/edge-cases-lesson.json";
const nested = (depth: number): unknown => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`);

/** The golden content with the lesson's geologic_time nested `depth` deep. */
async function contentWith(depth: number): Promise<{ content: string; uuid: string }> {
  const content = await tempContent(GOLDEN_CONTENT);
  const lesson = JSON.parse(await readFile(path.join(content, LESSON), "utf8"));
  await writeRecord(content, LESSON, { ...lesson, geologic_time: nested(depth) });
  return { content, uuid: lesson.uuid };
}

describe("a record's nesting depth", () => {
  it(`builds values nested ${MAX_NESTING} deep, in every format, the value intact`, async () => {
    const { content, uuid } = await contentWith(MAX_NESTING);
    expect((await runCli("validate.ts", [], { CONTENT_DIR: content })).code).toBe(0);
    const build = await buildSite({ CONTENT_DIR: content });
    expect(build.stderr).toBe("");
    expect(build.code).toBe(0);
    const record = await readJson<{ geologic_time: unknown }>(build, instanceFile("lessons", uuid, "json"));
    expect(record.geologic_time).toEqual(nested(MAX_NESTING));
    for (const format of FORMATS) expect((await readOut(build, instanceFile("lessons", uuid, format.extension))).length).toBeGreaterThan(0);
  });

  it.each([MAX_NESTING + 1, 4000])("refuses values nested %i deep in validate and in the build, naming file and pointer", async (depth) => {
    const { content } = await contentWith(depth);
    const pointer = `/geologic_time${"/0".repeat(MAX_NESTING)}`;
    for (const run of [await runCli("validate.ts", [], { CONTENT_DIR: content }), await buildSite({ CONTENT_DIR: content })]) {
      const said = run.stdout + run.stderr;
      expect(run.code).toBe(1);
      expect(said).toContain(`${LESSON}  ${pointer}\n    expected: arrays and objects nested at most ${MAX_NESTING} deep in the record\n`);
      expect(said).toContain(`nested ${MAX_NESTING + 1} deep`);
      expect(said).not.toMatch(/Maximum call stack|\n\s+at /);
    }
  });
});
