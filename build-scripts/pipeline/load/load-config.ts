/** The build's configuration: package.json's "config" block, overridden by the environment. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { resolveSiteConfig, type ConfigDefaults, type SiteConfig } from "../../core/catalogue/site-config.ts";

/** package.json's "config" block, as written. */
const packageConfig = (projectDir: string) =>
  (JSON.parse(readFileSync(path.join(projectDir, "package.json"), "utf8")) as { config?: ConfigDefaults & { mirrorMaxBytes?: unknown } })
    .config ?? {};

export function loadSiteConfig(projectDir: string, env: NodeJS.ProcessEnv = process.env): SiteConfig {
  return resolveSiteConfig(env, packageConfig(projectDir));
}

/**
 * The site's bytes past which `npm run mirror` writes the reader alone (docs/mirror.md): env MIRROR_MAX_BYTES,
 * else config.mirrorMaxBytes in package.json, else no limit.
 */
export function loadMirrorMaxBytes(projectDir: string, env: NodeJS.ProcessEnv = process.env): number {
  const [given, where] = env.MIRROR_MAX_BYTES
    ? [Number(env.MIRROR_MAX_BYTES), `env MIRROR_MAX_BYTES "${env.MIRROR_MAX_BYTES}"`]
    : [packageConfig(projectDir).mirrorMaxBytes ?? Infinity, "config.mirrorMaxBytes in package.json"];
  if (typeof given !== "number" || !(given > 0))
    throw new Error(`${where}: expected a number of bytes above 0, found ${JSON.stringify(given)}`);
  return given;
}
