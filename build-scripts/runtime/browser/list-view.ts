/**
 * The HTML view's script for a list page: it shows the search box and the
 * fields picker (hidden without JavaScript, when the page is the plain, paged
 * list), answers `?search=` and `?fields=` in the page's own URL with the
 * shim (so a copy served by any static server answers them too), keeps the
 * URL in step with the form, and lets the format links carry the same answer
 * in their format.
 */
import { escapeHtml } from "../../core/formats/html-escape.ts";
import { prettyJsonHtml } from "../../core/formats/html.ts";
import { request } from "./shim.ts";
import { SITE } from "./site.ts";

const form = document.querySelector<HTMLFormElement>("form.search-form");
if (form) start(form);

/** The page's search and fields, from its own URL. */
function pageQuery(): { search: string; fields: string } {
  const params = new URLSearchParams(location.search);
  return { search: params.get("search") ?? "", fields: params.get("fields") ?? "" };
}

function queryString(search: string, fields: string): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set("search", search);
  if (fields) params.set("fields", fields);
  return params.toString().replaceAll("%2C", ",");
}

function start(form: HTMLFormElement): void {
  const collection = form.dataset.collection!;
  const path = `/api/${collection}`;
  const root = document.baseURI;
  const response = document.querySelector<HTMLElement>("pre.response")!;
  const requestLine = document.querySelector<HTMLElement>("pre.request")!;
  const status = form.querySelector<HTMLElement>(".search-status")!;
  const searchBox = form.querySelector<HTMLInputElement>("input[name=search]")!;
  const boxes = [...form.querySelectorAll<HTMLInputElement>("input[name=fields]")];
  const chosen = form.querySelector<HTMLElement>(".fields-chosen")!;
  const pagers = [...document.querySelectorAll<HTMLElement>("nav.pagination")];
  const formatLinks = [...document.querySelectorAll<HTMLAnchorElement>("a.format[href]")];
  const plain = { response: response.innerHTML, request: requestLine.innerHTML, hrefs: formatLinks.map((a) => a.href) };
  const context = { config: { ...SITE, contentDir: "" } };
  form.hidden = false;

  async function show(): Promise<void> {
    const { search, fields } = pageQuery();
    searchBox.value = search;
    const picked = new Set(fields.split(","));
    for (const box of boxes) box.checked = picked.has(box.value);
    // The folded picker's summary names the chosen fields.
    chosen.textContent = boxes.flatMap((b) => (b.checked ? [b.value] : [])).join(", ") || "all";
    const query = queryString(search, fields);
    if (query === "") {
      response.innerHTML = plain.response;
      requestLine.innerHTML = plain.request;
      formatLinks.forEach((a, i) => (a.href = plain.hrefs[i]));
      pagers.forEach((p) => (p.hidden = false));
      status.textContent = "";
      return;
    }
    status.textContent = "Searching…";
    try {
      const answer = await request(root, path, { search, fields, format: "json" });
      const meta = response.querySelector(".meta")?.outerHTML ?? "";
      response.innerHTML = meta + prettyJsonHtml(answer.data, context);
      requestLine.innerHTML = `<b>GET</b> ${escapeHtml(`${path}?${query}`)}`;
      for (const a of formatLinks) a.href = `${SITE.baseUrl}${path}?${query}&format=${a.textContent}`;
      pagers.forEach((p) => (p.hidden = true));
      const count = Array.isArray(answer.data) ? answer.data.length : 0;
      status.textContent = `${count} ${count === 1 ? "resource" : "resources"}`;
    } catch (error) {
      status.textContent = `Could not search: ${(error as Error).message}`;
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const fields = boxes
      .filter((b) => b.checked)
      .map((b) => b.value)
      .join(",");
    const query = queryString(searchBox.value, fields);
    history.pushState(null, "", query ? `${form.action}?${query}` : form.action);
    void show();
  });
  for (const box of boxes) box.addEventListener("change", () => form.requestSubmit());
  addEventListener("popstate", () => void show());

  // On a search, a format link opens the same answer in its format, made here.
  for (const link of formatLinks) {
    link.addEventListener("click", async (event) => {
      const { search, fields } = pageQuery();
      if (queryString(search, fields) === "" || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      const answer = await request(root, path, { search, fields, format: link.textContent });
      location.href = URL.createObjectURL(new Blob([answer.text], { type: answer.contentType }));
    });
  }
  void show();
}
