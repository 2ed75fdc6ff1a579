/**
 * What a renderer is asked to render: the API root, a list (page by page) or one
 * resource. Views carry the request path and Django REST Framework's view name,
 * which the HTML view shows and the other formats ignore.
 */
import type { TreeLayout } from "../routes/tree-layout.ts";
import type { Collection } from "../catalogue/collections.ts";
import type { JsonObject } from "../catalogue/resource.ts";
import { routePath } from "../routes/api-path.ts";
import type { SiteTree } from "../translations/site-tree.ts";

export interface RootView {
  readonly kind: "root";
  readonly name: string;
  /** The request path, e.g. /api/ */
  readonly path: string;
  readonly data: JsonObject;
  /** The offline archives, once `npm run mirror` has written them (the HTML view links them). */
  readonly downloads?: readonly Download[];
}

/** The offline archives: the reader, for people; the reader as a ZIM file, for Kiwix's users; the mirror, every file of the site, for whoever needs them. */
export type ArchiveKind = "reader" | "zim" | "mirror";

export interface Download {
  readonly kind: ArchiveKind;
  /** The archive, below the site root. */
  readonly file: string;
  /** Its size for people, e.g. "1.3 MB". */
  readonly size: string;
  /** When it was made: an ISO 8601 UTC date-time. */
  readonly date: string;
}

export interface ListView {
  readonly kind: "list";
  readonly name: string;
  readonly path: string;
  readonly collection: Collection;
  /** How many resources the whole list holds (or the answer, when narrowed by a query). */
  readonly total: number;
  /** The `search` and `fields` that narrowed the list (`search=…&fields=…`), which its pages' links keep; "" for the plain list. */
  readonly query?: string;
}

export interface InstanceView {
  readonly kind: "instance";
  readonly name: string;
  readonly path: string;
  readonly collection: Collection;
  /** The resource's uuid, which its address names (the resource shown may be narrowed by `fields` without it). */
  readonly uuid: string;
  readonly resource: JsonObject;
}

/** An error answer (404, 405, 406), rendered in the negotiated format. */
export interface ErrorView {
  readonly kind: "error";
  readonly name: string;
  /** The request path; "" in 404.html, which is served at any address. */
  readonly path: string;
  readonly status: number;
  readonly statusText: string;
  readonly data: JsonObject;
}

/** Django REST Framework's answer to OPTIONS: the view's name, description and media types. */
export interface MetadataView {
  readonly kind: "metadata";
  readonly name: string;
  readonly path: string;
  readonly data: JsonObject;
}

/** A document rendered whole (a resource's is made around its item: renderer.ts). */
export type DocumentView = RootView | ErrorView | MetadataView;

/** One page of a list: items [start, start + count) of `total`. */
export interface Page {
  readonly number: number;
  readonly count: number;
  readonly pages: number;
  readonly start: number;
}

/** Views are rendered in a tree of the site: its addresses and its language. */
export interface RenderContext extends SiteTree {
  /** The list view script's chunks, which the build's list pages ask for at once. */
  readonly scripts?: ListScripts;
  /** The <base href> of a page shown away from its own file (the CMS's preview), instead of the way up from its file. */
  readonly pageBase?: string;
  /** Where the tree's files are (core/routes/tree-layout.ts); none: every collection flat. */
  readonly layout?: TreeLayout;
}

/** Files below the site root that the HTML view's list script imports: at once, and when a search is made. */
export interface ListScripts {
  readonly now: readonly string[];
  readonly search: readonly string[];
}

/** Django REST Framework's view names. */
export const ROOT_NAME = "Api Root";
export const listName = (collection: Collection) => `${collection.label} List`;
export const instanceName = (collection: Collection) => `${collection.label} Instance`;

export const rootView = (data: JsonObject, downloads?: readonly Download[]): RootView => ({
  kind: "root",
  name: ROOT_NAME,
  path: routePath({ view: "root" }),
  data,
  downloads,
});

export const listView = (collection: Collection, total: number): ListView => ({
  kind: "list",
  name: listName(collection),
  path: routePath({ view: "list", collection, page: 1 }),
  collection,
  total,
});

/** `uuid`: the address's, when `resource` (narrowed by `fields`) may not hold it. */
export const instanceView = (collection: Collection, resource: JsonObject, uuid = String(resource.uuid)): InstanceView => ({
  kind: "instance",
  name: instanceName(collection),
  path: routePath({ view: "instance", collection, uuid }),
  collection,
  uuid,
  resource,
});
