/**
 * The published OpenAPI description, read by real tools: @readme/openapi-parser
 * accepts it; every JSON answer `npm run serve` gives for the sample site (the
 * root, each list, each resource, `fields` and `search` answers, OPTIONS, the
 * errors) validates with ajv against its operation's schema, and its status,
 * media type and required headers are the ones described; the TypeScript
 * declarations published beside the shim, and openapi-typescript's output
 * from the document, type-check a small consumer with tsc.
 */
import { execFile } from "node:child_process";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { validate } from "@readme/openapi-parser";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../build-scripts/core/catalogue/collections.ts";
import { FIELD_ORDER, type JsonObject } from "../build-scripts/core/catalogue/resource.ts";
import { FORMAT_TABLE } from "../build-scripts/core/format-table.ts";
import { openApiDocument } from "../build-scripts/core/openapi/openapi-document.ts";
import { resourceSchemaName } from "../build-scripts/core/openapi/resource-schemas.ts";
import { OPENAPI_FILE, OPENAPI_MEDIA_TYPE, SHIM_DECLARATIONS } from "../build-scripts/core/routes/output-tree.ts";
import { SCHEMAS } from "../build-scripts/schemas/schemas.ts";
import pkg from "../package.json" with { type: "json" };
import { openApiValidator, type OpenApiValidator } from "./helpers/openapi-validator.ts";
import { PROJECT_DIR, readJson, readOut, TEST_ENV, type BuildResult } from "./helpers/build-site.ts";
import { sharedBuild } from "./helpers/shared-build.ts";
import { rawRequest, startLocalServer, type LocalServer, type RawResponse } from "./helpers/local-server.ts";
import { serveStatic } from "../harness/static-server.ts";

const run = promisify(execFile);
const UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000";

let build: BuildResult;
let server: LocalServer;
let doc: JsonObject;
let validator: OpenApiValidator;
/** Every resource of the sample site: its collection and uuid. */
const resources: { collection: string; uuid: string }[] = [];

beforeAll(async () => {
  build = await sharedBuild();
  expect(build.code, build.stderr).toBe(0);
  server = await startLocalServer(build.outDir);
  doc = JSON.parse((await get("/openapi.json")).body.toString("utf8")) as JsonObject;
  validator = openApiValidator(doc);
  for (const c of COLLECTIONS) {
    for (const { uuid } of await readJson<{ uuid: string }[]>(build, `api/${c.name}/index.json`))
      resources.push({ collection: c.name, uuid });
  }
});

afterAll(async () => {
  await server?.stop();
});

const get = (target: string, headers: Record<string, string> = {}, method = "GET") => rawRequest(server.port, method, target, headers);

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

interface Described {
  /** The response object's JSON pointer in the document (its $ref followed). */
  readonly at: string;
  readonly response: JsonObject;
}

/** The response the document gives for this path, method and status: an operation's, or the 405 every other method gets. */
function described(openApiPath: string, method: string, status: number): Described {
  const operation = (doc.paths as Record<string, Record<string, JsonObject>>)[openApiPath]?.[method.toLowerCase()];
  const ref =
    status === 405 && !operation
      ? "#/components/responses/MethodNotAllowed"
      : String(((operation?.responses as Record<string, JsonObject> | undefined)?.[String(status)] ?? {}).$ref);
  expect(ref, `${method} ${openApiPath} ${status} is described`).toMatch(/^#\/components\/responses\/\w+$/);
  const response = (doc.components as { responses: Record<string, JsonObject> }).responses[ref.split("/").at(-1)!];
  return { at: ref, response };
}

/** Checks one real answer against the document: status, media type, required headers, and a JSON body against its schema. */
function check(answer: RawResponse, openApiPath: string, method: string, label: string): unknown {
  const { at, response } = described(openApiPath, method, answer.status);
  for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, JsonObject>)) {
    const definition = (doc.components as { headers: Record<string, JsonObject> }).headers[String(header.$ref).split("/").at(-1)!];
    if (definition.required) expect(answer.headers[name.toLowerCase()], `${label}: ${name}`).toBe((definition.schema as JsonObject).const);
  }
  if (method === "HEAD") return undefined;
  const mediaType = String(answer.headers["content-type"]).split(";")[0];
  const content = response.content as Record<string, JsonObject>;
  expect(Object.keys(content), `${label}: ${mediaType} is one of the answer's media types`).toContain(mediaType);
  if (mediaType !== "application/json") return undefined;
  const body = JSON.parse(answer.body.toString("utf8")) as unknown;
  const validateBody = validator.at(`${at}/${pointer("content", mediaType, "schema")}`);
  expect(validateBody(body), `${label}: ${JSON.stringify(validateBody.errors?.slice(0, 3))}`).toBe(true);
  return body;
}

/** The JSON at a pointer of the document. */
const atPointer = (at: string): JsonObject =>
  at
    .slice(2)
    .split("/")
    .map((p) => p.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<JsonObject>((node, key) => node[key] as JsonObject, doc);

const schemaOf = (name: string) => validator.schemaOf(name);

describe("the published description", () => {
  it("is what the build makes of the format table, the collections and the record schemas today", async () => {
    expect(doc).toEqual(openApiDocument({ config: { baseUrl: TEST_ENV.BASE_URL }, version: pkg.version, schemas: SCHEMAS }));
    expect(JSON.parse(await readOut(build, OPENAPI_FILE))).toEqual(doc);
  });

  it("is valid OpenAPI 3.1 for @readme/openapi-parser, and describes the root, every list and every resource", async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result).toMatchObject({ valid: true, warnings: [], specification: "OpenAPI" });
    const paths = Object.keys(doc.paths as JsonObject);
    expect(paths).toEqual(["/api/", ...COLLECTIONS.flatMap((c) => [`/api/${c.name}`, `/api/${c.name}/{uuid}`])]);
    for (const item of Object.values(doc.paths as Record<string, JsonObject>))
      expect(Object.keys(item)).toEqual(expect.arrayContaining(["get", "head", "options"]));
  });

  it("names the format table's values for `format` and `accept`, and every media type on every answer", () => {
    const parameters = (doc.components as { parameters: Record<string, { schema: JsonObject }> }).parameters;
    expect(parameters.format.schema.enum).toEqual(FORMAT_TABLE.map((f) => f.name));
    expect(parameters.accept.schema.enum).toEqual(FORMAT_TABLE.map((f) => f.mediaType));
    for (const [name, response] of Object.entries((doc.components as { responses: Record<string, JsonObject> }).responses)) {
      if (name === "Head") continue;
      expect(Object.keys(response.content as JsonObject), name).toEqual(FORMAT_TABLE.map((f) => f.mediaType));
    }
  });

  it("leaves the API root its 31 keys, and is linked from the front page and the root's HTML view", async () => {
    expect(Object.keys(await readJson<JsonObject>(build, "api/index.json"))).toEqual(COLLECTIONS.map((c) => c.name));
    expect(await readOut(build, "index.html")).toContain(`href="${OPENAPI_FILE}"`);
    expect(await readOut(build, "api/index.html")).toContain(`href="${OPENAPI_FILE}"`);
  });

  it("is served with its media type and open to any origin by npm run serve (Netlify's rules); http-server gives JSON", async () => {
    const answer = await get("/openapi.json");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe(OPENAPI_MEDIA_TYPE);
    expect(answer.headers["access-control-allow-origin"]).toBe("*");
    expect((await get(`/${SHIM_DECLARATIONS}`)).headers["content-type"]).toBe("text/plain; charset=utf-8");
    const mirror = await serveStatic(build.outDir);
    try {
      const response = await fetch(`${mirror.url}${OPENAPI_FILE}`);
      expect(response.headers.get("content-type")).toBe("application/json; charset=UTF-8");
      expect(await response.json()).toEqual(doc);
    } finally {
      await mirror.close();
    }
  });
});

describe("every JSON answer of the sample site validates against its operation's schema", () => {
  const json = { Accept: "application/json" };

  it("the root, in every way of asking for JSON, and its other formats' media types", async () => {
    for (const target of ["/api/?format=json", "/api/?accept=application%2Fjson", "/api", "/api/"]) {
      check(await get(target, json), "/api/", "GET", target);
    }
    for (const format of FORMAT_TABLE) check(await get(`/api/?format=${format.name}`), "/api/", "GET", format.name);
    check(await get("/api/?format=json", {}, "HEAD"), "/api/", "HEAD", "HEAD /api/");
  });

  it("each list and each resource, whole: against the operation's schema and the resource's full schema", async () => {
    for (const c of COLLECTIONS) {
      const list = check(await get(`/api/${c.name}?format=json`), `/api/${c.name}`, "GET", c.name) as JsonObject[];
      const whole = schemaOf(resourceSchemaName(c));
      for (const item of list) expect(whole(item), `${c.name}: ${JSON.stringify(whole.errors)}`).toBe(true);
      for (const format of FORMAT_TABLE) check(await get(`/api/${c.name}?format=${format.name}`), `/api/${c.name}`, "GET", format.name);
    }
    expect(resources.length).toBeGreaterThan(10);
    for (const { collection, uuid } of resources) {
      const c = COLLECTIONS.find((x) => x.name === collection)!;
      const item = check(await get(`/api/${collection}/${uuid}`, json), `/api/${collection}/{uuid}`, "GET", uuid);
      expect(schemaOf(resourceSchemaName(c))(item)).toBe(true);
    }
  });

  it("answers narrowed by fields, lists and resources, any field left out", async () => {
    for (const c of COLLECTIONS) {
      const order = FIELD_ORDER[c.kind];
      for (const fields of ["uuid,title", "url", "{title,uuid}", "nope", order.slice(-3).join(","), order.join(",")]) {
        const target = `/api/${c.name}?format=json&fields=${encodeURIComponent(fields)}`;
        const list = check(await get(target), `/api/${c.name}`, "GET", target) as JsonObject[];
        for (const item of list) expect(Object.keys(item).every((key) => order.includes(key))).toBe(true);
      }
    }
    for (const { collection, uuid } of resources.slice(0, 8)) {
      const target = `/api/${collection}/${uuid}?fields=title,uuid`;
      expect(check(await get(target, json), `/api/${collection}/{uuid}`, "GET", target)).toEqual(expect.objectContaining({ uuid }));
    }
  });

  it("answers filtered by search, alone and with fields", async () => {
    let matches = 0;
    for (const c of COLLECTIONS) {
      for (const query of ["search=volcano", "search=the", "search=zzzz", "search=ocean&fields=title,url"]) {
        const target = `/api/${c.name}?format=json&${query}`;
        matches += (check(await get(target), `/api/${c.name}`, "GET", target) as JsonObject[]).length;
      }
    }
    expect(matches, "some searches match").toBeGreaterThan(0);
  });

  it("OPTIONS' metadata and the errors: 404, 405, 406", async () => {
    for (const [target, at] of [
      ["/api/", "/api/"],
      ["/api/videos", "/api/videos"],
      [`/api/videos/${resources.find((r) => r.collection === "videos")!.uuid}`, "/api/videos/{uuid}"],
    ]) {
      expect(check(await get(target, json, "OPTIONS"), at, "OPTIONS", `OPTIONS ${target}`)).toMatchObject({
        renders: FORMAT_TABLE.map((f) => f.mediaType),
      });
    }
    const notFound = await get(`/api/videos/${UNKNOWN_UUID}?format=json`);
    expect(notFound.status).toBe(404);
    expect(check(notFound, "/api/videos/{uuid}", "GET", "unknown uuid")).toEqual({ detail: "Not found." });
    const unknownFormat = await get("/api/videos?format=yaml");
    expect(unknownFormat.status).toBe(404);
    check(unknownFormat, "/api/videos", "GET", "unknown format");
    const notAcceptable = await get("/api/", { Accept: "text/plain" });
    expect(notAcceptable.status).toBe(406);
    check(notAcceptable, "/api/", "GET", "406");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const answer = await get("/api/videos", json, method);
      expect(answer.status).toBe(405);
      expect(check(answer, "/api/videos", method, method)).toEqual({ detail: `Method "${method}" not allowed.` });
    }
  });

  it("and the schemas refuse what the API never answers", async () => {
    const [video] = await readJson<JsonObject[]>(build, "api/videos/index.json");
    const list = schemaOf("Video");
    const narrowed = validator.at(`#/components/responses/VideosList/${pointer("content", "application/json", "schema")}`);
    for (const wrong of [
      { ...video, extra: 1 },
      { ...video, grades: [5] },
      { ...video, content_type: "video" },
      { ...video, url: `${TEST_ENV.BASE_URL}/api/units/${String(video.uuid)}` },
    ]) {
      expect(narrowed([wrong]), JSON.stringify(wrong).slice(0, 80)).toBe(false);
    }
    const { title: _title, ...withoutTitle } = video;
    expect(list(withoutTitle), "a plain answer carries every field").toBe(false);
    expect(narrowed([withoutTitle]), "a fields answer may leave any out").toBe(true);
  });
});

/** A schema with its $ref followed, and of an anyOf the first (whole) one. */
function resolved(schema: JsonObject): JsonObject {
  if (typeof schema.$ref === "string") return { ...resolved(schemas()[schema.$ref.split("/").at(-1)!]), ...withoutRef(schema) };
  return Array.isArray(schema.anyOf) ? { ...resolved(schema.anyOf[0] as JsonObject), ...withoutAnyOf(schema) } : schema;
}
const schemas = () => (doc.components as { schemas: Record<string, JsonObject> }).schemas;
const withoutRef = ({ $ref: _, ...rest }: JsonObject) => rest;
const withoutAnyOf = ({ anyOf: _, ...rest }: JsonObject) => rest;

/** Checks parsed XML against the `xml` names of a schema: wrapped arrays of `list-item`, objects of their properties' elements. */
function xmlMatches(value: unknown, at: JsonObject, label: string): void {
  const schema = resolved(at);
  if (value === "") return; // an empty element: an empty array or object, null, ""
  if (schema.type === "array") {
    const name = String(((schema.items as JsonObject).xml as JsonObject).name);
    const items = (value as Record<string, unknown>)[name];
    expect(items, `${label}: <${name}> elements`).toBeDefined();
    for (const item of [items].flat()) xmlMatches(item, schema.items as JsonObject, `${label}/${name}`);
  } else if (schema.type === "object" && schema.additionalProperties === false) {
    const properties = schema.properties as Record<string, JsonObject>;
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      expect(Object.keys(properties), `${label}: <${key}>`).toContain(key);
      xmlMatches(child, properties[key], `${label}/${key}`);
    }
  }
}

describe("XML answers have the elements the schemas' xml names say", () => {
  it("the root, a list, a resource, a fields answer, an error", async () => {
    const parser = new XMLParser({ parseTagValue: false });
    const unit = resources.find((r) => r.collection === "units")!.uuid;
    for (const [target, at] of [
      ["/api/?format=xml", "/api/"],
      ["/api/videos?format=xml", "/api/videos"],
      ["/api/units?format=xml", "/api/units"],
      [`/api/units/${unit}?format=xml`, "/api/units/{uuid}"],
      ["/api/lessons?format=xml&fields=title,subjects", "/api/lessons"],
      [`/api/videos/${UNKNOWN_UUID}?format=xml`, "/api/videos/{uuid}"],
    ]) {
      const answer = await get(target);
      const { at: response } = described(at, "GET", answer.status);
      const schema = atPointer(`${response}/${pointer("content", "application/xml", "schema")}`);
      const { "?xml": _, ...document } = parser.parse(answer.body.toString("utf8")) as Record<string, unknown>;
      expect(Object.keys(document), target).toEqual([(schema.xml as JsonObject).name]);
      xmlMatches(Object.values(document)[0], schema, target);
    }
  });
});

describe("the typed client", () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "catalogue-consumer-"));
    await copyFile(path.join(build.outDir, SHIM_DECLARATIONS), path.join(work, "catalogue-shim.d.ts"));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  /** tsc on one file of `work`: its diagnostics, "" when it type-checks. */
  async function typeCheck(file: string, text: string): Promise<string> {
    await writeFile(path.join(work, file), text);
    const tsc = path.join(PROJECT_DIR, "node_modules/.bin/tsc");
    const options = [
      "--noEmit",
      "--strict",
      "--target",
      "es2022",
      "--module",
      "esnext",
      "--moduleResolution",
      "bundler",
      "--lib",
      "es2022,dom",
    ];
    try {
      await run(tsc, [...options, path.join(work, file)], { cwd: work });
      return "";
    } catch (error) {
      return (error as { stdout: string }).stdout;
    }
  }

  const CONSUMER = `import { request, type RequestParams, type ShimAnswer } from "./catalogue-shim.js";
import type { ApiRoot, Resources, Unit, Video, VideoFields } from "./catalogue-shim.js";

const params: RequestParams = { search: "volcano", fields: "title,uuid", format: "json" };
export async function titles(): Promise<string[]> {
  const answer: ShimAnswer = await request("https://site.example/", "/api/videos", params);
  return (answer.data as unknown as VideoFields[]).map((video) => video.title ?? "");
}
export const lessons = (unit: Unit): string[] => unit.lessons;
export const kind: Video["content_type"] = "Video";
export const lessonKind: Resources["lessons"]["content_type"] = "lesson";
export const videosList = (root: ApiRoot): string => root.videos;
export const when = (video: Video): string | null => video.create_date;
`;

  it("the published declarations type-check an integrator's consumer of the shim and the resources", async () => {
    expect(await typeCheck("consumer.ts", CONSUMER)).toBe("");
  });

  it("and catch what the resources are not", async () => {
    const wrong = `import type { Video, Unit } from "./catalogue-shim.js";
export const kind: Video["content_type"] = "video";
export const lessons = (unit: Unit): number[] => unit.lessons;
export const nope = (video: Video) => video.html_path;
`;
    const errors = await typeCheck("wrong.ts", wrong);
    expect(errors).toMatch(/wrong\.ts\(2,14\): error TS2322/);
    expect(errors).toMatch(/wrong\.ts\(3,50\): error TS2322/);
    expect(errors).toMatch(/wrong\.ts\(4,45\): error TS2339: Property 'html_path' does not exist/);
  });

  it("openapi-typescript makes types of the document that type-check a consumer (docs/openapi.md)", async () => {
    const cli = path.join(PROJECT_DIR, "node_modules/.bin/openapi-typescript");
    await run(cli, [path.join(build.outDir, OPENAPI_FILE), "--output", path.join(work, "api-types.ts")], { cwd: work });
    const consumer = `import type { components, paths } from "./api-types.js";
type VideoList = paths["/api/videos"]["get"]["responses"][200]["content"]["application/json"];
export const first = (list: VideoList): string | undefined => list[0]?.uuid;
export const kind: components["schemas"]["Video"]["content_type"] = "Video";
export type Detail = components["schemas"]["ApiError"]["detail"];
`;
    expect(await typeCheck("generated-consumer.ts", consumer)).toBe("");
  });
});
