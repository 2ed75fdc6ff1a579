/** The build's configuration: package.json's "config" block, overridden by the environment. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { resolveSiteConfig, type ConfigDefaults, type SiteConfig } from "../../core/catalogue/site-config.ts";

export function loadSiteConfig(projectDir: string, env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const pkg = JSON.parse(readFileSync(path.join(projectDir, "package.json"), "utf8")) as { config?: ConfigDefaults };
  return resolveSiteConfig(env, pkg.config ?? {});
}
