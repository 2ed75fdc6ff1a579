/**
 * Decap CMS's configuration, generated from the records' JSON Schemas and the
 * collection table, so the editor's form can never drift from what validation
 * checks: one collection per collection with records, its fields in the
 * record's order, a widget per schema definition, each field's schema title as
 * its label and its examples or description as its hint; the fields an editor
 * fills in (FILL_IN) are required, with the schema's pattern checked before
 * saving. Derived fields (`url`, `html_url`, `content_type`) are not records'
 * fields and so never appear.
 */
import type { Collection, ResourceKind } from "../catalogue/collections.ts";
import { OPTIONAL_DEFAULTS, recordKeys, type Json, type JsonObject } from "../catalogue/resource.ts";
import { FILL_IN, isNullable, propertySchema, SCHEMAS, type PropertySchema } from "../../schemas/schemas.ts";
import type { FolderFacts } from "./new-entry.ts";
import { FILE_SLUG, HTML_CREDIT_ROLE, usesDefinition } from "./record-format.ts";

/** The form's own widgets (registered by the admin page's script: runtime/browser/admin-widgets.ts). */
export const CUSTOM_WIDGETS = {
  /** html_path: may be changed, not emptied, on a record the site has published. */
  htmlPath: "catalogue-html-path",
  /** A unit's lessons: picked by title from the published lessons index, stored as their UUIDs. */
  lessons: "catalogue-lessons",
} as const;

/** The custom format of a kind of record (registered by the admin page's script). */
export const formatName = (kind: ResourceKind) => `catalogue-${kind}`;

export interface CmsConfigInput {
  /** The collections to edit: those with records. */
  readonly collections: readonly Collection[];
  /** The content folder as the repository names it (package.json's config.contentDir). */
  readonly contentDir: string;
  /** The production backend: a GitHub repository "owner/name" and its branch. */
  readonly repo: string;
  readonly branch: string;
  /** The OAuth provider's address (Decap's `base_url`), if not Netlify's. */
  readonly oauthUrl?: string;
  /** Another server answering GitHub's API (Decap's `api_root`): the tests' and the benchmark's. */
  readonly apiRoot?: string;
  /** Drafts as pull requests (Decap's editorial workflow). */
  readonly editorialWorkflow: boolean;
}

export type DecapField = JsonObject & { name: string; widget: string };

export function cmsConfig(input: CmsConfigInput): JsonObject {
  const names = new Set(input.collections.map((c) => c.name));
  return {
    load_config_file: false,
    backend: {
      name: "github",
      repo: input.repo,
      branch: input.branch,
      ...(input.oauthUrl ? { base_url: input.oauthUrl } : {}),
      ...(input.apiRoot ? { api_root: input.apiRoot } : {}),
    },
    ...(input.editorialWorkflow ? { publish_mode: "editorial_workflow" } : {}),
    // Decap's search reads every record of every collection: the admin page's find box answers from the published index instead.
    search: false,
    // No field takes uploads; Decap needs a media folder all the same.
    media_folder: `${input.contentDir}/.media`,
    collections: input.collections.map((collection) => ({
      name: collection.name,
      label: collection.name,
      label_singular: collection.label,
      folder: `${input.contentDir}/${collection.name}`,
      extension: "json",
      format: formatName(collection.kind),
      create: true,
      identifier_field: "title",
      // The file name: the project's slug rule, set on a new entry before it is saved (admin script).
      slug: `{{${FILE_SLUG}}}`,
      summary: "{{title}}",
      // Sorting reads every record of the folder (a file and a commit look-up each, on GitHub): none is offered.
      sortable_fields: [],
      fields: recordFields(collection.kind, names),
    })),
  };
}

/** The form's fields of a kind of record, in the record's order. */
export function recordFields(kind: ResourceKind, collections: ReadonlySet<string>): DecapField[] {
  return recordKeys(kind).map((name) => {
    const schema = propertySchema(kind, name);
    const hint = fieldHint(schema);
    return { name, label: schema?.title ?? name, ...(hint ? { hint } : {}), ...widget(kind, name, collections) };
  });
}

/** An example where the schema gives one (its description then says only the type), else the description's rule. */
export function fieldHint(schema: PropertySchema | undefined): string | undefined {
  const [example] = schema?.examples ?? [];
  if (example === undefined) return schema?.description;
  return `Like ${[example].flat().map(quoted).join(", ")}`;
}

const quoted = (value: unknown) => `“${String(value)}”`;

type Widget = JsonObject & { widget: string };

const optional = { required: false };

function widget(kind: ResourceKind, field: string, collections: ReadonlySet<string>): Widget {
  const uses = (definition: keyof typeof SCHEMAS.common.definitions) => usesDefinition(kind, field, definition);
  // Decap refuses to save without these, naming the field.
  const filledIn = { required: FILL_IN[kind].includes(field) };
  const schema = propertySchema(kind, field) as { type?: string | string[]; pattern?: string; description?: string } | undefined;
  // Kept as they are; set on a new entry before it is saved.
  if (uses("schema") || uses("position") || uses("uuid")) return { widget: "hidden" };
  if (field in OPTIONAL_DEFAULTS) return { widget: "hidden", default: OPTIONAL_DEFAULTS[field]() };
  if (field === "credits") return creditsWidget(kind);
  if (uses("grades")) return { widget: "select", multiple: true, options: GRADES, default: [], ...optional };
  if (uses("strings")) return { widget: "list", field: { name: "item", label: "item", widget: "string" }, default: [], ...optional };
  if (uses("secondDate") || uses("microsecondDate") || uses("anyDate"))
    // Required where the schema has no null: the form refuses an empty date rather than the build.
    // A new record is created and modified now, as with `npm run new`.
    return { widget: "datetime", picker_utc: true, default: "{{now}}", required: !isNullable(schema) };
  if (field === "lessons") return lessonsWidget(collections);
  if (uses("text") && field === "title") return { widget: "string", default: "", ...filledIn };
  // Optional: a new record's empty one is made from its title; an existing record's cannot be emptied (the widget says so).
  if (uses("htmlPath")) return { widget: CUSTOM_WIDGETS.htmlPath, default: "", pattern: schemaPattern(schema), ...optional };
  // HTML as markup in a text box: a rich-text or markdown editor would rewrite it.
  if (uses("text") || uses("html")) return { widget: "text", default: "", ...filledIn };
  if (schema?.type === "string") {
    const pattern: JsonObject = schema.pattern ? { pattern: schemaPattern(schema) } : {};
    return { widget: "string", default: "", ...pattern, ...filledIn };
  }
  throw new Error(`The CMS has no widget for ${kind} field "${field}" (${JSON.stringify(schema)}): add one in core/cms/cms-config.ts.`);
}

/** Decap checks the pattern of a required field, and of an optional one when it is not empty, naming the rule if it fails. */
const schemaPattern = (schema: { pattern?: string; description?: string } | undefined): Json[] => [
  schema?.pattern ?? "",
  schema?.description ?? schema?.pattern ?? "",
];

/** 13 is higher education (common.schema.json's grades). */
const GRADES: Json[] = Array.from({ length: 14 }, (_, n) => ({
  label: n === 0 ? "0 (kindergarten)" : n === 13 ? "13 (higher education)" : String(n),
  value: String(n),
}));

function creditsWidget(kind: ResourceKind): Widget {
  const names = { name: "names", label: "names", widget: "list", field: { name: "name", label: "name", widget: "string" }, ...optional };
  const html = { name: "html", label: `text (role ${HTML_CREDIT_ROLE} only)`, widget: "text", hint: "HTML markup", ...optional };
  return {
    widget: "list",
    label_singular: "credit",
    summary: "{{fields.role}}",
    default: [],
    ...optional,
    fields: [{ name: "role", label: "role", widget: "string" }, names, ...(kind === "unit" ? [html] : [])],
  };
}

/** A unit's lessons by their title (stored as lesson UUIDs); a list of UUIDs if the site has no lessons to pick from. */
function lessonsWidget(collections: ReadonlySet<string>): Widget {
  if (!collections.has("lessons"))
    return { widget: "list", field: { name: "uuid", label: "uuid", widget: "string" }, default: [], ...optional };
  return { widget: CUSTOM_WIDGETS.lessons, default: [], ...optional };
}

/** What the admin page reads (admin/config.json): Decap's configuration, the site's addresses for the preview, and each collection's facts for new entries as of the build. */
export interface AdminSettings {
  readonly cms: JsonObject;
  readonly site: { readonly baseUrl: string; readonly siteUrl: string };
  readonly contentDir: string;
  readonly folders: Readonly<Record<string, FolderFacts>>;
}
