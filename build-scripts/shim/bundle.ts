/**
 * Bundles the browser code with esbuild at build time: the shim
 * (assets/catalogue-shim.js) and the HTML view's script, sharing chunks;
 * Lunr and the search code sit in a chunk of their own, imported only when a
 * search is made. Returns the files instead of writing them; the bundle is
 * cached between builds (bundle/cached-bundle.ts).
 */
import path from "node:path";
import { cachedBundle } from "../bundle/cached-bundle.ts";
import { LIST_VIEW_SCRIPT, SHIM_FILE } from "../layout/output-tree.ts";
import type { SiteAddresses } from "../query/answer.ts";

const HERE = import.meta.dirname;
const OUT = path.dirname(SHIM_FILE);
const entry = (file: string) => path.basename(file, ".js");

export function bundleShim(site: SiteAddresses): { file: string; text: string }[] {
  const files = cachedBundle({
    entryPoints: { [entry(SHIM_FILE)]: path.join(HERE, "shim.ts"), [entry(LIST_VIEW_SCRIPT)]: path.join(HERE, "list-view.ts") },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    outdir: path.join(HERE, OUT),
    chunkNames: "catalogue-chunks/[name]-[hash]",
    define: { __CATALOGUE_SITE__: JSON.stringify({ baseUrl: site.baseUrl, siteUrl: site.siteUrl }) },
    logLevel: "silent",
  });
  return files.map((f) => ({ file: path.posix.join(OUT, path.relative(path.join(HERE, OUT), f.path).split(path.sep).join("/")), text: f.text }));
}
