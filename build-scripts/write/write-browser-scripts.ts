/**
 * The browser shim and the HTML view's script, bundled by esbuild
 * (shim/bundle.ts). Kept apart from the search files so that the render
 * threads' bundle does not carry esbuild.
 */
import type { SiteConfig } from "../config/site-config.ts";
import { bundleShim } from "../shim/bundle.ts";
import type { FileWriter } from "./file-writer.ts";

/** The browser shim and the HTML view's script (bundled as soon as this is called, written by the function it gives). */
export function writeBrowserScripts(config: SiteConfig): (writer: FileWriter) => Promise<void> {
  const bundled = bundleShim(config);
  return async (writer) => {
    for (const { file, text } of await bundled) writer.write(file, text);
  };
}
