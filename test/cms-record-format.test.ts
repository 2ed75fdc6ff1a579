/**
 * The CMS's record format: every record comes back byte-identical when the
 * editor saves it unchanged, an edit changes only its own line, credits are a
 * list of roles in the form, and dates and line breaks keep the record's shape.
 */
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findCollection } from "../build-scripts/core/catalogue/collections.ts";
import { EDITOR_NOTE, fromFile, toFile, type CreditLine } from "../build-scripts/core/cms/record-format.ts";
import { writeSyntheticCatalogue } from "../bench/synthetic/write-catalogue.ts";
import { PROJECT_DIR } from "./helpers/build-site.ts";

async function* recordFiles(contentDir: string) {
  for (const name of (await readdir(contentDir)).sort()) {
    const kind = findCollection(name)!.kind;
    for (const file of (await readdir(path.join(contentDir, name))).sort()) {
      const full = path.join(contentDir, name, file);
      yield { kind, file: full, text: await readFile(full, "utf8") };
    }
  }
}

/** What Decap does to the data between reading and writing: it forgets the key order. */
const shuffled = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).reverse());

const unlines = (a: string, b: string) => {
  const [x, y] = [a.split("\n"), b.split("\n")];
  return x.length === y.length ? x.filter((line, i) => line !== y[i]).length : Infinity;
};

let synthetic: string | undefined;
afterAll(async () => {
  if (synthetic) await rm(synthetic, { recursive: true, force: true });
});

describe("a record saved unchanged is byte-identical", () => {
  it("for every record of content/", async () => {
    let n = 0;
    for await (const { kind, file, text } of recordFiles(path.join(PROJECT_DIR, "content"))) {
      expect(toFile(kind, shuffled(fromFile(text))), file).toBe(text);
      n++;
    }
    expect(n).toBeGreaterThan(40);
  });

  it("for every record of a synthetic catalogue (npm run bench:data)", async () => {
    synthetic = await mkdtemp(path.join(tmpdir(), "cms-format-"));
    await writeSyntheticCatalogue({ videos: 1500, units: 300, lessons: 150, seed: 7 }, synthetic);
    let n = 0;
    for await (const { kind, file, text } of recordFiles(synthetic)) {
      expect(toFile(kind, shuffled(fromFile(text))), file).toBe(text);
      n++;
    }
    expect(n).toBe(1950);
  });
});

const unitText = await readFile(path.join(PROJECT_DIR, "content/units/ancient-mediterranean-worlds.json"), "utf8");
const videoText = await readFile(path.join(PROJECT_DIR, "content/videos/a-brief-history-of-maps.json"), "utf8");

describe("an edit changes its own line only", () => {
  it("a new title: one line, the credits, the \\r\\n in HTML and the microsecond dates as they were", () => {
    const data = fromFile(unitText);
    const saved = toFile("unit", shuffled({ ...data, title: "Ancient Worlds" }));
    expect(unlines(saved, unitText)).toBe(1);
    expect(saved).toContain('"title": "Ancient Worlds",');
  });

  it("HTML edited in a text box (which gives \\n back) keeps its \\r\\n", () => {
    const data = fromFile(unitText);
    const overview = (JSON.parse(unitText) as { overview: string }).overview;
    const saved = JSON.parse(toFile("unit", { ...data, overview: `${overview.replaceAll("\r\n", "\n")}\n<p>More.</p>` }));
    expect(saved.overview).toBe(`${overview}\r\n<p>More.</p>`);
  });

  it("credits are a list of roles for the form; a unit's Other is one HTML text", () => {
    const credits = fromFile(unitText).credits as CreditLine[];
    expect(credits.map((c) => c.role)).toEqual(["Writer", "Editor", "Expert Reviewer", "Educator Reviewer", "Other"]);
    expect(credits[0]).toEqual({ role: "Writer", names: ["Eleni Papadakis"] });
    expect(credits[4].html).toMatch(/^<p>Translations/);
    const edited = [{ role: "Narrator", names: ["A. Person, Somewhere"] }, ...credits.slice(0, 4), { role: "Other", html: "<p>x</p>" }];
    const saved = JSON.parse(toFile("unit", { ...fromFile(unitText), credits: edited }));
    expect(Object.keys(saved.credits)).toEqual(["Narrator", "Writer", "Editor", "Expert Reviewer", "Educator Reviewer", "Other"]);
    expect(saved.credits.Other).toBe("<p>x</p>");
  });

  it("a date from the picker is written in the collection's precision; a cleared video date is null", () => {
    const video = fromFile(videoText);
    const saved = JSON.parse(toFile("video", { ...video, create_date: "2020-02-03T04:05:06.789Z", modified_date: "" }));
    expect(saved.create_date).toBe("2020-02-03T04:05:06Z");
    expect(saved.modified_date).toBeNull();
    const unit = JSON.parse(toFile("unit", { ...fromFile(unitText), modified_date: new Date("2021-01-02T03:04:05.678Z") }));
    expect(unit.modified_date).toBe("2021-01-02T03:04:05.678000Z");
  });

  it("the editor's note never reaches the file", () => {
    expect(toFile("video", fromFile(videoText))).not.toContain(EDITOR_NOTE);
  });
});

describe("a new record (no file read)", () => {
  it("has every field of its schema, in the schema's order, HTML line breaks as \\r\\n", () => {
    const record = JSON.parse(
      toFile("unit", { title: "New", overview: "<p>a</p>\n<p>b</p>", credits: [{ role: "Writer", names: ["X"] }] }),
    );
    expect(Object.keys(record).slice(0, 6)).toEqual(["$schema", "position", "uuid", "html_path", "title", "subtitle"]);
    expect(record.lessons).toEqual([]);
    expect(record.geologic_time).toBeNull();
    expect(record.overview).toBe("<p>a</p>\r\n<p>b</p>");
    expect(record.credits).toEqual({ Writer: ["X"] });
  });
});
