/**
 * Where the API lives and where its public web pages live.
 *
 * Pure: callers pass the environment and the defaults (from package.json's
 * "config" block), so the same function serves the build, the edge and tests.
 */
/** The site's addresses, which the API's documents name (the browser bundle has them baked in). */
export interface SiteAddresses {
  /** `{base_url}`: the API's address, without a trailing slash. */
  readonly baseUrl: string;
  /** `{site_url}`: the public web pages' address, without a trailing slash. */
  readonly siteUrl: string;
}

export interface SiteConfig extends SiteAddresses {
  /** Folder of source records, relative to the project. */
  readonly contentDir: string;
  /** Entries (files and folders) a folder of the API may hold before its collection is split (core/routes/tree-layout.ts). */
  readonly folderLimit: number;
}

/** package.json's "config" block. */
export type ConfigDefaults = Partial<SiteConfig>;

type Env = Record<string, string | undefined>;

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** BASE_URL, then Netlify's URL, then the package default, then the local server's address. */
export function resolveSiteConfig(env: Env, defaults: ConfigDefaults = {}): SiteConfig {
  const localBase = `http://127.0.0.1:${env.PORT || "8080"}`;
  return {
    baseUrl: trimSlash(env.BASE_URL || env.URL || defaults.baseUrl || localBase),
    siteUrl: trimSlash(env.SITE_URL || defaults.siteUrl || "https://education.example.org"),
    contentDir: env.CONTENT_DIR || defaults.contentDir || "content",
    folderLimit: folderLimit(env.FOLDER_LIMIT || defaults.folderLimit || DEFAULT_FOLDER_LIMIT),
  };
}

/** Netlify refuses a deploy with more than 54,000 files in one folder: this leaves a margin. */
const DEFAULT_FOLDER_LIMIT = 50_000;

function folderLimit(value: string | number): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(
      `FOLDER_LIMIT (or package.json's config.folderLimit): expected a whole number of entries ≥ 1, found ${JSON.stringify(value)}.`,
    );
  return limit;
}

/** The output folder: env OUTPUT_DIR, default _site, without a trailing slash. */
export const outputDir = (env: Env): string => (env.OUTPUT_DIR || "_site").replace(/\/+$/, "");
