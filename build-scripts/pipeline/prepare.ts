/** Step one of every build: configuration and the validated catalogue. */
import { schemaValidators } from "./cache/cached-validators.ts";
import type { Catalogue } from "../core/catalogue/catalogue.ts";
import { loadSiteConfig } from "./load/load-config.ts";
import type { SiteConfig } from "../core/catalogue/site-config.ts";
import { readSources } from "./load/read-sources.ts";
import { formatProblems, type Problem } from "./validate/problems.ts";
import { validateSources } from "./validate/validate-catalogue.ts";

export interface PreparedBuild {
  readonly projectDir: string;
  readonly config: SiteConfig;
  readonly catalogue: Catalogue;
  /** Warnings only: a build with errors never gets this far. */
  readonly warnings: readonly Problem[];
}

/** The content has errors: the message lists every one. */
export class ContentError extends Error {
  constructor(readonly problems: readonly Problem[]) {
    super(formatProblems(problems));
    this.name = "ContentError";
  }
}

export async function prepareBuild(projectDir: string): Promise<PreparedBuild> {
  const config = loadSiteConfig(projectDir);
  const sources = await readSources(projectDir, config.contentDir);
  const { catalogue, problems } = validateSources(sources, await schemaValidators());
  if (!catalogue) throw new ContentError(problems);
  return { projectDir, config, catalogue, warnings: problems };
}
