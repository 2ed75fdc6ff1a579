/**
 * The CMS's configuration is generated from the record schemas: every field
 * of a schema is in the form, in the record's order, with the widget its
 * definition calls for, the schema's title as its label, an example or the
 * description's rule as its hint, and the fields an editor fills in required. A schema
 * that gains, loses or retypes a field fails here until the table below (and
 * so the generator) agrees. A new entry made from the form's defaults is valid.
 */
import AjvModule from "ajv";
import { describe, expect, it } from "vitest";
import { COLLECTIONS, findCollection, type ResourceKind } from "../build-scripts/core/catalogue/collections.ts";
import { recordKeys } from "../build-scripts/core/catalogue/resource.ts";
import { cmsConfig, fieldHint, recordFields, CUSTOM_WIDGETS } from "../build-scripts/core/cms/cms-config.ts";
import { folderFacts, newEntryFields } from "../build-scripts/core/cms/new-entry.ts";
import { toFile } from "../build-scripts/core/cms/record-format.ts";
import { isUnfilled } from "../build-scripts/pipeline/validate/fill-in.ts";
import { FILL_IN, propertySchema, SCHEMAS } from "../build-scripts/schemas/schemas.ts";

const shared = {
  $schema: "hidden",
  position: "hidden",
  uuid: "hidden",
  html_path: "catalogue-html-path",
  title: "string",
  credits: "list",
  appropriate_for: "list",
  geologic_time: "hidden",
  subjects: "list",
  grades: "select",
  eras: "hidden",
  create_date: "datetime",
  modified_date: "datetime",
  versions: "hidden",
};

/** The widget of every field of every kind of record. */
const WIDGETS: Record<ResourceKind, Record<string, string>> = {
  video: {
    ...shared,
    video_id: "string",
    formats: "hidden",
    length: "string",
    description: "text",
    content: "string",
    relevant_start: "hidden",
    relevant_end: "hidden",
  },
  unit: { ...shared, subtitle: "text", description: "text", key_image: "string", overview: "text", lessons: "catalogue-lessons" },
  generic: { ...shared, description: "text" },
};

const KINDS = Object.keys(WIDGETS) as ResourceKind[];
const schemaOf = (kind: ResourceKind) => SCHEMAS[kind] as { properties: Record<string, unknown> };

describe("the form of each kind of record", () => {
  it.each(KINDS)("%s: every field of the schema, in the record's order, none derived", (kind) => {
    const names = recordFields(kind, new Set(["lessons"])).map((f) => f.name);
    expect(names).toEqual(recordKeys(kind));
    expect([...names].sort()).toEqual(Object.keys(schemaOf(kind).properties).sort());
    for (const derived of ["url", "html_url", "content_type"]) expect(names).not.toContain(derived);
  });

  it.each(KINDS)("%s: the widget each field's schema calls for, its title as the label, an example or a rule as its hint", (kind) => {
    const fields = recordFields(kind, new Set(["lessons"]));
    expect(Object.fromEntries(fields.map((f) => [f.name, f.widget]))).toEqual(WIDGETS[kind]);
    for (const f of fields) expect(f.hint, f.name).toBe(fieldHint(propertySchema(kind, f.name)));
    for (const f of fields.filter((f) => f.widget !== "hidden")) {
      expect(f.label, f.name).toBe(propertySchema(kind, f.name)?.title);
      expect(f.label, f.name).toMatch(/^[A-Z][A-Za-z]*( [A-Za-z]+)*$/);
      // An example or a rule, never only the type.
      expect(f.hint, f.name).not.toMatch(/^(an? (string|object|array)( of (strings|HTML markup|grade strings))?)$/);
    }
    // What an editor fills in is required; the rest may stay empty.
    for (const f of fields.filter((f) => ["string", "text"].includes(f.widget)))
      expect(f.required, f.name).toBe(FILL_IN[kind].includes(f.name));
    // Patterns are the schema's; dates are required where the schema has no null.
    for (const f of fields.filter((f) => f.pattern))
      expect((f.pattern as string[])[0]).toBe((propertySchema(kind, f.name) as { pattern?: string }).pattern);
    for (const f of fields.filter((f) => f.widget === "datetime"))
      expect(f.required, f.name).toBe(![propertySchema(kind, f.name)?.type].flat().includes("null"));
  });

  it("a unit's lessons are the form's own picker (published lessons by title, stored as UUIDs); a list of UUIDs without lessons", () => {
    const lessons = (collections: string[]) => recordFields("unit", new Set(collections)).find((f) => f.name === "lessons");
    expect(lessons(["lessons"])).toMatchObject({ widget: CUSTOM_WIDGETS.lessons, default: [], required: false });
    expect(lessons([])).toMatchObject({ widget: "list", field: { widget: "string" } });
  });

  it("html_path is optional, with the schema's pattern and rule, in the widget that refuses emptying a published record's", () => {
    const htmlPath = recordFields("video", new Set()).find((f) => f.name === "html_path");
    const schema = propertySchema("video", "html_path") as { pattern: string; description: string };
    expect(htmlPath).toMatchObject({ widget: CUSTOM_WIDGETS.htmlPath, required: false, pattern: [schema.pattern, schema.description] });
  });

  it.each(KINDS)("%s: a new entry from the form's defaults is a valid record (fields to fill in are warnings)", (kind) => {
    const collection = COLLECTIONS.find((c) => c.kind === kind)!;
    // Decap gives a field its default ("{{now}}" becomes the time) and the admin script adds the rest before saving.
    const data = Object.fromEntries(
      recordFields(kind, new Set(["lessons"]))
        .filter((f) => "default" in f && f.default !== "{{now}}")
        .map((f) => [f.name, f.default]),
    );
    const fields = newEntryFields(
      { ...data, title: "A New Record" },
      folderFacts(collection, "content", []),
      "0d2a5d8e-3c1b-4d8e-9d3f-6a1b2c3d4e5f",
    );
    const record = JSON.parse(toFile(kind, { ...data, ...fields }));
    expect(Object.keys(record)).toEqual(recordKeys(kind));
    expect(record).toMatchObject({ position: 1, html_path: `education/${collection.contentType}/a-new-record/` });
    const Ajv = ((AjvModule as { default?: unknown }).default ?? AjvModule) as typeof AjvModule.default;
    const validate = new Ajv({ strict: false }).addSchema(SCHEMAS.common).compile(SCHEMAS[kind]);
    validate(record);
    const errors = (validate.errors ?? []).filter((e) => !isUnfilled(kind, e.instancePath.slice(1), record[e.instancePath.slice(1)]));
    expect(errors).toEqual([]);
  });
});

describe("the configuration", () => {
  it("has a collection for each collection given, its folder in the repository's content folder", () => {
    const collections = ["lessons", "units", "videos"].map((name) => findCollection(name)!);
    const config = cmsConfig({ collections, contentDir: "content", repo: "org/site", branch: "main", editorialWorkflow: true });
    expect(config).toMatchObject({ backend: { name: "github", repo: "org/site", branch: "main" }, publish_mode: "editorial_workflow" });
    const made = config.collections as { name: string; folder: string; format: string }[];
    expect(made.map((c) => [c.name, c.folder, c.format])).toEqual([
      ["lessons", "content/lessons", "catalogue-generic"],
      ["units", "content/units", "catalogue-unit"],
      ["videos", "content/videos", "catalogue-video"],
    ]);
  });

  it("offers nothing that reads every record of a collection: no sorting, no Decap search (the find box answers instead)", () => {
    const config = cmsConfig({
      collections: [findCollection("videos")!],
      contentDir: "content",
      repo: "o/s",
      branch: "main",
      editorialWorkflow: false,
    });
    expect(config.search).toBe(false);
    expect((config.collections as { sortable_fields: unknown[] }[]).map((c) => c.sortable_fields)).toEqual([[]]);
  });
});
