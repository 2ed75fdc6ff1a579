/**
 * XLIFF 1.2: read by real consumers — translate-toolkit's xliff2po converts it
 * without errors or lost units, and the `xliff` npm parser reads every unit back.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import xliff12ToJs from "xliff/xliff12ToJs";
import { type BuildResult, buildSite, GOLDEN_CONTENT, readOut } from "./helpers/build-site.ts";
import { sharedBuild } from "./helpers/shared-build.ts";

const run = promisify(execFile);
const units = (xliff: string) => [...xliff.matchAll(/<trans-unit /g)].length;

let sample: BuildResult;
let golden: BuildResult;
beforeAll(async () => {
  [sample, golden] = await Promise.all([sharedBuild(), sharedBuild({ CONTENT_DIR: GOLDEN_CONTENT })]);
  expect(sample.code, sample.stderr).toBe(0);
  expect(golden.code, golden.stderr).toBe(0);
});

async function xliff2po(file: string): Promise<{ po: string; stderr: string }> {
  const out = path.join(await mkdtemp(path.join(tmpdir(), "xliff2po-")), "out.po");
  const { stderr } = await run("xliff2po", ["--progress=none", "--errorlevel=traceback", file, out]);
  return { po: await readFile(out, "utf8"), stderr };
}

const poEntries = (po: string) => [...po.matchAll(/^msgid /gm)].length - 1; // minus the header entry

describe.each([["videos"], ["units"], ["lessons"]])("the %s list as XLIFF", (collection) => {
  it("is converted by xliff2po without errors, one PO entry per trans-unit", async () => {
    const file = path.join(sample.outDir, `api/${collection}/index.xliff`);
    const text = await readFile(file, "utf8");
    expect(units(text)).toBeGreaterThan(0);
    const { po, stderr } = await xliff2po(file);
    expect(stderr).toBe("");
    expect(poEntries(po)).toBe(units(text));
  });
});

describe("an XLIFF document", () => {
  const unitFile = "api/units/2c9d4e6f-8a1b-4c3d-9e5f-7a8b9c0d1e2f/index.xliff";

  it("has one <file> per resource, named by the resource url, and stable JSON-pointer ids", async () => {
    const parsed = await xliff12ToJs(await readOut(golden, unitFile));
    expect(parsed.sourceLanguage).toBe("en");
    const [original, units] = Object.entries(parsed.resources)[0] as [string, Record<string, { source: unknown }>];
    expect(original).toBe("https://api.example.test/api/units/2c9d4e6f-8a1b-4c3d-9e5f-7a8b9c0d1e2f");
    expect(Object.keys(units)).toEqual(["/title", "/description", "/overview", "/credits/Other"]);
  });

  it("carries HTML as markup text with datatype html, keeping \\r\\n", async () => {
    const text = await readOut(golden, unitFile);
    expect(text).toMatch(/<trans-unit id="\/overview" resname="overview" datatype="html" xml:space="preserve"><source>&lt;ul&gt;&#13;\n/);
    const { po } = await xliff2po(path.join(golden.outDir, unitFile));
    expect(po).toContain('msgid ""\n"<ul>\\r\\n"');
  });

  it("is the same across builds", async () => {
    const again = await buildSite({ CONTENT_DIR: GOLDEN_CONTENT });
    expect(await readOut(again, unitFile)).toBe(await readOut(golden, unitFile));
  });

  it("lists of every collection are well-formed, including empty ones", async () => {
    for (const collection of ["videos", "units", "tease"]) {
      expect(XMLValidator.validate(await readOut(sample, `api/${collection}/index.xliff`)), collection).toBe(true);
    }
  });
});

describe("an XLIFF answer that is not a resource", () => {
  it("carries its data (an error's detail) as JSON in the file's note, and reads back", async () => {
    const { xliffRenderer } = await import("../build-scripts/core/formats/xliff.ts");
    const { notFoundView } = await import("../build-scripts/core/formats/errors.ts");
    const { siteTree } = await import("../build-scripts/core/translations/site-tree.ts");
    const text = xliffRenderer.document(notFoundView("/api/videos/nope"), siteTree({ baseUrl: "https://api.example.test", siteUrl: "" }));
    expect(XMLValidator.validate(text)).toBe(true);
    expect(text).toContain('<file original="https://api.example.test/api/videos/nope" source-language="en" datatype="plaintext">');
    expect(text).toContain("<header><note>{&quot;detail&quot;:&quot;Not found.&quot;}</note></header>");
  });
});
