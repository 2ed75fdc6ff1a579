/**
 * Writes the browser shim and the HTML view's script, bundled by esbuild
 * (shim/bundle.ts). Kept apart from the search files so that the render
 * threads' bundle does not carry esbuild.
 */
import type { SiteConfig } from "../config/site-config.ts";
import { bundleShim } from "../shim/bundle.ts";
import type { FileWriter } from "./file-writer.ts";

export function writeBrowserScripts(writer: FileWriter, config: SiteConfig): void {
  for (const { file, text } of bundleShim(config)) writer.write(file, text);
}
