/**
 * What the admin page starts with, made at each build (templates/admin/):
 * its script (runtime/browser/admin-script.ts), bundled with the pure core it
 * renders the preview with, and its settings, generated from the schemas and
 * the catalogue. Decap's own bundle is a copy (write/admin-files.ts).
 */
import path from "node:path";
import { COLLECTIONS } from "../core/catalogue/collections.ts";
import { cmsConfig, type AdminSettings } from "../core/cms/cms-config.ts";
import { folderFacts } from "../core/cms/new-entry.ts";
import { cachedBundle } from "./cache/cached-bundle.ts";
import { loadSiteConfig } from "./load/load-config.ts";
import type { PreparedBuild } from "./prepare.ts";

const SCRIPT = path.join(import.meta.dirname, "../runtime/browser/admin-script.ts");

/** The page's script (admin/cms.js): one file, cached between builds like the site's other scripts. */
export function adminScript(): string {
  const [file] = cachedBundle({
    entryPoints: { cms: SCRIPT },
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    outdir: path.join(path.dirname(SCRIPT), "admin"),
    logLevel: "silent",
  });
  return file.text;
}

/** admin/config.json: what the script starts Decap with. */
export function adminSettings(build: PreparedBuild, env: NodeJS.ProcessEnv = process.env): AdminSettings {
  // The repository's name for the content folder, whatever CONTENT_DIR this build read.
  const contentDir = loadSiteConfig(build.projectDir, {}).contentDir;
  const collections = COLLECTIONS.filter((c) => (build.catalogue.lists.get(c.name)?.length ?? 0) > 0);
  const cms = cmsConfig({
    collections,
    contentDir,
    repo: env.CMS_GITHUB_REPO || githubRepo(env.REPOSITORY_URL) || "",
    branch: env.CMS_BRANCH || env.BRANCH || "main",
    oauthUrl: env.CMS_OAUTH_URL || undefined,
    apiRoot: env.CMS_API_ROOT || undefined,
    editorialWorkflow: env.CMS_EDITORIAL_WORKFLOW === "1",
  });
  const folders = Object.fromEntries(
    collections.map((c) => [
      c.name,
      folderFacts(
        c,
        contentDir,
        build.catalogue.lists.get(c.name)!.map((e) => e.record),
      ),
    ]),
  );
  return { cms, site: { baseUrl: build.config.baseUrl, siteUrl: build.config.siteUrl }, contentDir, folders };
}

/** Netlify's REPOSITORY_URL (https://github.com/owner/name) → owner/name. */
const githubRepo = (url: string | undefined) => url?.match(/github\.com[/:]([^/]+\/[^/]+?)(\.git)?$/)?.[1];
