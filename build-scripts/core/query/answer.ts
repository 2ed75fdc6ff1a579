/**
 * The answer to a read request (the API root, a list, or one resource, with
 * `search`, `fields`, `format` and `page`) made from the site's published
 * files, as the service would give it. The edge and the browser shim each make
 * theirs with a strategy of their own over the same files (ListBytesAnswers,
 * RecordSliceAnswers; the offline reader's, from the search files alone:
 * search-data-answers.ts); what an answer costs follows the answer, not the list:
 *
 * - a page of a list (the HTML view, or a `page` asked for): the records of
 *   that page only, from the record files that hold them, rendered;
 * - a whole list narrowed by `fields`: joined from the published parts of
 *   those fields (column files), in the format asked for;
 * - a whole list narrowed by `search`: at the edge, the matching entries cut
 *   from the list file's own bytes as they stream by (entry-stream.ts); in the
 *   browser, where bytes cost more than work, rendered from the matching
 *   records' files.
 *
 * Lunr and the search code are imported only when a search is made.
 */
import { FIELD_ORDER, type Json, type JsonObject } from "../catalogue/resource.ts";
import { notFoundView } from "../formats/errors.ts";
import { formatNamed, formatWithExtension } from "../format-table.ts";
import { FORMATS, type Format } from "../formats/formats.ts";
import { HTML_PAGE_SIZE, pageAt } from "../formats/pagination.ts";
import { instanceDocument, listPage, renderItem } from "../formats/renderer.ts";
import { instanceView, listView, rootView, type ListView, type Page, type RenderContext } from "../formats/views.ts";
import { resolveApiPath, rootedPath, type ApiRoute } from "../routes/api-path.ts";
import type { ViewQuery } from "../routes/query-parameter.ts";
import { instanceFile, LAYOUT_FILE, listFile, queryFile, rootFile, searchManifestFile } from "../routes/output-tree.ts";
import { levelsOf, parseLayout, type TreeLayout } from "../routes/tree-layout.ts";
import type { SearchManifest } from "../search/build-index.ts";
import type { RecordFinder } from "../search/find-records.ts";
import type { SiteTree } from "../translations/site-tree.ts";
import { joinColumns, StreamedColumn, WholeColumn, type PartSource } from "./column-join.ts";
import { cutEntries } from "./entry-stream.ts";
import { memoized } from "../memo.ts";
import { listFrame } from "./list-frame.ts";
import { parseFields, queryString, selectFields } from "./fields.ts";
import type { PublishedFiles } from "./published-files.ts";

/** A request for an answer: where, in which format, narrowed by its query. */
export interface ApiRequest extends ViewQuery {
  /** /api/, /api/<collection> or /api/<collection>/<uuid> (or a file of the output tree) */
  readonly path: string;
  /** A format name of the format table (api, json, xml, xliff); when absent, the path's file extension, else json. */
  readonly format?: string | null;
}

/** An answer's bytes: whole, or (a whole list at the edge) streamed as they are cut from the list file. */
export type AnswerBody = Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array<ArrayBuffer>>;

/** The body's bytes, read to the end if it is a stream. */
export async function bodyBytes(body: AnswerBody): Promise<Uint8Array<ArrayBuffer>> {
  return body instanceof Uint8Array ? body : new Uint8Array(await new Response(body).arrayBuffer());
}

export interface Answer {
  readonly status: number;
  readonly format: Format;
  /** The answer in its format, as UTF-8. */
  readonly body: AnswerBody;
  /** A list's answer: how many resources it holds in all, and the page it shows when it shows one. */
  readonly total?: number;
  readonly page?: Page;
  /** The same answer as the JSON format carries it. */
  json(): Promise<Json>;
}

/** A list's answer in the making: its format and view, the page it shows, and its manifest (none for an empty list). */
interface ListAnswer {
  readonly format: Format;
  readonly view: ListView;
  readonly page: Page;
  readonly manifest?: SearchManifest;
}

/** A whole list's answer in a data format: one page holds it all. */
export interface WholeList extends ListAnswer {
  readonly manifest: SearchManifest;
}

const JSON_FORMAT = formatNamed(FORMATS, "json")!;
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/**
 * The answers, with what differs between the edge and the browser left to
 * a strategy: how a whole list in a data format reads the published files.
 */
export abstract class PublishedApi {
  private readonly finders = new Map<string, Promise<RecordFinder>>();
  private readonly manifests = new Map<string, Promise<SearchManifest | undefined>>();
  private layout?: Promise<TreeLayout>;
  /** The tree with its layout, once read. */
  private laidOut?: RenderContext;

  /** `files`: the tree's own, below its folder. */
  constructor(
    protected readonly files: PublishedFiles,
    private readonly tree: SiteTree,
  ) {}

  /** What answers are rendered in: the tree, with its layout once an answer needed it. */
  protected get context(): RenderContext {
    return this.laidOut ?? this.tree;
  }

  /** The tree's layout (search/layout.json), read once: for a resource's file, and for the HTML view's links, which name files. */
  async readLayout(): Promise<TreeLayout> {
    this.layout ??= this.loadJson(LAYOUT_FILE).then(parseLayout);
    const layout = await this.layout;
    this.laidOut ??= { ...this.tree, layout };
    return layout;
  }

  /** The answer to a request by its path, as the shim's `request()` takes it. */
  async get(request: ApiRequest): Promise<Answer> {
    const path = rootedPath(request.path);
    const resolved = resolveApiPath(path);
    const format = request.format ? formatNamed(FORMATS, request.format) : formatWithExtension(FORMATS, resolved?.fixedExtension ?? "json");
    if (!format || !resolved) return this.notFound(path, format ?? JSON_FORMAT);
    return this.getRoute(resolved.route, format, request, path);
  }

  /** Reads ahead what a search of a list, still being typed, will need: the search code, the manifest, its words' term files. */
  async prefetch(path: string, search: string): Promise<void> {
    const route = resolveApiPath(rootedPath(path))?.route;
    if (route?.view !== "list" || search.trim() === "") return;
    await (await this.finder(route.collection.name)).prefetch(search);
  }

  /** The answer for a view of the API in a format, narrowed by the query; `path` is what a 404 names. */
  async getRoute(route: ApiRoute, format: Format, query: ViewQuery, path: string): Promise<Answer> {
    const { renderer } = format;
    if (route.view === "instance" || format.extension === "html") await this.readLayout();
    if (route.view === "root") {
      const root = await this.loadJson(rootFile("json"));
      if (root === undefined) return this.notFound(path, format);
      return this.rendered(format, renderer.document(rootView(root as JsonObject), this.context), root);
    }
    const { collection } = route;
    const fields = parseFields(query.fields);
    if (route.view === "instance") {
      const resource = await this.resource(collection.name, route.uuid);
      if (resource === undefined) return this.notFound(path, format);
      const selected = selectFields(resource, fields);
      return this.rendered(format, instanceDocument(renderer, instanceView(collection, selected, route.uuid), this.context), selected);
    }
    const search = query.search?.trim() ?? "";
    // The search code loads while the manifest does.
    const [manifest, finder] = await Promise.all([
      this.manifest(collection.name),
      search === "" ? undefined : this.finder(collection.name),
    ]);
    // A list with no manifest is not published (a language with no tree of its own): nothing there.
    if (!manifest) return this.notFound(path, format);
    const positions = finder && (await finder.find(search));
    const total = positions?.length ?? manifest.records;
    const view: ListView = { ...listView(collection, total), query: queryString(search, query.fields ?? "") };
    const pageSize = Number.isFinite(renderer.pageSize) ? renderer.pageSize : query.page ? HTML_PAGE_SIZE : Infinity;
    // An empty list publishes no record, column or offset files: its answer is the empty list.
    if (!manifest.records) return this.recordsAnswer({ format, view, page: pageAt(0, pageSize, 1) }, [], fields);
    if (Number.isFinite(pageSize)) {
      const page = pageAt(total, pageSize, query.page ?? 1);
      const shown = Array.from({ length: page.count }, (_, i) => (positions ? positions[page.start + i] : page.start + i));
      return this.recordsAnswer({ format, view, page, manifest }, shown, fields);
    }
    const whole: WholeList = { format, view, page: pageAt(total, Infinity, 1), manifest };
    if (fields && renderer.parts) return this.wholeAnswer(whole, (list) => this.joinedColumns(list, positions, fields));
    if (!positions) return this.wholeAnswer(whole, (list) => this.listBody(list));
    // No match reads nothing more: the answer is the list's head and tail.
    if (positions.length === 0) return this.recordsAnswer(whole, positions, fields);
    return this.matchesAnswer(whole, positions, fields);
  }

  /** A whole list in a data format: its list file as published, read whole or as it arrives. */
  protected abstract listBody(list: WholeList): Promise<AnswerBody>;

  /** One resource, as its JSON file holds it (undefined when there is none). */
  protected async resource(collection: string, uuid: string): Promise<JsonObject | undefined> {
    const levels = levelsOf(await this.readLayout(), collection);
    return (await this.loadJson(instanceFile(collection, uuid, "json", levels))) as JsonObject | undefined;
  }

  /** One field's column of a list; `everyItem`: the items are joined in order, none skipped. */
  protected abstract column(file: string, field: string, records: number, everyItem: boolean): Promise<PartSource>;

  /** A whole list in a data format narrowed by a search with matches: rendered from the records' files, unless a strategy knows better. */
  protected matchesAnswer(list: WholeList, positions: readonly number[], fields?: ReadonlySet<string>): Promise<Answer> {
    return this.recordsAnswer(list, positions, fields);
  }

  /** The list's records at `positions`, narrowed to `fields`, rendered as `page`. */
  protected async recordsAnswer(
    { format, view, page, manifest }: ListAnswer,
    positions: readonly number[],
    fields?: ReadonlySet<string>,
  ): Promise<Answer> {
    const resources = manifest ? (await this.records(view.collection.name, manifest, positions)).map((r) => selectFields(r, fields)) : [];
    const items = resources.map((resource) => renderItem(format.renderer, resource, this.context));
    const text = listPage(format.renderer, view, page, items, this.context).join("");
    return { ...this.rendered(format, text, resources), total: view.total, page };
  }

  /**
   * A whole list's answer from its body in a format (`bodyOf`): its JSON is
   * the JSON format's body, parsed, the answer's own when it is that, read whole.
   */
  protected async wholeAnswer(list: WholeList, bodyOf: (list: WholeList) => Promise<AnswerBody>): Promise<Answer> {
    const body = await bodyOf(list);
    const own = list.format === JSON_FORMAT && body instanceof Uint8Array ? body : undefined;
    const json = async () => {
      const inJson = own ?? (await bodyOf({ ...list, format: JSON_FORMAT }));
      return JSON.parse(decoder.decode(await bodyBytes(inJson))) as Json;
    };
    return { status: 200, format: list.format, body, total: list.view.total, json };
  }

  /** A whole list in a data format, narrowed by `fields` (and a search): joined from the fields' published parts. */
  protected async joinedColumns(
    list: WholeList,
    positions: readonly number[] | undefined,
    fields: ReadonlySet<string>,
  ): Promise<AnswerBody> {
    const { format, view, page, manifest } = list;
    const { renderer } = format;
    const chosen = FIELD_ORDER[view.collection.kind].filter((field) => fields.has(field));
    const names = manifest.files.columns[format.extension] ?? {};
    const file = (field: string) => queryFile(view.collection.name, names[field]);
    const columns = await Promise.all(chosen.map((field) => this.column(file(field), field, manifest.records, positions === undefined)));
    const joined = joinColumns({
      parts: renderer.parts!,
      columns,
      positions: positions ?? manifest.records,
      frame: listFrame(renderer, view, page, this.context),
    });
    // Where the columns were read whole, the answer is made whole too: its JSON is then parsed from it, not joined again.
    return columns.some((column) => column instanceof StreamedColumn) ? joined : bodyBytes(joined);
  }

  /** The records at `positions` (in that order), from the record files that hold them. */
  protected async records(collection: string, manifest: SearchManifest, positions: readonly number[]): Promise<JsonObject[]> {
    const slices = new Map<number, Promise<JsonObject[]>>();
    for (const p of positions) {
      const n = Math.floor(p / manifest.recordsPerFile);
      memoized(slices, n, () => this.loadJson(queryFile(collection, manifest.files.records[n])) as Promise<JsonObject[]>);
    }
    const loaded = new Map(await Promise.all([...slices].map(async ([n, slice]) => [n, await slice] as const)));
    return positions.map((p) => loaded.get(Math.floor(p / manifest.recordsPerFile))![p % manifest.recordsPerFile]);
  }

  protected manifest(collection: string): Promise<SearchManifest | undefined> {
    return memoized(this.manifests, collection, () => this.loadJson(searchManifestFile(collection)) as Promise<SearchManifest | undefined>);
  }

  private finder(collection: string): Promise<RecordFinder> {
    return memoized(this.finders, collection, async () => {
      // One chunk in the browser: the finder, Lunr and the word rules.
      const { RecordFinder, wordRules } = await import("../search/find-records.ts");
      return new RecordFinder(this.files.text, collection, this.manifest(collection), await wordRules(this.context.language));
    });
  }

  private async loadJson(path: string): Promise<Json | undefined> {
    const text = await this.files.text(path);
    return text === undefined ? undefined : (JSON.parse(text) as Json);
  }

  protected async requiredBytes(path: string): Promise<Uint8Array<ArrayBuffer>> {
    const bytes = await this.files.bytes(path);
    if (bytes === undefined) throw missing(path);
    return bytes;
  }

  private rendered(format: Format, text: string, data: Json, status = 200): Answer {
    return { status, format, body: encoder.encode(text), json: async () => data };
  }

  private notFound(path: string, format: Format): Answer {
    const view = notFoundView(path);
    return this.rendered(format, format.renderer.document(view, this.context), view.data, 404);
  }
}

/**
 * The edge's answers: the list file and the columns passed on as they arrive,
 * and a search's matches cut from the list file's own bytes, so the edge never
 * holds a list or an answer whole.
 */
export class ListBytesAnswers extends PublishedApi {
  protected async listBody({ view, format }: WholeList): Promise<AnswerBody> {
    const file = listFile(view.collection.name, format.extension);
    const list = await this.files.stream(file);
    if (!list) throw missing(file);
    return list.body as AnswerBody;
  }

  /** Every item in order: the column read as it arrives; a search's items: read whole. */
  protected async column(file: string, field: string, records: number, everyItem: boolean): Promise<PartSource> {
    if (!everyItem) return new WholeColumn(field, await this.requiredBytes(file), records);
    const column = await this.files.stream(file);
    if (!column) throw missing(file);
    return new StreamedColumn(field, column.body);
  }

  /** A whole list in a data format narrowed by a search: the matching entries, cut from the list file's own bytes as they arrive. */
  protected matchesAnswer(list: WholeList, positions: readonly number[]): Promise<Answer> {
    return this.wholeAnswer(list, (inFormat) => this.cutMatches(inFormat, positions));
  }

  private async cutMatches({ format, view, page, manifest }: WholeList, positions: readonly number[]): Promise<AnswerBody> {
    const { renderer } = format;
    const offsetBytes = await this.requiredBytes(queryFile(view.collection.name, manifest.files.entries[format.extension]));
    const aligned = offsetBytes.byteOffset % 4 === 0 ? offsetBytes : offsetBytes.slice();
    const offsets = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4);
    // The list file's own frames around each entry, which the answer's replace: the first entry's and every other's.
    const frame = listFrame(renderer, view, page, this.context);
    const starts = new Uint32Array(positions.length);
    const ends = new Uint32Array(positions.length);
    positions.forEach((p, k) => {
      const [before, after] = p === 0 ? frame.first : frame.rest;
      starts[k] = offsets[p] + before.length;
      ends[k] = offsets[p + 1] - after.length;
    });
    const range = positions.length ? { start: offsets[positions[0]], end: offsets[positions[positions.length - 1] + 1] } : undefined;
    const file = listFile(view.collection.name, format.extension);
    const bytes = await this.files.stream(file, range);
    if (!bytes) throw missing(file);
    return cutEntries(bytes.body, bytes.start, { starts, ends }, frame);
  }
}

/**
 * The browser's answers, where bytes cost more than work: files read whole
 * (and memoized, by the shim's files), a search's matches rendered from the record
 * slices that hold them.
 */
export class RecordSliceAnswers extends PublishedApi {
  protected listBody({ view, format }: WholeList): Promise<AnswerBody> {
    return this.requiredBytes(listFile(view.collection.name, format.extension));
  }

  protected async column(file: string, field: string, records: number): Promise<PartSource> {
    return new WholeColumn(field, await this.requiredBytes(file), records);
  }
}

const missing = (path: string) => new Error(`The published file ${path} is missing: build the site again.`);
