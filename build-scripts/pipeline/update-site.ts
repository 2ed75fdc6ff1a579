/**
 * The site `npm run dev` keeps up to date. A whole build first; then, on a
 * save, the changed records are read by the build's reader, checked as the
 * build checks them (each on its own, and against the others by the
 * cross-record rules), those without errors take their place in the catalogue
 * (buildCatalogue orders it, as in the build), and the build's own writer
 * (write/write-site.ts) runs again over the tree the last build wrote, for
 * the collections they touch. The render chunks of records that did not
 * change are taken again, not rendered (KeptChunks), and files whose bytes did
 * not change are left as they were.
 */
import path from "node:path";
import { buildCatalogue, type CatalogueEntry } from "../core/catalogue/catalogue.ts";
import { schemaValidators } from "./cache/cached-validators.ts";
import { loadSiteConfig } from "./load/load-config.ts";
import { isTranslationPath } from "./load/content-folder.ts";
import { readRecords } from "./load/read-sources.ts";
import { catalogueLayout, type PreparedBuild } from "./prepare.ts";
import { runBuild, type BuildOutcome } from "./run-build.ts";
import type { Problem } from "./validate/problems.ts";
import { crossRecordProblems } from "./validate/record-rules.ts";
import { validateSource } from "./validate/validate-catalogue.ts";
import { UpdatingWriter } from "./write/file-writer.ts";
import { KeptChunks, RenderThreads } from "./write/render-threads.ts";
import { writeSite } from "./write/write-site.ts";
import type { WriteStats } from "./write/write-stats.ts";
import { appendAll } from "../core/append-all.ts";

export interface SiteUpdate {
  /** The changed records that were read or deleted, as messages name them. */
  readonly files: readonly string[];
  /** Records that could not be read (a folder, a link out of the content folder, …): never applied. */
  readonly unread: readonly Problem[];
  /** Problems of the records read; a record with errors is not applied. */
  readonly problems: readonly Problem[];
  /** The collections whose files were written again (none when no change was applied). */
  readonly collections: readonly string[];
  /** Files written, and removed (a deleted record's, pages a list no longer has). */
  readonly stats?: WriteStats;
}

export class LiveSite {
  private readonly contentDir: string;
  /** The folder saves are watched in. */
  readonly contentRoot: string;
  /** The last build, as saves have changed it (none while the content has errors). */
  private build?: PreparedBuild;
  /** Kept for every build of this process: the threads, and what they rendered. */
  private readonly writing = { threads: new RenderThreads(), kept: new KeptChunks() };

  /** Eleventy reads templates/ from the working folder: `projectDir` is it. */
  constructor(
    private readonly projectDir: string,
    private readonly outDir: string,
  ) {
    this.contentDir = loadSiteConfig(projectDir).contentDir;
    this.contentRoot = path.resolve(projectDir, this.contentDir);
  }

  /** A whole build; when it fails, saves wait for the next one. */
  async rebuild(): Promise<BuildOutcome> {
    this.build = undefined;
    const outcome = await runBuild(this.outDir, this.writing);
    this.build = outcome.build;
    return outcome;
  }

  /**
   * What saving `paths` does: nothing (none is a record or a stored
   * translation), "rebuild" (a translation, or records the language trees
   * hold too: docs/translations.md; or no valid build yet), or an update.
   */
  async saved(paths: ReadonlySet<string>): Promise<SiteUpdate | "rebuild" | undefined> {
    if ([...paths].some((p) => isTranslationPath(path.relative(this.contentRoot, p)))) return "rebuild";
    const { read, gone } = readRecords(this.projectDir, this.contentDir, paths);
    if (read.length === 0 && gone.length === 0) return undefined;
    if (!this.build || this.build.translations.size > 0) return "rebuild";
    const build = this.build;
    const validators = await schemaValidators();
    const entries = new Map<string, CatalogueEntry>();
    for (const list of build.catalogue.lists.values()) for (const entry of list) entries.set(entry.file, entry);
    const touched = new Set<string>();
    for (const { file, collection } of gone) if (entries.delete(file)) touched.add(collection);
    const unread: Problem[] = [];
    const problems: Problem[] = [];
    for (const source of read) {
      if ("problem" in source) {
        unread.push(source.problem);
        continue;
      }
      const checked = validateSource(source, validators);
      if (!checked.parsed) {
        appendAll(problems, checked.problems);
        continue;
      }
      // As in the build, a record with errors of its own still meets the cross-record rules.
      const others = [...entries.values()].filter((e) => e.file !== source.file);
      const cross = crossRecordProblems([...others, checked.parsed]).filter((p) => p.severity === "error" || p.file === source.file);
      appendAll(appendAll(problems, checked.problems), cross);
      if (!checked.entry || cross.some((p) => p.severity === "error")) continue;
      entries.set(source.file, checked.entry);
      touched.add(source.collection);
    }
    const files = [...read.filter((s) => !("problem" in s)), ...gone].map((s) => s.file);
    if (touched.size === 0) return { files, unread, problems, collections: [] };
    const changed = new Set(files);
    const warnings = [...build.warnings.filter((w) => !changed.has(w.file)), ...problems.filter((p) => p.severity === "warning")];
    const catalogue = buildCatalogue([...entries.values()]);
    this.build = { ...build, catalogue, warnings, layout: catalogueLayout(catalogue, build.config) };
    const stats = await writeSite(this.build, new UpdatingWriter(this.outDir), { ...this.writing, only: touched });
    return { files, unread, problems, collections: [...touched], stats };
  }
}
