/**
 * What `npm run dev` does on a save: the changed records are checked as the
 * build checks them (each on its own, and against the others by the
 * cross-record rules); those without errors take their place in the
 * catalogue, and the build's own writer (write/write-site.ts) runs again over
 * the tree the last build wrote, for the collections they touch. The render
 * chunks of records that did not change are taken again, not rendered
 * (KeptChunks), and files whose bytes did not change are left as they were.
 */
import { compareEntries, type CatalogueEntry } from "../core/catalogue/catalogue.ts";
import { schemaValidators } from "./cache/cached-validators.ts";
import type { PreparedBuild } from "./prepare.ts";
import type { Problem } from "./validate/problems.ts";
import { crossRecordProblems } from "./validate/record-rules.ts";
import { validateSource } from "./validate/validate-catalogue.ts";
import type { KeptChunks, RenderThreads } from "./write/render-threads.ts";
import { writeSite } from "./write/write-site.ts";
import type { WriteStats } from "./write/write-stats.ts";

/** A record file that changed: its new text, or undefined when it was deleted. */
export interface Change {
  readonly file: string;
  readonly collection: string;
  readonly text: string | undefined;
}

export interface SiteUpdate {
  /** The build as it stands now. */
  readonly build: PreparedBuild;
  /** Problems of the changed records; a change with errors is not applied. */
  readonly problems: readonly Problem[];
  /** The collections whose files were written again (none when no change was applied). */
  readonly collections: readonly string[];
  /** Files written, and removed (a deleted record's, pages a list no longer has). */
  readonly stats?: WriteStats;
}

export async function updateSite(
  build: PreparedBuild,
  changes: readonly Change[],
  outDir: string,
  options: { readonly threads: RenderThreads; readonly kept: KeptChunks },
): Promise<SiteUpdate> {
  const validators = await schemaValidators();
  const lists = new Map(build.catalogue.lists);
  /** The lists that change, each a copy of its own. */
  const touched = new Map<string, CatalogueEntry[]>();
  const problems: Problem[] = [];
  const changing = (collection: string) => {
    let list = touched.get(collection);
    if (!list) {
      list = [...(lists.get(collection) ?? [])];
      touched.set(collection, list);
      lists.set(collection, list);
    }
    return list;
  };
  for (const change of changes) {
    const at = lists.get(change.collection)?.findIndex((e) => e.file === change.file) ?? -1;
    if (change.text === undefined) {
      if (at >= 0) changing(change.collection).splice(at, 1);
      continue;
    }
    const checked = validateSource({ ...change, text: change.text }, validators);
    const { entry, parsed } = checked;
    if (!parsed) {
      problems.push(...checked.problems);
      continue;
    }
    // As in the build, a record with errors of its own still meets the cross-record rules.
    const others = [...lists.values()].flat().filter((e) => e.file !== change.file);
    const cross = crossRecordProblems([...others, parsed]).filter((p) => p.severity === "error" || p.file === change.file);
    problems.push(...checked.problems, ...cross);
    if (!entry || cross.some((p) => p.severity === "error")) continue;
    const list = changing(change.collection);
    if (at >= 0) list.splice(at, 1);
    const before = list.findIndex((e) => compareEntries(entry, e) < 0);
    list.splice(before < 0 ? list.length : before, 0, entry);
  }
  const changed = new Set(changes.map((c) => c.file));
  const warnings = [...build.warnings.filter((w) => !changed.has(w.file)), ...problems.filter((p) => p.severity === "warning")];
  const now: PreparedBuild = { ...build, catalogue: { lists }, warnings };
  if (touched.size === 0) return { build, problems, collections: [] };
  const only = new Set(touched.keys());
  const stats = await writeSite(now, outDir, { ...options, update: true, only });
  return { build: now, problems, collections: [...only], stats };
}
