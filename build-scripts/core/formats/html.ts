/**
 * The browsable HTML view (format=api), in the manner of Django REST
 * Framework's BrowsableAPIRenderer: breadcrumbs, the request line, the status
 * and headers, and the JSON body pretty-printed with every URL a link.
 *
 * Links into this site are relative (through <base href>, so one rendering of
 * a resource serves every page that shows it) and point at files, so an
 * offline mirror works from any folder; answers served at any address (errors,
 * OPTIONS, 404.html) link absolute paths. Everything from content is escaped.
 * Lists are paged in the HTML view only: the data formats carry the whole list.
 */
import { FIELD_ORDER, type Json } from "../catalogue/resource.ts";
import { DATA_FORMATS, displayName, inWords, type FormatInfo } from "../format-table.ts";
import type { Collection } from "../catalogue/collections.ts";
import { ALLOW } from "../routes/api-headers.ts";
import { escapeAttribute, escapeHtml } from "./html-escape.ts";
import { pageOpen, PAGE_CLOSE } from "./html-page.ts";
import { HTML_PAGE_SIZE, pagerLinks, queryAddress, queryPageHref } from "./pagination.ts";
import { SOURCE_LANGUAGE } from "../translations/languages.ts";
import { siteBaseUrl, upToSite, type SiteTree } from "../translations/site-tree.ts";
import type { Renderer } from "./renderer.ts";
import { writtenKeys } from "./written-keys.ts";
import {
  instanceName,
  listName,
  ROOT_NAME,
  type ArchiveKind,
  type DocumentView,
  type Download,
  type ErrorView,
  type InstanceView,
  type ListScripts,
  type ListView,
  type MetadataView,
  type Page,
  type RenderContext,
} from "./views.ts";
import { fileOfApiUrl, resolveApiPath, routeFile, type ApiRoute } from "../routes/api-path.ts";
import { downloadName, isDownloaded } from "../routes/download-name.ts";
import { levelsOf } from "../routes/tree-layout.ts";
import { depthOf, LIST_VIEW_SCRIPT, listFile, listPageFile, OPENAPI_FILE, rootFile, searchManifestFile } from "../routes/output-tree.ts";

/** The site's stylesheet and icon (templates/assets/), which every page links. */
export const STYLESHEET = "assets/api.css";
export const FAVICON = "assets/favicon.svg";
/** The page script (runtime/browser/page-script.ts): a list page's and 404.html's only script in the page. */
export const PAGE_SCRIPT = "assets/catalogue-page.js";
/** The view script as one classic script, which the page script starts when the page was opened from a file. */
export const CLASSIC_VIEW_SCRIPT = "assets/catalogue-view.classic.js";
/**
 * The Content-Security-Policy the site's pages are sent with (netlify.toml's
 * header rules, the edge's answers): every script, stylesheet and file the
 * HTML view loads is a file of the site's own, and no script is inline.
 */
export const CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'";
const INDENT = "    ";
const URL_PATTERN = /^https?:\/\/[^\s"<>]+$/;

/** Indentation by depth, made once. */
const INDENTS = Array.from({ length: 16 }, (_, depth) => INDENT.repeat(depth));
const indent = (depth: number) => INDENTS[depth] ?? INDENT.repeat(depth);

const keyHtml = writtenKeys((key) => `<span class="key">${escapeHtml(JSON.stringify(key))}</span>: `);

/**
 * The JSON text of a value, as HTML, with URL strings as links; `depth` sets
 * the indentation of nested lines. (Loops rather than map and join: this is
 * the build's costliest renderer.)
 */
export function prettyJsonHtml(value: Json, context: RenderContext, depth = 0): string {
  if (typeof value === "string") return stringHtml(value, context);
  if (value === null || typeof value !== "object") return escapeHtml(JSON.stringify(value));
  const pad = indent(depth + 1);
  let out = "";
  if (Array.isArray(value)) {
    for (const item of value) out += `${out === "" ? "[\n" : ",\n"}${pad}${prettyJsonHtml(item, context, depth + 1)}`;
    return out === "" ? "[]" : `${out}\n${indent(depth)}]`;
  }
  for (const key of Object.keys(value))
    out += `${out === "" ? "{\n" : ",\n"}${pad}${keyHtml(key)}${prettyJsonHtml(value[key], context, depth + 1)}`;
  return out === "" ? "{}" : `${out}\n${indent(depth)}}`;
}

function stringHtml(value: string, context: RenderContext): string {
  const quoted = escapeHtml(JSON.stringify(value));
  if (!URL_PATTERN.test(value)) return `<span class="str">${quoted}</span>`;
  const inSite = fileOfApiUrl(value, context.addresses.baseUrl, "html", context.layout) ?? otherTreeFile(value, context);
  const href = inSite ?? value;
  const rel = inSite ? "" : ' rel="nofollow noopener"';
  return `"<a href="${escapeAttribute(href)}"${rel}>${escapeHtml(value)}</a>"`;
}

/** In a translated tree, an address of another tree (the source's, another language's): up to the site root and down. */
function otherTreeFile(value: string, tree: RenderContext): string | undefined {
  if (tree.language === undefined) return undefined;
  // Every tree holds the same records, so has the same layout.
  const file = fileOfApiUrl(value, siteBaseUrl(tree), "html", tree.layout);
  return file && `${upToSite(tree)}${file}`;
}

/** How a page writes its links, made once per page from where it is written. */
interface Links {
  /** The page's <base href>, when it is written to a file. */
  readonly base?: string;
  /** A file of the page's tree (below its base), as an attribute value. */
  tree(file: string): string;
  /** A file of the site's own (its assets, which every tree shares), as an attribute value. */
  site(file: string): string;
}

/**
 * A page written to a file links relatively, through <base href>: up to the
 * site root, so the site works from any folder; a translated tree's pages go
 * up to the site root and down into the tree (`../../../es/`), because the
 * edge serves a list at `/es/api/units`, a folder less deep than its file,
 * where going up alone would leave the tree. An answer served at whatever
 * address was asked links absolute paths.
 */
function pageLinks(file: string | undefined, tree: SiteTree): Links {
  const up = upToSite(tree);
  if (file === undefined) return { tree: (f) => escapeAttribute(`/${f}`), site: (f) => escapeAttribute(`/${up}${f}`) };
  const toSite = "../".repeat(depthOf(file));
  return {
    base: tree.folder === "" ? toSite || "./" : `${toSite}${up}${tree.folder}`,
    tree: escapeAttribute,
    site: (f) => escapeAttribute(`${up}${f}`),
  };
}

interface Frame {
  readonly view: { name: string; path: string };
  /**
   * The file this page is written to, below the site root; none for answers
   * served at whatever address was asked (errors, OPTIONS, 404.html), whose
   * links are then absolute paths, and whose format links are relative to it.
   */
  readonly file?: string;
  /** The same document in another format. */
  readonly alternate: (format: FormatInfo) => string;
  /** The root, list or resource shown, whose XLIFF link names its download. */
  readonly route?: ApiRoute;
  readonly crumbs: readonly { name: string; href?: string }[];
  readonly status?: string;
  readonly method?: string;
  readonly before?: string;
  /** What the page script does here: start a list's view script, or name the address (404.html). */
  readonly script?: PageScript;
}

/**
 * What the page script does: on a list, start its view script, asking at once
 * for the files it imports (when the page knows them: the build's pages do);
 * on 404.html, name the address the page is served at.
 */
type PageScript = { readonly list: string; readonly scripts?: ListScripts } | "address";

/**
 * The page script's tag, in <head> after <base> and before the stylesheet
 * (whose loading would hold the script's hints back); its attributes say
 * what it does (runtime/browser/page-script.ts).
 */
function pageScript(script: PageScript | undefined, links: Links): string {
  if (script === undefined) return "";
  const src = `<script src="${links.site(PAGE_SCRIPT)}"`;
  if (script === "address") return `${src}></script>\n`;
  const files = (list: readonly string[] = []) => list.map((file) => links.site(file)).join(" ");
  const hints = script.scripts
    ? ` data-chunks="${files(script.scripts.now)}" data-search-chunks="${files(script.scripts.search)}" data-manifest="${links.tree(searchManifestFile(script.list))}"`
    : "";
  return `${src} data-view="${links.site(LIST_VIEW_SCRIPT)}" data-classic="${links.site(CLASSIC_VIEW_SCRIPT)}"${hints}></script>\n`;
}

function formatLink(frame: Frame, format: FormatInfo): string {
  const download = frame.route && isDownloaded(format) ? ` download="${escapeAttribute(downloadName(frame.route, format.extension))}"` : "";
  return `<a class="format" href="${escapeAttribute(frame.alternate(format))}" type="${format.mediaType}"${download}>${format.name}</a>`;
}

/**
 * The request line. 404.html is written before any request, so the page
 * script names the address it is served at.
 */
function requestLine(frame: Frame, { language }: SiteTree): string {
  const method = `<b>${frame.method ?? "GET"}</b>`;
  if (frame.script === "address") return `<pre class="request" data-address>${method} </pre>`;
  // A language's tree serves the same views below /<language>.
  const path = language === undefined ? frame.view.path : `/${language}${frame.view.path}`;
  return `<pre class="request">${method} ${escapeHtml(path)}</pre>`;
}

function pageHead(frame: Frame, tree: RenderContext): string {
  const links = pageLinks(frame.file, tree);
  const crumbs = frame.crumbs
    .map((c) =>
      c.href
        ? `<li><a href="${links.tree(c.href)}">${escapeHtml(c.name)}</a></li>`
        : `<li class="active" aria-current="page">${escapeHtml(c.name)}</li>`,
    )
    .join("");
  const formatLinks = DATA_FORMATS.map((f) => formatLink(frame, f)).join(" ");
  const baseHref = links.base === undefined ? undefined : (tree.pageBase ?? links.base);
  const base = baseHref === undefined ? "" : `<base href="${escapeAttribute(baseHref)}">\n`;
  const head = pageOpen({
    lang: tree.language ?? SOURCE_LANGUAGE,
    title: `${frame.view.name} – Catalogue API`,
    scripts: base + pageScript(frame.script, links),
    stylesheet: links.site(STYLESHEET),
    icon: links.site(FAVICON),
  });
  return `${head}<header class="navbar"><a class="brand" href="${links.tree(rootFile("html"))}">Catalogue API</a></header>
<main class="container">
<nav aria-label="breadcrumb"><ol class="breadcrumb">${crumbs}</ol></nav>
<div class="page-header"><h1>${escapeHtml(frame.view.name)}</h1>
<p class="formats">Format: <span class="format active">api</span> ${formatLinks}</p></div>
${frame.before ?? ""}<div class="request-info">${requestLine(frame, tree)}</div>
<div class="response-info"><pre class="response"><span class="meta"><b>HTTP ${frame.status ?? "200 OK"}</b>
<b>Allow:</b> ${ALLOW}
<b>Content-Type:</b> application/json
<b>Vary:</b> Accept

</span>`;
}

const FOOTER = `<footer class="footer">A read-only catalogue API. Every view is also available as ${inWords(DATA_FORMATS.map(displayName))}.</footer>`;

const pageTail = (after = "") => `</pre></div>
${after}</main>
${FOOTER}
${PAGE_CLOSE}`;

const rootCrumb = { name: ROOT_NAME, href: rootFile("html") };

function listCrumbs(view: { collection: Collection }, active: boolean) {
  const name = listName(view.collection);
  return [rootCrumb, active ? { name } : { name, href: listFile(view.collection.name, "html") }];
}

/** The crumbs of a route, as Django REST Framework names its views: "Api Root / Video List / Video Instance". */
function routeCrumbs(route: ApiRoute) {
  switch (route.view) {
    case "root":
      return [{ name: ROOT_NAME }];
    case "list":
      return listCrumbs(route, true);
    case "instance":
      return [...listCrumbs(route, false), { name: instanceName(route.collection) }];
  }
}

/** `label` names the pager apart from the list's other one: two landmarks of one role need distinct names. */
function pager(view: ListView, page: Page, label: string, context: RenderContext): string {
  if (page.pages === 1) return "";
  // A narrowed list's pages are answers to the same query with `page`; the plain list's are files.
  const list = view.collection.name;
  const levels = levelsOf(context.layout, list);
  const href = (n: number) => (view.query ? queryPageHref(listFile(list, "html"), view.query, n) : listPageFile(list, n, "html", levels));
  return `<nav class="pagination" aria-label="${label}">${pagerLinks(page, view.total, href)}</nav>\n`;
}

/**
 * The search box and fields picker of a list. Hidden until the list's script
 * (runtime/browser/list-view.ts) shows it: without JavaScript the page is the
 * plain list. Opened from a file that has no offline search files beside it
 * (a site built, not its offline mirror), the script shows the notice below
 * it instead. The form names the answer the page holds (`data-query`,
 * `data-page`, `data-total`), so the script leaves a page the edge answered
 * as it is.
 */
function searchForm(view: ListView, page: Page): string {
  const name = view.collection.name;
  const boxes = FIELD_ORDER[view.collection.kind]
    .map((field) => `<label><input type="checkbox" name="fields" value="${escapeAttribute(field)}"> ${escapeHtml(field)}</label>`)
    .join("\n");
  return `<form class="search-form" role="search" action="${escapeAttribute(listFile(name, "html"))}" data-collection="${escapeAttribute(name)}" data-query="${escapeAttribute(view.query ?? "")}" data-page="${page.number}" data-total="${view.total}" hidden>
<label for="search-box">Search ${escapeHtml(view.collection.label.toLowerCase())} list</label>
<input type="search" id="search-box" name="search" placeholder="Search…">
<button type="submit">Search</button> <span class="search-status" role="status"></span>
<details class="fields-picker"><summary>Fields: <span class="fields-chosen">all</span></summary>
${boxes}
</details>
</form>
<p class="search-needs-server" hidden>Search from a file needs the offline mirror: this copy of the site has no offline search files. Download the mirror from the API root, or, in a terminal, in the folder that holds the site, run <code>npx http-server &lt;folder&gt;</code> and open the address it prints.</p>
`;
}

/**
 * An error or OPTIONS answer is served at the address that was asked, which
 * its crumbs name when it names a view of the API; its format links ask the
 * same address in their format (`?format=json`: the edge answers the error in
 * JSON), or, when the address is a file's own name (whose extension fixes the
 * format), that file in their format.
 */
function askedAddressFrame(view: ErrorView | MetadataView, context: RenderContext): Frame {
  const resolved = resolveApiPath(view.path, context.layout);
  const file = resolved?.fixedExtension === undefined ? undefined : resolved.route;
  return {
    view,
    alternate: (format) => (file ? `/${routeFile(file, format.extension, context.layout)}` : `?format=${format.name}`),
    crumbs: resolved ? routeCrumbs(resolved.route) : [rootCrumb, { name: view.name }],
  };
}

/** A page written to the file of a view of the API (a list's first page), its format links that view's files. */
const fileFrame = (view: Frame["view"], route: ApiRoute, context: RenderContext): Frame => ({
  view,
  file: routeFile(route, "html", context.layout),
  alternate: (format) => routeFile(route, format.extension, context.layout),
  route,
  crumbs: routeCrumbs(route),
});

function documentFrame(view: DocumentView | InstanceView, context: RenderContext): Frame {
  switch (view.kind) {
    case "root":
      return { ...fileFrame(view, { view: "root" }, context), before: OPENAPI_LINK + (view.downloads ?? []).map(downloadHtml).join("") };
    case "instance":
      return fileFrame(view, { view: "instance", collection: view.collection, uuid: view.uuid }, context);
    case "error":
      // 404.html is written before any request: its page script names the address it is served at.
      return {
        ...askedAddressFrame(view, context),
        status: `${view.status} ${view.statusText}`,
        ...(view.path === "" ? { script: "address" as const } : {}),
      };
    case "metadata":
      return { ...askedAddressFrame(view, context), status: "200 OK", method: "OPTIONS" };
  }
}

/** The root names the API's OpenAPI description (a file at the site root, not a key of the root's data). */
const OPENAPI_LINK = `<p class="download">OpenAPI 3.1 description of this API: <a href="${OPENAPI_FILE}">${OPENAPI_FILE}</a>.</p>\n`;

/** What each archive is, before its link, and how to open it, after. */
const ARCHIVES: Record<ArchiveKind, { readonly what: string; readonly open: string }> = {
  reader: {
    what: "Offline reader: every view, search and format in a few files",
    open: "Unzip it and open <code>index.html</code> in a browser.",
  },
  zim: {
    what: "The offline reader as a ZIM file, for Kiwix",
    open: "Open it in a Kiwix app, or serve it to a network with <code>kiwix-serve</code>; Kiwix's search finds a resource by its title.",
  },
  mirror: {
    what: "Offline mirror of the whole site",
    open: "Unzip it and open <code>index.html</code> in a browser: search works from the files too; or serve the folder over HTTP (<code>npx http-server &lt;folder&gt;</code>) for the files' media types.",
  },
};

function downloadHtml(download: Download): string {
  const name = download.file.slice(download.file.lastIndexOf("/") + 1);
  const { what, open } = ARCHIVES[download.kind];
  return `<p class="download">${what}: <a href="${escapeAttribute(download.file)}" download>${escapeHtml(name)}</a> (${escapeHtml(download.size)}, made ${escapeHtml(download.date.slice(0, 16).replace("T", " "))} UTC). ${open}</p>\n`;
}

/**
 * Items are rendered one level deep, as list entries; a lone resource drops
 * that indentation. (Split and join: V8's replaceAll of a string is several
 * times slower.)
 */
const dedent = (item: string) => item.split(`\n${INDENT}`).join("\n");

export const htmlRenderer: Renderer = {
  item: (resource, context) => prettyJsonHtml(resource, context, 1),
  instance: (item, view, context) => pageHead(documentFrame(view, context), context) + dedent(item) + pageTail(),
  document: (view, context) => pageHead(documentFrame(view, context), context) + prettyJsonHtml(view.data, context) + pageTail(),
  pageSize: HTML_PAGE_SIZE,
  listHead: (view, page, context) => {
    // A narrowed list's request line names its query, as the page's address does.
    const path = queryAddress(view.path, view.query ?? "", page.number);
    const frame: Frame = {
      ...fileFrame({ ...view, path }, { view: "list", collection: view.collection, page: 1 }, context),
      file: listPageFile(view.collection.name, page.number, "html", levelsOf(context.layout, view.collection.name)),
      before: searchForm(view, page) + pager(view, page, "pages", context),
      script: { list: view.collection.name, scripts: context.scripts },
    };
    return pageHead(frame, context) + (page.count === 0 ? "[]" : "[");
  },
  entry: { first: [`\n${INDENT}`, ""], rest: [`,\n${INDENT}`, ""] },
  listTail: (view, page, context) => (page.count === 0 ? "" : "\n]") + pageTail(pager(view, page, "pages, below the list", context)),
};
