/**
 * The offline reader's script (assets/catalogue-reader.js, one classic
 * script: browsers run it from file://). The reader's one page shows the view
 * its address names (reader-address.ts), rendered here by the HTML view's own
 * renderer from the published search files (SearchDataAnswers, through their
 * script-wrapped copies), so its markup is the pre-rendered page's; only the
 * links are turned into reader addresses. A format link makes its file here,
 * as the edge would answer it, and saves it under the view's download name.
 */
import { contentType, formatNamed } from "../../core/format-table.ts";
import { FORMATS } from "../../core/formats/formats.ts";
import { bodyBytes, type Answer } from "../../core/query/answer.ts";
import { queryString } from "../../core/query/fields.ts";
import { queryAddress } from "../../core/formats/pagination.ts";
import { memoized } from "../../core/memo.ts";
import { SearchDataAnswers } from "../../core/query/search-data-answers.ts";
import { resolveApiPath, viewFile } from "../../core/routes/api-path.ts";
import { downloadName } from "../../core/routes/download-name.ts";
import { lastParam, readQuery } from "../../core/routes/query-parameter.ts";
import { siteTree } from "../../core/translations/site-tree.ts";
import { addressOfFile, parseAddress, ROOT_ADDRESS, type ReaderAddress } from "./reader-address.ts";
import { scriptFiles } from "./script-files.ts";
import { SearchForm } from "./search-form.ts";
import { SITE } from "./site.ts";

/** The reader's folder: the site root of the trees it carries. */
const ROOT = new URL(".", location.href);
const HTML = formatNamed(FORMATS, "api")!;
const decoder = new TextDecoder();

const apis = new Map<string, SearchDataAnswers>();

/** The answers of a language's tree (the source language's when none), from its files below the reader. */
function apiOf(language: string | undefined): SearchDataAnswers {
  const tree = siteTree(SITE, language);
  return memoized(apis, tree.folder, () => new SearchDataAnswers(scriptFiles(new URL(tree.folder, ROOT)), tree));
}

/** The answer at an address, in a format: one page of a list when the address names one (the HTML view's are always paged). */
function answerOf({ path, params }: ReaderAddress, format: string): Promise<Answer> {
  return apiOf(resolveApiPath(path)?.language).get({ path, format, ...readQuery(params) });
}

/**
 * A link of a rendered page (`href`, relative to `base`, or an absolute path
 * as error pages write) as the reader's: a view's address, or a file of the
 * reader below its folder; a link elsewhere stays as it is.
 */
function readerHref(href: string, base: URL): string {
  const url = href.startsWith("/") && !href.startsWith("//") ? new URL(href.slice(1), ROOT) : new URL(href, base);
  if (!url.href.startsWith(ROOT.href)) return href;
  const file = decodeURIComponent(url.pathname.slice(ROOT.pathname.length));
  return addressOfFile(file, url.search) ?? `${file}${url.search}`;
}

/** Only the latest address's view is shown, however the answers arrive. */
let latest = 0;

async function show(): Promise<void> {
  const ticket = ++latest;
  const hash = location.hash || ROOT_ADDRESS;
  const address = parseAddress(hash);
  let text: string;
  let answer: Answer;
  try {
    answer = await answerOf(address, HTML.name);
    text = decoder.decode(await bodyBytes(answer.body));
  } catch (error) {
    if (ticket !== latest) return;
    document.body.replaceChildren(
      Object.assign(document.createElement("p"), { textContent: `Could not show ${hash}: ${(error as Error).message}` }),
    );
    return;
  }
  if (ticket !== latest) return;
  const page = new DOMParser().parseFromString(text, "text/html");
  // The rendered page's links are relative to the file the view has in the output tree (through its <base>).
  const resolved = resolveApiPath(address.path);
  const route = resolved && (resolved.route.view === "list" ? { ...resolved.route, page: answer.page?.number ?? 1 } : resolved.route);
  const layout = resolved && (await apiOf(resolved.language).readLayout());
  if (ticket !== latest) return;
  const file = new URL(route ? viewFile(route, "html", resolved.language, layout) : "", ROOT);
  const base = new URL(page.querySelector("base")?.getAttribute("href") ?? "", file);
  for (const link of page.querySelectorAll("a[href]")) link.setAttribute("href", readerHref(link.getAttribute("href")!, base));
  // A format link gives the view's answer in its format: a search's, or a resource narrowed by fields.
  const { search, fields } = readQuery(address.params);
  const query = queryString(search ?? "", fields ?? "");
  if (query)
    for (const link of page.querySelectorAll("a.format[href]")) link.setAttribute("href", queryAddress(link.getAttribute("href")!, query));
  for (const form of page.querySelectorAll("form[action]")) form.setAttribute("action", readerHref(form.getAttribute("action")!, base));
  document.title = page.title;
  document.documentElement.lang = page.documentElement.lang;
  document.body.replaceWith(document.adoptNode(page.body));
  const form = document.querySelector<HTMLFormElement>("form.search-form");
  if (form) startSearch(form, address, answer.total ?? 0);
  document.documentElement.dataset.shown = hash;
}

/** A list's search box and fields picker: shown, holding the address's query; a new query is a new address. */
function startSearch(form: HTMLFormElement, { path, params }: ReaderAddress, total: number): void {
  const query = readQuery(params);
  const [search, fields] = [query.search ?? "", query.fields ?? ""];
  const searchForm = new SearchForm(form);
  searchForm.show(search, fields);
  if (queryString(search, fields) !== "")
    form.querySelector(".search-status")!.textContent = `${total} ${total === 1 ? "resource" : "resources"}`;
  form.hidden = false;
  const api = apiOf(resolveApiPath(path)?.language);
  searchForm.listen(
    (query) => (location.hash = queryAddress(form.getAttribute("action")!, query)),
    (words) => void api.prefetch(path, words).catch(() => {}),
  );
}

/** A format link's file, made from the published data as the edge answers its address, saved under the view's download name. */
async function save(link: HTMLAnchorElement): Promise<void> {
  const address = parseAddress(link.getAttribute("href")!);
  const format = formatNamed(FORMATS, lastParam(address.params, "format")!)!;
  const answer = await answerOf(address, format.name);
  const route = resolveApiPath(address.path)?.route;
  const blob = new Blob([await bodyBytes(answer.body)], { type: contentType(format) });
  const saved = Object.assign(document.createElement("a"), {
    href: URL.createObjectURL(blob),
    download: route ? downloadName(route, format.extension) : `answer.${format.extension}`,
  });
  saved.click();
  // Kept a while: the browser reads it after the click returns.
  setTimeout(() => URL.revokeObjectURL(saved.href), 60_000);
}

document.addEventListener("click", (event) => {
  const link = (event.target as Element).closest<HTMLAnchorElement>("a.format[href]");
  const format = link && lastParam(parseAddress(link.getAttribute("href")!).params, "format");
  if (!link || !format || !formatNamed(FORMATS, format) || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  void save(link);
});

addEventListener("hashchange", () => {
  void show().then(() => scrollTo(0, 0));
});
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => void show());
else void show();
