/**
 * The published files as the browser reads them: fetched, each once; from a
 * page opened from a file, where browsers refuse fetch, through the offline
 * mirror's script-wrapped copies (script-files.ts).
 */
import { httpFiles, type PublishedFiles } from "../../core/query/published-files.ts";
import { scriptFiles } from "./script-files.ts";

export const siteFiles = (root: URL): PublishedFiles =>
  root.protocol === "file:" ? scriptFiles(root) : httpFiles((url) => fetch(url), root, true);
