/**
 * What a new entry gets before Decap saves it (its `preSave` event), by the
 * rules `npm run new` follows (core/catalogue/new-record.ts): a fresh UUID,
 * the end of its list, an html_path and a file name from the title, the
 * `$schema` its collection's records use. Decap cannot know these: it sees
 * one entry, not the folder. Records made between two deploys may share a
 * position (the list orders ties by file name); Decap adds -1, -2, … to a
 * file name the repository has already, so no save overwrites a record.
 */
import type { Collection } from "../catalogue/collections.ts";
import { htmlPathPrefix, nextPosition, slugify } from "../catalogue/new-record.ts";
import { SCHEMA_FILE } from "../../schemas/schemas.ts";
import { FILE_SLUG } from "./record-format.ts";

/** What a new record of a collection needs to know of the others. */
export interface FolderFacts {
  readonly nextPosition: number;
  readonly htmlPathPrefix: string;
  readonly schemaRef: string;
}

/** The facts of a folder from its records (parsed; unreadable ones left out). */
export function folderFacts(collection: Collection, contentDir: string, existing: readonly Record<string, unknown>[]): FolderFacts {
  const refs = existing.map((r) => r.$schema).filter((ref): ref is string => typeof ref === "string");
  return {
    nextPosition: nextPosition(existing),
    htmlPathPrefix: htmlPathPrefix(collection, existing),
    // From content/<collection>/ up to the project, then into build-scripts/schemas/.
    schemaRef: refs[0] ?? `${"../".repeat(contentDir.split("/").length + 1)}build-scripts/schemas/${SCHEMA_FILE[collection.kind]}`,
  };
}

/** The fields a new entry's data gets; an html_path the editor wrote is kept. */
export function newEntryFields(data: Record<string, unknown>, facts: FolderFacts, uuid: string): Record<string, unknown> {
  const title = typeof data.title === "string" ? data.title : "";
  const slug = slugify(title) || uuid;
  const htmlPath = typeof data.html_path === "string" && data.html_path !== "" ? data.html_path : `${facts.htmlPathPrefix}${slug}/`;
  return { $schema: facts.schemaRef, position: facts.nextPosition, uuid, html_path: htmlPath, [FILE_SLUG]: slug };
}
