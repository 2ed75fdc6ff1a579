/**
 * A site whose searches answer more than one HTML page of results: the
 * benchmark's synthetic catalogue of 260 videos (seed 1), built into a
 * temporary folder. "science" matches more than a page of its videos and fewer
 * than all of them; the tests check that before relying on it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeSyntheticCatalogue } from "../../bench/synthetic/write-catalogue.ts";
import type { BuildResult } from "./build-site.ts";
import { sharedBuild } from "./shared-build.ts";

/** A word of the catalogue that matches more than one page of videos. */
export const MANY_MATCHES = "science";

export async function buildPagedSite(): Promise<BuildResult> {
  const temp = await mkdtemp(path.join(tmpdir(), "catalogue-paged-"));
  const content = path.join(temp, "content");
  await writeSyntheticCatalogue({ videos: 260, units: 10, lessons: 5, seed: 1 }, content);
  try {
    return await sharedBuild({ CONTENT_DIR: content });
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
