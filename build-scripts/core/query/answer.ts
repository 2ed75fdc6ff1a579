/**
 * Answers a read request (the API root, a list, or one resource, with
 * `search`, `fields`, `format` and `page`) from the site's published files,
 * the way the service would. The edge and the browser shim both call this,
 * each with its own way of reading a file; what an answer costs follows the
 * answer, not the list:
 *
 * - a page of a list (the HTML view, or a `page` asked for): the records of
 *   that page only, from the record files that hold them, rendered;
 * - a whole list narrowed by `fields`: joined from the published parts of
 *   those fields (column files), in the format asked for;
 * - a whole list narrowed by `search`: at the edge, the matching entries cut
 *   from the list file's own bytes; in the browser, where bytes cost more
 *   than work, rendered from the matching records' files.
 *
 * Lunr and the search code are imported only when a search is made.
 */
import { FIELD_ORDER, type Json, type JsonObject } from "../catalogue/resource.ts";
import type { SiteConfig } from "../catalogue/site-config.ts";
import { notFoundView } from "../formats/errors.ts";
import { formatNamed, formatWithExtension } from "../formats/format-table.ts";
import { FORMATS, type Format } from "../formats/formats.ts";
import { HTML_PAGE_SIZE } from "../formats/html.ts";
import { entryFrame, type Renderer } from "../formats/renderer.ts";
import { instanceView, listView, rootView, type ListView, type Page, type RenderContext } from "../formats/views.ts";
import { resolveApiPath, type ApiRoute } from "../routes/api-path.ts";
import { instanceFile, listFile, queryFile, rootFile, searchManifestFile } from "../routes/output-tree.ts";
import type { SearchManifest } from "../search/build-index.ts";
import type { RecordFinder } from "../search/find-records.ts";
import { Assembly, columnParts, type Piece } from "./assemble.ts";
import { parseFields, queryString, selectFields } from "./fields.ts";
import type { PublishedFiles } from "./published-files.ts";

/** What narrows an answer: `search` and `fields`; `page` asks for one page of a list's answer (from 1). */
export interface QueryParams {
  readonly search?: string | null;
  readonly fields?: string | null;
  readonly page?: number | null;
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
  /** The answer in its format, as UTF-8. */
  readonly body: Uint8Array<ArrayBuffer>;
  /** A list's answer: how many resources it holds in all, and the page it shows when it shows one. */
  readonly total?: number;
  readonly page?: Page;
  /** The same answer as the JSON format carries it. */
  json(): Promise<Json>;
}

export type SiteAddresses = Pick<SiteConfig, "baseUrl" | "siteUrl">;

/** How a whole list narrowed by a search is made: cut from the list file (the edge) or rendered from the matching records (the browser). */
export type SearchAnswers = "list-bytes" | "records";

const JSON_FORMAT = formatNamed(FORMATS, "json")!;
const decoder = new TextDecoder();
const encoder = new TextEncoder();

export class PublishedApi {
  private readonly finders = new Map<string, Promise<RecordFinder>>();
  private readonly manifests = new Map<string, Promise<SearchManifest | undefined>>();
  private readonly context: RenderContext;

  constructor(
    private readonly files: PublishedFiles,
    site: SiteAddresses,
    private readonly searchAnswers: SearchAnswers = "records",
    language?: string,
  ) {
    this.context = { config: { ...site, contentDir: "" }, language };
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
      if (root === undefined) return this.notFound(path, format);
      return this.rendered(format, renderer.document(rootView(root as JsonObject), this.context), root);
    }
    const { collection } = route;
    const fields = parseFields(query.fields);
    if (route.view === "instance") {
      const resource = (await this.loadJson(instanceFile(collection.name, route.uuid, "json"))) as JsonObject | undefined;
      if (resource === undefined) return this.notFound(path, format);
      const selected = selectFields(resource, fields);
      return this.rendered(format, renderer.document(instanceView(collection, selected), this.context), selected);
    }
    const search = query.search?.trim() ?? "";
    const manifest = await this.manifest(collection.name);
    const positions = search === "" ? undefined : await (await this.finder(collection.name)).find(search);
    const total = positions?.length ?? manifest?.records ?? 0;
    const view: ListView = { ...listView(collection, total), query: queryString(search, query.fields ?? "") };
    const pageSize = Number.isFinite(renderer.pageSize) ? renderer.pageSize : query.page ? HTML_PAGE_SIZE : Infinity;
    if (!manifest) return this.answerRecords(format, view, [], { number: 1, pages: 1, start: 0, count: 0 }, fields);
    if (Number.isFinite(pageSize)) {
      const pages = Math.max(1, Math.ceil(total / pageSize));
      const number = Math.min(Math.max(1, Math.floor(query.page ?? 1)), pages);
      const start = (number - 1) * pageSize;
      const page = { number, pages, start, count: Math.max(0, Math.min(pageSize, total - start)) };
      const shown = Array.from({ length: page.count }, (_, i) => (positions ? positions[start + i] : start + i));
      return this.answerRecords(format, view, shown, page, fields, manifest);
    }
    const all = { number: 1, pages: 1, start: 0, count: total };
    if (fields && renderer.parts) return this.answerFromColumns(format, view, all, manifest, positions, fields);
    if (!positions) return this.answerListFile(format, view);
    if (this.searchAnswers === "list-bytes") return this.answerFromEntries(format, view, all, manifest, positions);
    return this.answerRecords(format, view, positions, all, fields, manifest);
  }

  /** The list's records at `positions`, narrowed to `fields`, rendered as `page`. */
  private async answerRecords(
    format: Format,
    view: ListView,
    positions: readonly number[],
    page: Page,
    fields: ReadonlySet<string> | undefined,
    manifest?: SearchManifest,
  ): Promise<Answer> {
    const resources = manifest ? (await this.records(view.collection.name, manifest, positions)).map((r) => selectFields(r, fields)) : [];
    const { renderer } = format;
    let text = renderer.listHead(view, page, this.context);
    resources.forEach((resource, i) => (text += renderer.listEntry(renderer.item(resource, this.context), i)));
    text += renderer.listTail(view, page, this.context);
    return { ...this.rendered(format, text, resources), total: view.total, page };
  }

  /** A whole list in a data format, narrowed by `fields` (and a search): joined from the fields' published parts. */
  private async answerFromColumns(
    format: Format,
    view: ListView,
    page: Page,
    manifest: SearchManifest,
    positions: readonly number[] | undefined,
    fields: ReadonlySet<string>,
  ): Promise<Answer> {
    const parts = format.renderer.parts!;
    const kept = FIELD_ORDER[view.collection.kind].filter((field) => fields.has(field));
    const names = manifest.files.columns[format.extension] ?? {};
    const columns = await Promise.all(
      kept.map(async (field) => {
        const bytes = await this.requiredBytes(queryFile(view.collection.name, names[field]));
        return { field, bytes, ...columnParts(bytes, manifest.records) };
      }),
    );
    const body = this.joinEntries(format.renderer, view, page, positions ?? manifest.records, (p) =>
      parts.join(columns.map(({ field, bytes, starts, ends }) => [field, bytes.subarray(starts[p], ends[p])] as const)),
    );
    const json = () => this.answerFromColumns(JSON_FORMAT, view, page, manifest, positions, fields).then((answer) => answer.json());
    return this.assembled(format, body, view.total, json);
  }

  /** A whole list in a data format narrowed by a search: the matching entries, cut from the list file's own bytes. */
  private async answerFromEntries(
    format: Format,
    view: ListView,
    page: Page,
    manifest: SearchManifest,
    positions: readonly number[],
  ): Promise<Answer> {
    const name = manifest.files.entries[format.extension];
    const [list, offsetBytes] = await Promise.all([
      this.requiredBytes(listFile(view.collection.name, format.extension)),
      this.requiredBytes(queryFile(view.collection.name, name)),
    ]);
    const aligned = offsetBytes.byteOffset % 4 === 0 ? offsetBytes : offsetBytes.slice();
    const offsets = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4);
    const frames = [0, 1].map((i) => entryFrame(format.renderer, i).map((text) => encoder.encode(text).length));
    const body = this.joinEntries(format.renderer, view, page, positions, (p) => {
      const [before, after] = frames[p === 0 ? 0 : 1];
      return [list.subarray(offsets[p] + before, offsets[p + 1] - after)];
    });
    const json = () => this.answerFromEntries(JSON_FORMAT, view, page, manifest, positions).then((answer) => answer.json());
    return this.assembled(format, body, view.total, json);
  }

  /** A data format's list: its head, each item in its entry frame, its tail. */
  private joinEntries(
    renderer: Renderer,
    view: ListView,
    page: Page,
    positions: readonly number[] | number,
    item: (p: number) => Piece[],
  ): Uint8Array<ArrayBuffer> {
    const out = new Assembly();
    out.add(renderer.listHead(view, page, this.context));
    const frames = [entryFrame(renderer, 0), entryFrame(renderer, 1)];
    const count = typeof positions === "number" ? positions : positions.length;
    for (let k = 0; k < count; k++) {
      const [before, after] = frames[k === 0 ? 0 : 1];
      out.add(before);
      out.addAll(item(typeof positions === "number" ? k : positions[k]));
      out.add(after);
    }
    out.add(renderer.listTail(view, page, this.context));
    return out.bytes();
  }

  /** The whole list, as published. */
  private async answerListFile(format: Format, view: ListView): Promise<Answer> {
    const file = (extension: string) => listFile(view.collection.name, extension);
    const body = await this.requiredBytes(file(format.extension));
    return this.assembled(format, body, view.total, async () => (await this.loadJson(file("json"))) ?? []);
  }

  /** The records at `positions` (in that order), from the record files that hold them. */
  private async records(collection: string, manifest: SearchManifest, positions: readonly number[]): Promise<JsonObject[]> {
    const slices = new Map<number, Promise<JsonObject[]>>();
    for (const p of positions) {
      const n = Math.floor(p / manifest.recordsPerFile);
      if (!slices.has(n)) slices.set(n, this.loadJson(queryFile(collection, manifest.files.records[n])) as Promise<JsonObject[]>);
    }
    const loaded = new Map(await Promise.all([...slices].map(async ([n, slice]) => [n, await slice] as const)));
    return positions.map((p) => loaded.get(Math.floor(p / manifest.recordsPerFile))![p % manifest.recordsPerFile]);
  }

  private manifest(collection: string): Promise<SearchManifest | undefined> {
    let manifest = this.manifests.get(collection);
    if (!manifest) {
      manifest = this.loadJson(searchManifestFile(collection)) as Promise<SearchManifest | undefined>;
      this.manifests.set(collection, manifest);
    }
    return manifest;
  }

  private finder(collection: string): Promise<RecordFinder> {
    let finder = this.finders.get(collection);
    if (!finder) {
      finder = Promise.all([import("../search/find-records.ts"), import("../search/languages.ts")]).then(
        async ([{ RecordFinder }, { wordRules }]) =>
          new RecordFinder(this.files.text, collection, this.manifest(collection), await wordRules(this.context.language)),
      );
      this.finders.set(collection, finder);
    }
    return finder;
  }

  private async loadJson(path: string): Promise<Json | undefined> {
    const text = await this.files.text(path);
    return text === undefined ? undefined : (JSON.parse(text) as Json);
  }

  private async requiredBytes(path: string): Promise<Uint8Array<ArrayBuffer>> {
    const bytes = await this.files.bytes(path);
    if (bytes === undefined) throw new Error(`The published file ${path} is missing: build the site again.`);
    return bytes;
  }

  private rendered(format: Format, text: string, data: Json, status = 200): Answer {
    return { status, format, body: encoder.encode(text), json: async () => data };
  }

  private assembled(format: Format, body: Uint8Array<ArrayBuffer>, total: number | undefined, json: () => Promise<Json>): Answer {
    const parse = format === JSON_FORMAT ? async () => JSON.parse(decoder.decode(body)) as Json : json;
    return { status: 200, format, body, total, json: parse };
  }

  private notFound(path: string, format: Format): Answer {
    const view = notFoundView(path);
    return this.rendered(format, format.renderer.document(view, this.context), view.data, 404);
  }
}
