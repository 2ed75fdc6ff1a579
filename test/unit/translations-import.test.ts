/**
 * What translations:import makes of a translated XLIFF file (read with
 * fast-xml-parser): which units it imports, which it skips and why, and which
 * it refuses. The command itself, with translate-toolkit's files, is tested in
 * test/translations.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { Catalogue } from "../../build-scripts/core/catalogue/catalogue.ts";
import { findCollection } from "../../build-scripts/core/catalogue/collections.ts";
import type { SourceRecord } from "../../build-scripts/core/catalogue/resource.ts";
import { entriesByKey } from "../../build-scripts/core/translations/localize.ts";
import { planImport } from "../../build-scripts/tools/translations/plan-import.ts";
import { readXliff } from "../../build-scripts/tools/translations/read-xliff.ts";

const UUID = "0d565147-c73f-44cf-9038-addfabc6803e";
const record = {
  uuid: UUID,
  html_path: "u/",
  title: "Volcanoes",
  subtitle: "Hot & high",
  description: "<p>Lava <em>flows</em></p>",
  overview: "Overview",
  credits: { Other: "Made for classrooms" },
} as unknown as SourceRecord;
const catalogue: Catalogue = {
  lists: new Map([["units", [{ collection: findCollection("units")!, record, file: "content/units/u.json", digest: "u" }]]]),
};

const unit = (id: string, source: string, target: string, attributes = "") =>
  `<trans-unit id="${id}"${attributes}><source>${source}</source>${target}</trans-unit>`;

const xliff = (files: string) =>
  `<?xml version="1.0" encoding="utf-8"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">${files}</xliff>`;

const file = (original: string, body: string, language = ' target-language="es_ES"') =>
  `<file original="${original}" source-language="en"${language} datatype="plaintext"><body>${body}</body></file>`;

function plan(text: string, lang?: string) {
  const files = readXliff(text);
  if ("error" in files) throw new Error(files.error);
  return planImport([{ input: "in.xliff", files }], entriesByKey(catalogue), lang);
}

describe("a translated XLIFF file", () => {
  const text = xliff(
    file(
      `https://anywhere.test/api/units/${UUID}`,
      [
        unit("/title", "Volcanoes", "<target>Volcanes</target>"),
        unit("/subtitle", "Hot &amp; high", '<target state="needs-translation">x</target>'),
        unit("/overview", "Overview", '<target state="new"/>'),
        unit("/credits/Other", "Made for classrooms", "<target>   </target>"),
        unit(
          "/description",
          "&lt;p&gt;Lava &lt;em&gt;flows&lt;/em&gt;&lt;/p&gt;",
          '<target>&lt;p&gt;Lava <g id="1">x</g>&lt;/p&gt;</target>',
          ' datatype="html"',
        ),
        unit("/url", "https://anywhere.test", "<target>x</target>"),
      ].join(""),
    ) + file("https://anywhere.test/api/units", unit("/title", "Other", "<target>Otro</target>")),
  );

  it("imports each translated unit in its file's language, with the source it was made from", () => {
    expect(plan(text).texts).toEqual([
      {
        input: "in.xliff",
        language: "es-ES",
        collection: "units",
        uuid: UUID,
        pointer: "/title",
        source: "Volcanoes",
        target: "Volcanes",
        stale: false,
      },
    ]);
  });

  it("says why it skipped each other unit", () => {
    expect(plan(text).skipped.map((s) => [s.id, s.reason])).toEqual([
      ["/subtitle", 'state="needs-translation"'],
      ["/overview", "empty target"],
      ["/credits/Other", "empty target"],
      ["/description", "the target holds inline elements (<g>, <x/>…), which the importer does not read"],
      ["/url", `unknown id: units/${UUID} has no translatable text there`],
      [
        "/title",
        '<file original="https://anywhere.test/api/units"> is not a resource of this catalogue, and no resource\'s <file> in in.xliff has this text',
      ],
    ]);
  });

  it("refuses an HTML target that drops the source's elements, and a unit with no language", () => {
    const broken = xliff(
      file(
        `/fr/api/units/${UUID}`,
        unit(
          "/description",
          "&lt;p&gt;Lava &lt;em&gt;flows&lt;/em&gt;&lt;/p&gt;",
          "<target>&lt;p&gt;Lave&lt;/p&gt;</target>",
          ' datatype="html"',
        ) + unit("/title", "Volcanoes", "<target>Volcans</target>"),
        "",
      ),
    );
    expect(plan(broken).errors).toEqual([
      `in.xliff: <file original="/fr/api/units/${UUID}">, <trans-unit id="/description">: no target-language on the <file>, and no --lang: say which language the translation is in`,
      `in.xliff: <file original="/fr/api/units/${UUID}">, <trans-unit id="/title">: no target-language on the <file>, and no --lang: say which language the translation is in`,
    ]);
    const withLang = plan(broken, "fr");
    expect(withLang.errors).toEqual([
      `in.xliff: <file original="/fr/api/units/${UUID}">, <trans-unit id="/description">: refused: the source is HTML, and the target has other elements than the source's: 0 <em> where the source has 1`,
    ]);
    expect(withLang.texts.map((t) => [t.language, t.pointer, t.target])).toEqual([["fr", "/title", "Volcans"]]);
  });

  it("is not XML, or not XLIFF: said so", () => {
    expect(readXliff("<xliff><file>")).toMatchObject({ error: expect.stringMatching(/^not well-formed XML: .* \(line 1, column \d+\)$/) });
    expect(readXliff("<html/>")).toEqual({ error: "XML whose root element is not <xliff>" });
  });
});
