/**
 * The mirror's archive step on a built site, as `npm run mirror` runs it after
 * the build: wall time, archive size and entries. The archive is removed
 * afterwards, so the site is left as built.
 */
import { rm } from "node:fs/promises";
import type { SiteConfig } from "../../core/catalogue/site-config.ts";
import { archiveSite } from "../../pipeline/mirror/archive-site.ts";

export interface MirrorMeasure {
  readonly seconds: number;
  readonly bytes: number;
  readonly entries: number;
}

export async function measureMirror(siteDir: string, config: SiteConfig): Promise<MirrorMeasure> {
  const started = performance.now();
  const { file, bytes, entries } = await archiveSite(siteDir, config, new Date());
  const seconds = (performance.now() - started) / 1000;
  await rm(file);
  return { seconds, bytes, entries };
}
