/**
 * The browser code, bundled by esbuild at build time: the shim
 * (assets/catalogue-shim.js) and the HTML view's script, as modules sharing
 * chunks; Lunr and the search code sit in a chunk of their own, imported only
 * when a search is made. Beside them, classic scripts (format iife), which
 * browsers run from file:// too: the page script, the view script whole,
 * which the page script starts on a page opened from a file, and the offline
 * reader's script. The bundles are
 * cached between builds (cache/cached.ts).
 * A list page names the view script's chunks (ListScripts) so the browser
 * asks for them at once, not one import after another.
 * Kept apart from the search files so that the render threads' bundle does
 * not carry esbuild.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { SiteAddresses } from "../../core/catalogue/site-config.ts";
import { CLASSIC_VIEW_SCRIPT, PAGE_SCRIPT } from "../../core/formats/html.ts";
import type { ListScripts } from "../../core/formats/views.ts";
import { memoized } from "../../core/memo.ts";
import { LIST_VIEW_SCRIPT, READER_SCRIPT, SHIM_DECLARATIONS, SHIM_FILE } from "../../core/routes/output-tree.ts";
import { cachedBundle, type BundleFile } from "../cache/cached-bundle.ts";
import type { FileWriter } from "./file-writer.ts";
import { shimDeclarations } from "./shim-declarations.ts";

const BROWSER = path.join(import.meta.dirname, "../../runtime/browser");
const ASSETS = path.join(import.meta.dirname, "../../../templates/assets");
const OUT = path.dirname(SHIM_FILE);
const entry = (file: string) => path.basename(file, ".js");

export interface BrowserScripts {
  /** Each file below the site root, with its text. */
  readonly files: readonly { readonly file: string; readonly text: string }[];
  readonly list: ListScripts;
}

/** One bundle per process and site. */
const made = new Map<string, BrowserScripts>();

export const browserScripts = (site: SiteAddresses): BrowserScripts =>
  memoized(made, JSON.stringify([site.baseUrl, site.siteUrl]), () => bundle(site));

function bundle(site: SiteAddresses): BrowserScripts {
  const options = {
    bundle: true,
    platform: "browser",
    target: "es2022",
    minify: true,
    outdir: path.join(BROWSER, OUT),
    define: { __CATALOGUE_SITE__: JSON.stringify({ baseUrl: site.baseUrl, siteUrl: site.siteUrl }) },
    logLevel: "silent",
  } as const;
  const bundled = cachedBundle({
    ...options,
    entryPoints: { [entry(SHIM_FILE)]: path.join(BROWSER, "shim.ts"), [entry(LIST_VIEW_SCRIPT)]: path.join(BROWSER, "list-view.ts") },
    splitting: true,
    format: "esm",
    chunkNames: "catalogue-chunks/[name]-[hash]",
  });
  const classic = cachedBundle({
    ...options,
    entryPoints: {
      [entry(PAGE_SCRIPT)]: path.join(BROWSER, "page-script.ts"),
      [entry(CLASSIC_VIEW_SCRIPT)]: path.join(BROWSER, "list-view.ts"),
      [entry(READER_SCRIPT)]: path.join(BROWSER, "reader.ts"),
    },
    format: "iife",
  });
  const fileOf = (f: { path: string }) => path.posix.join(OUT, path.relative(path.join(BROWSER, OUT), f.path).split(path.sep).join("/"));
  const byPath = new Map(bundled.map((f) => [f.path, f]));
  /** What `from` imports at once, and what those import at once, and so on. */
  const imported = (from: readonly BundleFile[]): BundleFile[] => {
    const found = new Set<BundleFile>();
    const visit = (f: BundleFile): void => {
      for (const i of f.imports) {
        const next = byPath.get(i.path)!;
        if (i.dynamic || found.has(next)) continue;
        found.add(next);
        visit(next);
      }
    };
    from.forEach(visit);
    return [...found];
  };
  const view = bundled.find((f) => fileOf(f) === LIST_VIEW_SCRIPT)!;
  const now = imported([view]);
  // What a search makes the view import: the modules its code imports on demand (not those they import on demand in turn).
  const lazy = [...new Set([view, ...now].flatMap((f) => f.imports.filter((i) => i.dynamic).map((i) => byPath.get(i.path)!)))];
  const search = [...lazy, ...imported(lazy)].filter((f) => f !== view && !now.includes(f));
  return {
    files: [...bundled, ...classic].map((f) => ({ file: fileOf(f), text: f.text })),
    list: { now: now.map(fileOf), search: [...new Set(search)].map(fileOf) },
  };
}

/** The browser scripts, their declarations, and templates/assets/ (the stylesheet, the icon) beside them. */
export function writeBrowserScripts(writer: FileWriter, site: SiteAddresses): void {
  for (const { file, text } of browserScripts(site).files) writer.write(file, text);
  writer.write(SHIM_DECLARATIONS, shimDeclarations());
  for (const name of readdirSync(ASSETS)) writer.write(`${OUT}/${name}`, readFileSync(path.join(ASSETS, name)));
}
