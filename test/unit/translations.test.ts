/**
 * The pure parts of translations: language tags, the paths of a language's
 * tree, the markup check of HTML targets, a record in another language and
 * its `versions`.
 */
import { describe, expect, it } from "vitest";
import type { SourceRecord } from "../../build-scripts/core/catalogue/resource.ts";
import { resolveApiPath, fileOfApiUrl } from "../../build-scripts/core/routes/api-path.ts";
import { isTargetLanguage, normalizeLanguage } from "../../build-scripts/core/translations/languages.ts";
import { localizeRecord, withVersions } from "../../build-scripts/core/translations/localize.ts";
import { markupProblem } from "../../build-scripts/core/translations/markup.ts";
import { PROSE_CREDITS, TRANSLATABLE } from "../../build-scripts/core/translations/translatable.ts";
import { compileSchemas } from "../../build-scripts/pipeline/validate/compile-schemas.ts";
import { checkSchema } from "../../build-scripts/pipeline/validate/schema-check.ts";
import { SCHEMAS } from "../../build-scripts/schemas/schemas.ts";

const UUID = "0d565147-c73f-44cf-9038-addfabc6803e";
const config = { baseUrl: "https://api.example.test", siteUrl: "https://www.example.test", contentDir: "content" };

describe("language tags", () => {
  it.each([
    ["es", "es"],
    ["es_ES", "es-ES"],
    ["PT-br", "pt-BR"],
    ["zh-hant", "zh-Hant"],
    ["es-419", "es-419"],
    ["español", undefined],
    ["", undefined],
  ])("%s is spelled %s", (given, spelled) => expect(normalizeLanguage(given)).toBe(spelled));

  it("takes neither the source language nor the API's own folder", () => {
    expect(isTargetLanguage("fr")).toBe(true);
    expect(isTargetLanguage("en")).toBe(false);
    expect(isTargetLanguage("api")).toBe(false);
    expect(isTargetLanguage("units")).toBe(false);
  });
});

describe("the paths of a language's tree", () => {
  it("name the same views, in that language", () => {
    expect(resolveApiPath(`/fr/api/units/${UUID}`)).toMatchObject({ route: { view: "instance", uuid: UUID }, language: "fr" });
    expect(resolveApiPath("/pt-BR/api/units/index.json")).toMatchObject({
      route: { view: "list" },
      fixedExtension: "json",
      language: "pt-BR",
    });
    expect(resolveApiPath("/fr/api/")).toMatchObject({ route: { view: "root" }, language: "fr" });
    expect(resolveApiPath(`/api/units/${UUID}`)?.language).toBeUndefined();
  });

  it("name nothing below a folder that is no language, or the API's own", () => {
    expect(resolveApiPath("/assets/api/units")).toBeUndefined();
    expect(resolveApiPath("/api/api/units")).toBeUndefined();
    expect(resolveApiPath("/fr/units")).toBeUndefined();
  });

  it("give files in the tree's folder, for the HTML view's links", () => {
    expect(fileOfApiUrl(`${config.baseUrl}/fr/api/units/${UUID}`, config.baseUrl, "html")).toBe(`fr/api/units/${UUID}/index.html`);
    expect(fileOfApiUrl(`${config.baseUrl}/fr/api/units/${UUID}`, `${config.baseUrl}/fr`, "json")).toBe(`api/units/${UUID}/index.json`);
    expect(fileOfApiUrl("https://elsewhere.test/fr/api/units", config.baseUrl, "html")).toBeUndefined();
  });
});

describe("the markup of an HTML target", () => {
  const source = "<p>Line <em>one</em>.</p><p>Two<br>lines</p>";
  it.each([
    ["the same elements", "<p>Ligne <em>une</em>.</p><p>Deux<br>lignes</p>", undefined],
    ["the same elements, moved", "<p><em>Une</em> ligne.</p><p>Deux<br>lignes</p>", undefined],
    ["an element dropped", "<p>Ligne une.</p><p>Deux<br>lignes</p>", "other elements than the source's: 0 <em> where the source has 1"],
    [
      "an element added",
      "<p>Ligne <em>une</em>.</p><p>Deux<br>lignes<b>!</b></p>",
      "other elements than the source's: 1 <b> where the source has 0",
    ],
    ["an element not ended", "<p>Ligne <em>une.</p><p>Deux<br>lignes</p>", 'markup that is not well-formed: "</p>" where "</em>" was due'],
    [
      "a tag cut short",
      "<p>Ligne <em>une</em>.</p><p>Deux<br lignes</p>",
      'markup that is not well-formed: a "<" that opens no tag, at character 34',
    ],
  ])("with %s", (_what, target, problem) => expect(markupProblem(source, target)).toBe(problem));

  describe("held to what its source is", () => {
    // The sample unit's overview (content/units/climate-change-at-the-poles.json) has a bare "<".
    const bare = "<p>Key question: if temperatures stay < 0 °C, why?</p>";
    it.each([
      ["the source itself", bare, undefined],
      ["its bare <, kept", "<p>Question : si les températures restent < 0 °C, pourquoi ?</p>", undefined],
      ["its bare <, spelled as an entity", "<p>Question : si les températures restent &lt; 0 °C, pourquoi ?</p>", undefined],
      [
        "one bare < more than the source",
        "<p>Question : si < les températures restent < 0 °C, pourquoi ?</p>",
        'markup that is not well-formed: 2 "<" that open no tag where the source has 1: a "<" that opens no tag, at character 18; a "<" that opens no tag, at character 45',
      ],
      [
        "an element dropped, beside the bare <",
        "Question : si les températures restent < 0 °C, pourquoi ?",
        "other elements than the source's: 0 <p> where the source has 1",
      ],
      ["an element not ended", "<p>Question : < 0 °C ?", 'markup that is not well-formed: "<p>" never ended'],
    ])("with %s", (_what, target, problem) => expect(markupProblem(bare, target)).toBe(problem));

    it("takes tags that do not nest where the source's do not, with the source's elements still counted", () => {
      const unended = "<p>One<p>Two";
      expect(markupProblem(unended, "<p>Un<p>Deux")).toBeUndefined();
      expect(markupProblem(unended, "<p>Un Deux")).toBe("other elements than the source's: 1 <p> where the source has 2");
    });
  });
});

describe("a record in another language", () => {
  const record = {
    uuid: UUID,
    html_path: "u/",
    title: "Volcanoes",
    description: "<p>Hot</p>",
    overview: "Old text",
    subtitle: "",
  } as SourceRecord;
  const stored = {
    fields: {
      "/title": { source: "Volcanoes", target: "Volcans" },
      "/overview": { source: "Older text", target: "Texte ancien" },
    },
  };

  it("shows current translations, the source elsewhere, and says each text's state", () => {
    const { record: fr, translation } = localizeRecord(record, "fr", stored);
    expect(fr).toMatchObject({ title: "Volcans", description: "<p>Hot</p>", overview: "Old text" });
    expect(translation.units).toEqual({
      "/title": { source: "Volcanoes", target: "Volcans", state: "translated" },
      "/description": { source: "<p>Hot</p>", state: "new" },
      "/overview": { source: "Old text", target: "Texte ancien", state: "needs-review-translation" },
    });
  });

  it("names the other versions in versions, keeping the record's own", () => {
    expect(withVersions(record, config, "units", [])).toBe(record);
    expect(withVersions(record, config, "units", ["es", "fr"]).versions).toEqual({
      es: `${config.baseUrl}/es/api/units/${UUID}`,
      fr: `${config.baseUrl}/fr/api/units/${UUID}`,
    });
    expect(withVersions({ ...record, versions: { old: "x" } }, config, "units", ["es", "fr"], "fr").versions).toEqual({
      old: "x",
      en: `${config.baseUrl}/api/units/${UUID}`,
      es: `${config.baseUrl}/es/api/units/${UUID}`,
    });
  });
});

describe("the stored translations' schema", () => {
  it("allows the pointers of exactly the texts the XLIFF export offers", () => {
    const fields = (SCHEMAS.translation.properties as { fields: { propertyNames: { enum: string[] } } }).fields;
    const pointers = [...TRANSLATABLE.map((field) => `/${field}`), ...PROSE_CREDITS.map((role) => `/credits/${role}`)];
    expect(fields.propertyNames.enum).toEqual(pointers);
  });

  it("refuses a target that is empty or only spaces (its unit would vanish from the translated version)", () => {
    const check = (target: string) =>
      checkSchema(compileSchemas(), "translation", "t.json", { fields: { "/title": { source: "Volcanoes", target } } });
    expect(check("Volcans")).toEqual([]);
    for (const target of ["", " ", "\n\t "])
      expect(
        check(target).map((p) => p.pointer),
        JSON.stringify(target),
      ).toEqual(["/fields/~1title/target"]);
  });
});
