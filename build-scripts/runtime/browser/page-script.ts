/**
 * The HTML view's page script: a small classic script in <head> (so the
 * Content-Security-Policy forbids inline script and the page still works),
 * bundled on its own (format iife). What it does, the page says in its
 * attributes (core/formats/html.ts writes them):
 *
 * - a list page (`data-view`): over HTTP, asks at once for the view script's
 *   chunks, and, when the address holds a search, for the search code and the
 *   list's search manifest, before the stylesheet holds the page back; then
 *   starts the view script as a module. Opened from a file, where browsers
 *   refuse modules and fetch, it starts the view's classic bundle instead.
 * - 404.html (`pre[data-address]`): names the address it is served at (as
 *   text: nothing of the address is markup), which no file can know.
 */
import { lastParam } from "../../core/routes/query-parameter.ts";

const data = (document.currentScript as HTMLScriptElement | null)?.dataset ?? {};
const words = (list: string | undefined) => (list ?? "").split(" ").filter(Boolean);
const add = <K extends keyof HTMLElementTagNameMap>(tag: K, properties: Partial<HTMLElementTagNameMap[K]>) =>
  document.head.append(Object.assign(document.createElement(tag), properties));

if (data.view && data.classic) {
  if (location.protocol === "file:") {
    add("script", { src: data.classic });
  } else {
    for (const href of words(data.chunks)) add("link", { rel: "modulepreload", href });
    if (lastParam(new URLSearchParams(location.search), "search")?.trim()) {
      // Fetched as the shim fetches it, so the shim is given this answer.
      if (data.manifest) add("link", { rel: "preload", href: data.manifest, as: "fetch", crossOrigin: "anonymous" });
      for (const href of words(data.searchChunks)) add("link", { rel: "modulepreload", href });
    }
    add("script", { type: "module", src: data.view });
  }
}

document.addEventListener("DOMContentLoaded", () => {
  for (const line of document.querySelectorAll("pre[data-address]")) line.append(location.pathname + location.search);
});
