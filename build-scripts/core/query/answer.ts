/**
 * Answers a read request (the API root, a list, or one resource, with
 * `search`, `fields` and `format`) from the site's published files, the way
 * the service would. The browser shim and the edge both call this, with
 * their own way of reading a file.
 *
 * Without a search a list is read whole from its JSON file; with one, the
 * matching records are read from the records files that hold them, so a
 * narrow search over a large list fetches little. Lunr and the search code
 * are imported only when a search is made.
 */
import type { Json, JsonObject } from "../catalogue/resource.ts";
import type { Collection } from "../catalogue/collections.ts";
import type { SiteConfig } from "../catalogue/site-config.ts";
import { parseFields, selectFields } from "./fields.ts";
import { notFoundView } from "../formats/errors.ts";
import { formatNamed, formatWithExtension } from "../formats/format-table.ts";
import { FORMATS, type Format } from "../formats/formats.ts";
import { renderList } from "../formats/renderer.ts";
import { instanceView, listView, rootView, type RenderContext } from "../formats/views.ts";
import { resolveApiPath, type ApiRoute } from "../routes/api-path.ts";
import { instanceFile, listFile, rootFile, searchRecordsFile } from "../routes/output-tree.ts";
import type { LoadText, RecordFinder } from "../search/find-records.ts";

/** What narrows an answer: the `search` and `fields` query parameters. */
export interface QueryParams {
  readonly search?: string | null;
  readonly fields?: string | null;
}

export interface ApiRequest extends QueryParams {
  /** /api/, /api/<collection> or /api/<collection>/<uuid> (or a file of the output tree) */
  readonly path: string;
  /** A format name of the format table (api, json, xml, xliff); when absent, the path's file extension, else json. */
  readonly format?: string | null;
}

export interface Answer {
  readonly status: number;
  readonly format: Format;
  /** The answer as the JSON format carries it. */
  readonly data: Json;
  /** The answer rendered in the requested format. */
  readonly text: string;
}

export type SiteAddresses = Pick<SiteConfig, "baseUrl" | "siteUrl">;

const JSON_FORMAT = formatNamed(FORMATS, "json")!;

export class PublishedApi {
  private readonly finders = new Map<string, RecordFinder>();
  private readonly context: RenderContext;

  constructor(
    private readonly load: LoadText,
    site: SiteAddresses,
  ) {
    this.context = { config: { ...site, contentDir: "" } };
  }

  /** A request by its path, as the shim's `request()` takes it. */
  async answer(request: ApiRequest): Promise<Answer> {
    const path = `/${request.path.replace(/^\/+/, "")}`;
    const resolved = resolveApiPath(path);
    const extension = resolved?.fixedExtension;
    const format = request.format
      ? formatNamed(FORMATS, request.format)
      : extension
        ? formatWithExtension(FORMATS, extension)
        : JSON_FORMAT;
    if (!format || !resolved) return this.notFound(path, format ?? JSON_FORMAT);
    return this.answerRoute(resolved.route, format, request, path);
  }

  /** A view of the API in a format, narrowed by the query; `path` is what a 404 names. */
  async answerRoute(route: ApiRoute, format: Format, query: QueryParams, path: string): Promise<Answer> {
    const { renderer } = format;
    if (route.view === "root") {
      const root = await this.loadJson(rootFile("json"));
      return root === undefined
        ? this.notFound(path, format)
        : this.ok(format, root, renderer.document(rootView(root as JsonObject), this.context));
    }
    const { collection } = route;
    const fields = parseFields(query.fields);
    if (route.view === "instance") {
      const resource = (await this.loadJson(instanceFile(collection.name, route.uuid, "json"))) as JsonObject | undefined;
      if (resource === undefined) return this.notFound(path, format);
      const selected = selectFields(resource, fields);
      return this.ok(format, selected, renderer.document(instanceView(collection, selected), this.context));
    }
    const resources = (await this.listResources(collection, query.search?.trim() ?? "")).map((r) => selectFields(r, fields));
    return this.ok(format, resources, renderList(renderer, listView(collection, resources.length), resources, this.context));
  }

  /** The list's resources, narrowed by the search when it has words. */
  private async listResources(collection: Collection, search: string): Promise<JsonObject[]> {
    const positions = search === "" ? undefined : await (await this.finder(collection.name)).find(search);
    if (!positions) return ((await this.loadJson(listFile(collection.name, "json"))) ?? []) as JsonObject[];
    const manifest = (await (await this.finder(collection.name)).loadManifest())!;
    const byFile = new Map<number, number[]>();
    for (const p of positions) {
      const n = Math.floor(p / manifest.recordsPerFile);
      byFile.set(n, [...(byFile.get(n) ?? []), p % manifest.recordsPerFile]);
    }
    const slices = await Promise.all(
      [...byFile].map(async ([n, offsets]) => {
        const records = (await this.loadJson(searchRecordsFile(collection.name, n))) as JsonObject[];
        return offsets.map((i) => records[i]);
      }),
    );
    return slices.flat();
  }

  private async finder(collection: string): Promise<RecordFinder> {
    let finder = this.finders.get(collection);
    if (!finder) {
      const { RecordFinder } = await import("../search/find-records.ts");
      finder = new RecordFinder(this.load, collection);
      this.finders.set(collection, finder);
    }
    return finder;
  }

  private async loadJson(path: string): Promise<Json | undefined> {
    const text = await this.load(path);
    return text === undefined ? undefined : (JSON.parse(text) as Json);
  }

  private ok(format: Format, data: Json, text: string): Answer {
    return { status: 200, format, data, text };
  }

  private notFound(path: string, format: Format): Answer {
    const view = notFoundView(path);
    return { status: 404, format, data: view.data, text: format.renderer.document(view, this.context) };
  }
}
