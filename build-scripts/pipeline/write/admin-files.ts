/**
 * The CMS at /admin/ (docs/editors.md) besides its pages: Decap's prebuilt
 * bundle and the page's stylesheet, copied as they are (a copy, not a render),
 * by the build's one writer so its summary counts them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ADMIN_FOLDER } from "../../core/routes/output-tree.ts";
import type { FileWriter } from "./file-writer.ts";

const BUNDLE = path.join(path.dirname(createRequire(import.meta.url).resolve("decap-cms-bundle/package.json")), "dist");
const STYLESHEET = path.join(import.meta.dirname, "../../../templates/admin/admin.css");

export function writeAdminFiles(writer: FileWriter): void {
  for (const name of readdirSync(BUNDLE)) writer.write(`${ADMIN_FOLDER}/decap/${name}`, readFileSync(path.join(BUNDLE, name)));
  writer.write(`${ADMIN_FOLDER}/admin.css`, readFileSync(STYLESHEET));
}
