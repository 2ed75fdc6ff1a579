/** Step one of every build: configuration and the validated catalogue, with its translations. */
import { schemaValidators } from "./cache/cached-validators.ts";
import type { Catalogue } from "../core/catalogue/catalogue.ts";
import { loadSiteConfig } from "./load/load-config.ts";
import type { SiteConfig } from "../core/catalogue/site-config.ts";
import type { Translations } from "../core/translations/localize.ts";
import { HTML_PAGE_SIZE } from "../core/formats/pagination.ts";
import { chooseLayout, type TreeLayout } from "../core/routes/tree-layout.ts";
import { readContent } from "./load/read-sources.ts";
import { formatProblemsForLog, type Problem } from "./validate/problems.ts";
import { validateSources } from "./validate/validate-catalogue.ts";
import { validateTranslations } from "./validate/validate-translations.ts";

export interface PreparedBuild {
  readonly projectDir: string;
  readonly config: SiteConfig;
  readonly catalogue: Catalogue;
  /** The stored translations of the catalogue's records, by language (none: an empty map). */
  readonly translations: Translations;
  /** Warnings only: a build with errors never gets this far. */
  readonly warnings: readonly Problem[];
  /** Where every tree's files are (core/routes/tree-layout.ts): the same in every tree, which all hold the same records. */
  readonly layout: TreeLayout;
}

/** The content has errors: the message lists every one, and the warnings in proportion. */
export class ContentError extends Error {
  constructor(readonly problems: readonly Problem[]) {
    super(formatProblemsForLog(problems));
    this.name = "ContentError";
  }
}

export interface CheckedContent {
  /** Present only when there are no errors. */
  readonly content?: { readonly catalogue: Catalogue; readonly translations: Translations };
  readonly problems: readonly Problem[];
}

/** Every record and stored translation of the content folder, checked (what `npm run validate` runs alone). */
export async function checkContent(projectDir: string, contentDir: string): Promise<CheckedContent> {
  const validators = await schemaValidators();
  const sources = readContent(projectDir, contentDir);
  const { catalogue, problems, records } = validateSources(sources.records, validators);
  const checked = validateTranslations(sources.translations, records, validators);
  const all = [...problems, ...checked.problems];
  return catalogue && checked.translations
    ? { content: { catalogue, translations: checked.translations }, problems: all }
    : { problems: all };
}

export async function prepareBuild(projectDir: string): Promise<PreparedBuild> {
  const config = loadSiteConfig(projectDir);
  const { content, problems } = await checkContent(projectDir, config.contentDir);
  if (!content) throw new ContentError(problems);
  return { projectDir, config, ...content, warnings: problems, layout: catalogueLayout(content.catalogue, config) };
}

/** The layout of a catalogue's trees; a folder limit no split can keep fails here, before anything is written. */
export const catalogueLayout = (catalogue: Catalogue, config: SiteConfig): TreeLayout =>
  chooseLayout(
    [...catalogue.lists].map(([name, list]) => [name, list.map(({ record }) => record.uuid)] as const),
    config.folderLimit,
    HTML_PAGE_SIZE,
  );
