/**
 * The HTML view's script for a list page: it shows the search box and the
 * fields picker (hidden without JavaScript, when the page is the plain, paged
 * list), answers `?search=`, `?fields=` and `?page=` in the page's own URL
 * with the shim (so a copy served by any static server answers them too), one
 * page of results at a time with a pager that keeps the query, keeps the URL
 * in step with the form, and lets the format links carry the same answer in
 * their format; the words being typed are looked up ahead. A page the edge
 * answered comes with its answer (the form names it), which is left as it
 * is. The form's `data-state` says where it is: searching, done or error.
 *
 * The page script (page-script.ts) starts it: as a module over HTTP, as its
 * classic bundle from a file, where it reads the offline mirror's
 * script-wrapped files; a site opened from a file without them says so.
 */
import { escapeHtml } from "../../core/formats/html-escape.ts";
import { prettyJsonHtml } from "../../core/formats/html.ts";
import { HTML_PAGE_SIZE, pageAt, pagerLinks, queryAddress, queryPageHref } from "../../core/formats/pagination.ts";
import { queryString } from "../../core/query/fields.ts";
import { searchManifestFile } from "../../core/routes/output-tree.ts";
import { readQuery } from "../../core/routes/query-parameter.ts";
import { routePath } from "../../core/routes/api-path.ts";
import { findCollection } from "../../core/catalogue/collections.ts";
import { isTargetLanguage } from "../../core/translations/languages.ts";
import { siteTree, upToSite } from "../../core/translations/site-tree.ts";
import { scriptFiles } from "./script-files.ts";
import { SearchForm } from "./search-form.ts";
import { prefetch, request } from "./shim.ts";
import { SITE } from "./site.ts";

/** Started by the page script, the view may run before the page is parsed. */
function begin(): void {
  const form = document.querySelector<HTMLFormElement>("form.search-form");
  if (form) void start(form);
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", begin);
else begin();

/** Whether a page opened from a file can search: the offline mirror's copy of its list's manifest is there. */
async function canSearch(collection: string): Promise<boolean> {
  if (location.protocol !== "file:") return true;
  return (await scriptFiles(new URL(document.baseURI)).text(searchManifestFile(collection))) !== undefined;
}

/** The page's search, fields and page, from its own URL. */
function pageQuery(): { search: string; fields: string; page: number } {
  const { search, fields, page } = readQuery(new URLSearchParams(location.search));
  return { search: search ?? "", fields: fields ?? "", page: page ?? 1 };
}

async function start(form: HTMLFormElement): Promise<void> {
  const collection = form.dataset.collection!;
  if (!(await canSearch(collection))) {
    document.querySelector<HTMLElement>(".search-needs-server")!.hidden = false;
    return;
  }
  // A language's tree names its language on the page (<html lang>); its <base> is the tree's folder.
  const { lang } = document.documentElement;
  // Links in a language's answers are relative to its tree, as the page's own are.
  const tree = siteTree(SITE, isTargetLanguage(lang) ? lang : undefined);
  const path = routePath({ view: "list", collection: findCollection(collection)!, page: 1 }, tree.language);
  const root = new URL(upToSite(tree), document.baseURI).href;
  const response = document.querySelector<HTMLElement>("pre.response")!;
  const requestLine = document.querySelector<HTMLElement>("pre.request")!;
  const status = form.querySelector<HTMLElement>(".search-status")!;
  const searchForm = new SearchForm(form);
  const pagers = [...document.querySelectorAll<HTMLElement>("nav.pagination")];
  const formatLinks = [...document.querySelectorAll<HTMLAnchorElement>("a.format[href]")];
  const plain = { response: response.innerHTML, request: requestLine.innerHTML, hrefs: formatLinks.map((a) => a.href) };
  // The pager of a query's answer, above the response; the plain list's own pagers are hidden meanwhile.
  const queryPager = document.createElement("nav");
  queryPager.className = "pagination";
  queryPager.setAttribute("aria-label", "pages of the answer");
  queryPager.hidden = true;
  document.querySelector(".request-info")?.before(queryPager);
  queryPager.addEventListener("click", (event) => {
    const link = (event.target as Element).closest("a");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    go(new URL(link.href));
  });
  /** Only the latest query's answer is shown, however the answers arrive. */
  let latest = 0;
  // The answer the page came with: the plain list, or (from the edge) its URL's query answered.
  const served = { query: form.dataset.query ?? "", page: Number(form.dataset.page ?? 1), total: Number(form.dataset.total ?? 0) };
  /** Whether the response still shows what the edge served (until the script shows another answer). */
  let servedShown = served.query !== "";
  form.hidden = false;

  /** The status line, the request line and the format links of a query's answer on screen. */
  function showing(query: string, pageNumber: number, total: number): void {
    const target = queryAddress(path, query, pageNumber);
    requestLine.innerHTML = `<b>GET</b> ${escapeHtml(target)}`;
    for (const a of formatLinks) a.href = `${SITE.baseUrl}${queryAddress(path, `${query}&format=${a.textContent}`)}`;
    status.textContent = `${total} ${total === 1 ? "resource" : "resources"}`;
    form.dataset.state = "done";
  }

  /**
   * Shows the answer at `target` (the list's first page with a query) in this page. A page opened from a file
   * may not take another file's address (Chromium refuses it), so page 2 and beyond go there instead.
   */
  function go(target: URL): void {
    if (location.protocol === "file:" && target.pathname !== location.pathname) return location.assign(target);
    // Enter on a box the × has just emptied asks what is shown already: no second history entry.
    if (target.href === location.href) history.replaceState(null, "", target);
    else history.pushState(null, "", target);
    void show();
  }

  async function show(): Promise<void> {
    const { search, fields, page } = pageQuery();
    searchForm.show(search, fields);
    const query = queryString(search, fields);
    if (query === "") {
      // A page the edge answered never held the plain list: go to it.
      if (served.query !== "") return location.assign(form.action);
      response.innerHTML = plain.response;
      requestLine.innerHTML = plain.request;
      formatLinks.forEach((a, i) => (a.href = plain.hrefs[i]));
      pagers.forEach((p) => (p.hidden = false));
      queryPager.hidden = true;
      status.textContent = "";
      form.dataset.state = "done";
      return;
    }
    // The edge's answer to this very query and page is on screen already, with its own pagers.
    if (servedShown && query === served.query && page === served.page) return showing(query, page, served.total);
    const ticket = ++latest;
    form.dataset.state = "searching";
    status.textContent = "Searching…";
    try {
      const answer = await request(root, path, { search, fields, format: "json", page });
      if (ticket !== latest) return;
      const meta = response.querySelector(".meta")?.outerHTML ?? "";
      response.innerHTML = meta + prettyJsonHtml(answer.data, tree);
      servedShown = false;
      pagers.forEach((p) => (p.hidden = true));
      const total = answer.total ?? 0;
      const shownPage = pageAt(total, HTML_PAGE_SIZE, answer.page?.number ?? 1);
      // The pager's links name the list page (`action`): a bare `?…` would resolve against the page's <base href>, the site root.
      queryPager.innerHTML = pagerLinks(shownPage, total, (n) => queryPageHref(form.action, query, n));
      queryPager.hidden = shownPage.pages === 1;
      showing(query, shownPage.number, total);
    } catch (error) {
      if (ticket !== latest) return;
      status.textContent = `Could not search: ${(error as Error).message}`;
      form.dataset.state = "error";
    }
  }

  searchForm.listen(
    (query) => go(new URL(queryAddress(form.action, query))),
    (words) => void prefetch(root, path, words),
  );
  addEventListener("popstate", () => void show());
  // Back to a page kept whole in the browser's cache (Firefox keeps what was typed): the form follows its URL again.
  addEventListener("pageshow", (event) => {
    if (event.persisted) void show();
  });

  // On a search, a format link opens the same answer in its format, made here.
  for (const link of formatLinks) {
    link.addEventListener("click", async (event) => {
      const { search, fields } = pageQuery();
      if (queryString(search, fields) === "" || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      const answer = await request(root, path, { search, fields, format: link.textContent, lazy: true });
      location.href = URL.createObjectURL(new Blob([answer.text], { type: answer.contentType }));
    });
  }
  void show();
}
