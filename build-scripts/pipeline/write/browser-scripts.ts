/**
 * Writes the browser code, bundled by esbuild at build time: the shim
 * (assets/catalogue-shim.js) and the HTML view's script, sharing chunks;
 * Lunr and the search code sit in a chunk of their own, imported only when a
 * search is made. The bundle is cached between builds (cache/cached-bundle.ts).
 * Kept apart from the search files so that the render threads' bundle does
 * not carry esbuild.
 */
import path from "node:path";
import type { SiteConfig } from "../../core/catalogue/site-config.ts";
import { LIST_VIEW_SCRIPT, SHIM_DECLARATIONS, SHIM_FILE } from "../../core/routes/output-tree.ts";
import { cachedBundle } from "../cache/cached-bundle.ts";
import type { FileWriter } from "./file-writer.ts";
import { shimDeclarations } from "./shim-declarations.ts";

const BROWSER = path.join(import.meta.dirname, "../../runtime/browser");
const OUT = path.dirname(SHIM_FILE);
const entry = (file: string) => path.basename(file, ".js");

export function writeBrowserScripts(writer: FileWriter, site: Pick<SiteConfig, "baseUrl" | "siteUrl">): void {
  const files = cachedBundle({
    entryPoints: { [entry(SHIM_FILE)]: path.join(BROWSER, "shim.ts"), [entry(LIST_VIEW_SCRIPT)]: path.join(BROWSER, "list-view.ts") },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    outdir: path.join(BROWSER, OUT),
    chunkNames: "catalogue-chunks/[name]-[hash]",
    define: { __CATALOGUE_SITE__: JSON.stringify({ baseUrl: site.baseUrl, siteUrl: site.siteUrl }) },
    logLevel: "silent",
  });
  for (const f of files)
    writer.write(path.posix.join(OUT, path.relative(path.join(BROWSER, OUT), f.path).split(path.sep).join("/")), f.text);
  writer.write(SHIM_DECLARATIONS, shimDeclarations());
}
