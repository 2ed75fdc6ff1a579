/**
 * The API's OpenAPI 3.1 description (published as /openapi.json): every path
 * the API answers — the root, each list, each resource — with its query
 * parameters, the four media types of each answer (from the format table),
 * DRF's error bodies, the Allow and Vary headers and OPTIONS' metadata. The
 * response schemas come from the record schemas (resource-schemas.ts). Pure:
 * the build writes it (templates/openapi.11ty.ts), the tests validate real
 * answers against it.
 */
import { COLLECTIONS, type Collection } from "../catalogue/collections.ts";
import { FIELD_ORDER, type JsonObject } from "../catalogue/resource.ts";
import type { SiteConfig } from "../catalogue/site-config.ts";
import { methodNotAllowedView, notAcceptableView, notFoundView } from "../formats/errors.ts";
import { FORMAT_TABLE, formatNamed, inWords, type FormatName } from "../format-table.ts";
import { metadataView } from "../formats/metadata.ts";
import { ROOT_NAME, instanceName, listName } from "../formats/views.ts";
import { ALLOW, API_HEADERS } from "../routes/api-headers.ts";
import { SOURCE_LANGUAGE } from "../translations/languages.ts";
import { PROSE_CREDITS, TRANSLATABLE } from "../translations/translatable.ts";
import { XLIFF_NAMESPACE } from "../formats/xliff.ts";
import { routePath, type ApiRoute } from "../routes/api-path.ts";
import {
  apiAddress,
  fieldsSchemaName,
  pascal,
  ref,
  resourceComponents,
  resourceSchemaName,
  XML_LIST_ITEM,
  XML_ROOT,
  type RecordSchemas,
  type Schema,
} from "./resource-schemas.ts";

const OPENAPI_VERSION = "3.1.1";

/** Which formats carry the answer's data (JSON, and DRF's XML of the same structure), and what the others are. */
const BODIES: Record<FormatName, "data" | Schema> = {
  api: ref("HtmlView"),
  json: "data",
  xml: "data",
  xliff: ref("XliffDocument"),
};

/** An answer's body in each media type of the format table; `data` is its structure as JSON (and XML) carry it. */
const content = (data: Schema): JsonObject =>
  Object.fromEntries(
    FORMAT_TABLE.map((format) => {
      const body = BODIES[format.name];
      return [format.mediaType, { schema: body === "data" ? data : body }];
    }),
  );

const ANSWER_HEADERS = { Allow: ref("Allow", "headers"), Vary: ref("Vary", "headers") };

const response = (description: string, data?: Schema, headers: JsonObject = {}): JsonObject => ({
  description,
  headers: { ...ANSWER_HEADERS, ...headers },
  ...(data ? { content: content(data) } : {}),
});

const responseRef = (name: string) => ref(name, "responses");
const parameterRef = (name: string) => ref(name, "parameters");

/** The errors any GET, HEAD or OPTIONS may answer. */
const ERRORS = { "404": responseRef("NotFound"), "406": responseRef("NotAcceptable") };

/** A view's data as one document of DRF's XML (<root>), and its schema in JSON. */
const document = (schema: Schema): Schema => ({ ...schema, xml: XML_ROOT });

/** A resource as a plain answer carries it, or narrowed by `fields`. */
const resourceAnswer = (collection: Collection): Schema => ({
  anyOf: [ref(resourceSchemaName(collection)), ref(fieldsSchemaName(collection))],
});

const FILE_HEADERS = { "Content-Location": ref("ContentLocation", "headers"), "Content-Disposition": ref("ContentDisposition", "headers") };

/** One view of the API as OpenAPI names it; its tag and name follow from its route. */
interface View {
  readonly route: ApiRoute;
  readonly path: string;
  /** The name of its answer's component: `ApiRoot`, `VideosList`, `VideoInstance`. */
  readonly id: string;
  readonly data: Schema;
  readonly parameters: readonly JsonObject[];
}

/** DRF's name of the view ("Video List") and the description OPTIONS gives. */
const described = (view: View) => metadataView(view.route, view.path).data as { name: string; description: string };
const tagOf = ({ route }: View) => (route.view === "root" ? "api" : route.collection.name);

/**
 * GET, HEAD and OPTIONS of one view; the view's answer is a component of its
 * own (`VideosList`, `VideoInstance`). `localized`: the same view in a
 * language's tree (`/{lang}/api/…`), whose answers have the same shape.
 */
function pathItem(view: View, localized = false): JsonObject {
  const { name, description } = described(view);
  const negotiation = [parameterRef("format"), parameterRef("accept")];
  const pathParameters = [...(localized ? [parameterRef("lang")] : []), ...(view.route.view === "instance" ? [parameterRef("uuid")] : [])];
  const operation = (method: string, summary: string, ok: JsonObject, parameters: readonly JsonObject[]) => ({
    operationId: `${method}${localized ? "Localized" : ""}${view.id}`,
    tags: [tagOf(view)],
    summary,
    parameters: [...parameters, ...negotiation],
    responses: { "200": ok, ...ERRORS },
  });
  return {
    summary: name,
    description: "Other methods are answered 405 (`#/components/responses/MethodNotAllowed`).",
    ...(pathParameters.length ? { parameters: pathParameters } : {}),
    get: operation("get", description, responseRef(view.id), view.parameters),
    head: operation("head", "As GET, without the body.", responseRef("Head"), view.parameters),
    options: operation(
      "options",
      "DRF's metadata of the view: its name, description and the media types it renders and parses.",
      responseRef("Metadata"),
      [],
    ),
  };
}

function views(): View[] {
  const root: View = {
    route: { view: "root" },
    path: routePath({ view: "root" }),
    id: "ApiRoot",
    data: document(ref("ApiRoot")),
    parameters: [],
  };
  const out = [root];
  for (const collection of COLLECTIONS) {
    const fields = parameterRef(`fields.${collection.kind}`);
    const list = { view: "list", collection, page: 1 } as const;
    out.push({
      route: list,
      path: routePath(list),
      id: `${pascal(collection.name)}List`,
      data: { type: "array", items: { ...resourceAnswer(collection), xml: XML_LIST_ITEM }, xml: { ...XML_ROOT, wrapped: true } },
      parameters: [parameterRef("search"), fields],
    });
    const instance = { view: "instance", collection, uuid: "{uuid}" } as const;
    out.push({
      route: instance,
      path: routePath(instance),
      id: `${pascal(collection.label)}Instance`,
      data: document(resourceAnswer(collection)),
      parameters: [fields],
    });
  }
  return out;
}

const mediaTypes = FORMAT_TABLE.map((f) => f.mediaType);

function parameters(languages: readonly string[]): JsonObject {
  const fields = Object.fromEntries(
    Object.entries(FIELD_ORDER).map(([kind, order]) => [
      `fields.${kind}`,
      {
        name: "fields",
        in: "query",
        description:
          "Only these fields, comma-separated (the spec's `{title,uuid}` also works); each resource keeps its own field order, unknown names are ignored, an empty value gives every field.",
        style: "form",
        explode: false,
        schema: { type: "array", items: { type: "string", enum: [...order] } },
      },
    ]),
  );
  return {
    ...(languages.length
      ? {
          lang: {
            name: "lang",
            in: "path",
            required: true,
            description: `A language this build has translations in: its tree holds every resource, translated where a translation exists, in the source language (${SOURCE_LANGUAGE}) elsewhere (docs/translations.md).`,
            schema: { type: "string", enum: [...languages] },
          },
        }
      : {}),
    uuid: {
      name: "uuid",
      in: "path",
      required: true,
      description: "The resource's UUID.",
      schema: ref("Uuid"),
    },
    search: {
      name: "search",
      in: "query",
      description:
        "Narrows the list to the resources that match every word (AND, as DRF's SearchFilter); a word matches the start of a word of a searched field, or its stem, ignoring case and accents. No match gives an empty list.",
      schema: { type: "string" },
    },
    ...fields,
    format: {
      name: "format",
      in: "query",
      description:
        "The format of the answer, for clients that cannot set the Accept header; wins over `accept` and Accept. An unknown value is a 404.",
      schema: { type: "string", enum: FORMAT_TABLE.map((f) => f.name) },
    },
    accept: {
      name: "accept",
      in: "query",
      description: "A media type, read as an Accept header would be (the same purpose as `format`); wins over the Accept header.",
      schema: { type: "string", enum: mediaTypes },
    },
  };
}

/** An error answer: DRF's body, `detail` as the API words it. */
const errorResponse = (description: string, data: JsonObject) =>
  response(`${description} Body: \`${JSON.stringify(data)}\`.`, document(ref("ApiError")));

/** The named schemas: the API root, every resource (resource-schemas.ts), DRF's error and metadata bodies, the documents. */
export function schemaComponents(schemas: RecordSchemas): Record<string, Schema> {
  return {
    ApiRoot: {
      type: "object",
      description: "Each collection's name → the address of its list in the HTML view, {base_url}/api/<collection>?format=api.",
      required: COLLECTIONS.map((c) => c.name),
      properties: Object.fromEntries(COLLECTIONS.map((c) => [c.name, { type: "string", pattern: apiAddress(`${c.name}\\?format=api`) }])),
      additionalProperties: false,
    },
    ...resourceComponents(schemas),
    ApiError: {
      type: "object",
      description: 'Django REST Framework\'s error body: {"detail": "…"}.',
      required: ["detail"],
      properties: { detail: { type: "string" } },
      additionalProperties: false,
    },
    Metadata: {
      type: "object",
      description: "Django REST Framework's answer to OPTIONS (SimpleMetadata).",
      required: ["name", "description", "renders", "parses"],
      properties: {
        name: { type: "string", description: 'the view\'s name: "Api Root", "Video List", "Video Instance", …' },
        description: { type: "string" },
        renders: { type: "array", items: { type: "string", enum: mediaTypes, xml: XML_LIST_ITEM }, xml: { wrapped: true } },
        parses: { type: "array", items: { type: "string", xml: XML_LIST_ITEM }, xml: { wrapped: true } },
      },
      additionalProperties: false,
    },
    HtmlView: {
      type: "string",
      description: "The browsable HTML view (after DRF's): the request, the status and headers, the data pretty-printed, every URL a link.",
    },
    XliffDocument: {
      type: "string",
      description: XLIFF_STRUCTURE,
    },
  };
}

function components(all: readonly View[], schemas: RecordSchemas, languages: readonly string[]): JsonObject {
  return {
    schemas: schemaComponents(schemas),
    parameters: parameters(languages),
    headers: {
      Allow: { description: "The methods the view answers.", required: true, schema: { type: "string", const: ALLOW } },
      Vary: { description: "Answers depend on the Accept header.", required: true, schema: { type: "string", const: API_HEADERS.Vary } },
      ContentLocation: {
        description: "The published file that was served (`/api/videos/index.json`); absent from answers made for `search` or `fields`.",
        schema: { type: "string" },
      },
      ContentDisposition: {
        description: 'XLIFF only: `attachment; filename="videos-<uuid>.xliff"`, named after the view.',
        schema: { type: "string" },
      },
    },
    responses: {
      ...Object.fromEntries(
        all.map((view) => [view.id, response(`${described(view).name}, in the negotiated format.`, view.data, FILE_HEADERS)]),
      ),
      Head: response("The headers GET would answer with.", undefined, FILE_HEADERS),
      Metadata: response("The view's metadata.", document(ref("Metadata"))),
      NotFound: errorResponse(
        "No such resource, no view at this address, or an unknown `format` (answered in the HTML view).",
        notFoundView("").data,
      ),
      NotAcceptable: errorResponse("No format satisfies the Accept header (answered in the HTML view).", notAcceptableView("").data),
      MethodNotAllowed: errorResponse("Any method but GET, HEAD and OPTIONS: the API is read-only.", methodNotAllowedView("", "POST").data),
    },
  };
}

const mediaTypeOf = (name: FormatName) => formatNamed(FORMAT_TABLE, name)!.mediaType;

/** How DRF's XML and our XLIFF are built, which a schema cannot say in full (docs/formats.md). */
const XML_STRUCTURE = `**XML** (\`${mediaTypeOf("xml")}\`) follows DRF's XMLRenderer: a \`<root>\` element; an object's keys become child elements, an array's elements \`<list-item>\` children; \`null\` and empty values are empty elements, \`true\`/\`false\` are \`True\`/\`False\`. Characters a name or text cannot hold are written \`_xHHHH_\` (as .NET's XmlConvert.EncodeName), so \`Educator Reviewer\` is \`<Educator_x0020_Reviewer>\`. The schemas' \`xml\` names say the rest.`;

const XLIFF_STRUCTURE = `XLIFF 1.2 for translators (\`${XLIFF_NAMESPACE}\`): one \`<file>\` per resource (\`original\` = its \`url\`, or its \`uuid\` when \`fields\` leaves the url out; \`source-language="${SOURCE_LANGUAGE}"\`; a translated version adds \`target-language\` and each unit's \`<target>\` with its \`state\`), one \`<trans-unit>\` per non-empty translatable text (${inWords(TRANSLATABLE.map((f) => `\`${f}\``))}, a unit's credit role ${inWords(PROSE_CREDITS.map((r) => `\`${r}\``))}), with the JSON pointer of the field as its id (\`/title\`). The root, an error or an empty list carry one empty \`<file>\`. See docs/formats.md, "XLIFF 1.2".`;

export interface OpenApiInput {
  readonly config: Pick<SiteConfig, "baseUrl">;
  /** The languages this build publishes a tree in, besides the source's (none: no `/{lang}/api/…` paths). */
  readonly languages?: readonly string[];
  /** The version of this description (the package's). */
  readonly version: string;
  /** The record schemas the resources' schemas are made from. */
  readonly schemas: RecordSchemas;
}

export function openApiDocument({ config, version, schemas, languages = [] }: OpenApiInput): JsonObject {
  const all = views();
  const localized = languages.length ? all.map((view) => [`/{lang}${view.path}`, pathItem(view, true)] as const) : [];
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: "Educational content catalogue API",
      version,
      summary: "A read-only catalogue of educational content, after a Django REST Framework service.",
      description: [
        `Every view — the API root, each collection's list, each resource — answers in ${inWords(FORMAT_TABLE.map((f) => `\`${f.mediaType}\` (\`format=${f.name}\`)`))}; the first, the browsable HTML view, is the default. The format is chosen by the \`format\` parameter, else the \`accept\` parameter, else the \`Accept\` header (q-values as RFC 9110 says; OpenAPI describes it by each answer's media types); every answer carries \`Vary: ${API_HEADERS.Vary}\` and \`Allow: ${ALLOW}\`.`,
        'Lists are one top-level array of every resource, in list order (no paging in the data formats). Errors are DRF\'s `{"detail": …}` in the negotiated format: 404 (no such resource or view, or an unknown `format`), 406 (no acceptable format), and 405 for any method but GET, HEAD and OPTIONS (`#/components/responses/MethodNotAllowed`: OpenAPI has no way to name every other method).',
        XML_STRUCTURE,
        `**XLIFF** (\`${mediaTypeOf("xliff")}\`): ${XLIFF_STRUCTURE}`,
      ].join("\n\n"),
    },
    servers: [{ url: config.baseUrl, description: "this build's {base_url}" }],
    tags: [
      { name: "api", description: ROOT_NAME },
      ...COLLECTIONS.map((c) => ({ name: c.name, description: `${listName(c)} and ${instanceName(c)}` })),
    ],
    paths: Object.fromEntries([...all.map((view) => [view.path, pathItem(view)] as const), ...localized]),
    components: components(all, schemas, languages),
  };
}
