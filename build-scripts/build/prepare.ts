/**
 * Step one of every build: configuration and the validated catalogue.
 * Memoized per process, so the build command and the Eleventy config it runs
 * share one load; `forgetPreparedBuild` makes watch mode read again.
 */
import { schemaValidators } from "../bundle/cached-validators.ts";
import type { Catalogue } from "../catalogue/catalogue.ts";
import { loadSiteConfig } from "../config/load-config.ts";
import type { SiteConfig } from "../config/site-config.ts";
import { readSources } from "../load/read-sources.ts";
import { formatProblems, type Problem } from "../validate/problems.ts";
import { validateSources } from "../validate/validate-catalogue.ts";

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

let prepared: Promise<PreparedBuild> | undefined;

export function prepareBuild(projectDir = process.cwd()): Promise<PreparedBuild> {
  prepared ??= load(projectDir);
  return prepared;
}

export function forgetPreparedBuild(): void {
  prepared = undefined;
}

async function load(projectDir: string): Promise<PreparedBuild> {
  const config = loadSiteConfig(projectDir);
  const sources = await readSources(projectDir, config.contentDir);
  const { catalogue, problems } = validateSources(sources, await schemaValidators());
  if (!catalogue) throw new ContentError(problems);
  return { projectDir, config, catalogue, warnings: problems };
}
