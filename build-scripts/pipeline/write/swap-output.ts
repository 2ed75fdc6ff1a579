/**
 * The build writes into a staging folder beside the output and swaps it in at
 * the end, so a failed build leaves the previous site untouched.
 */
import { rename, rm } from "node:fs/promises";

export const stagingDir = (outDir: string) => `${outDir}.next`;

export async function clearStaging(outDir: string): Promise<void> {
  await rm(stagingDir(outDir), { recursive: true, force: true });
}

export async function swapInStaging(outDir: string): Promise<void> {
  const old = `${outDir}.old`;
  await rm(old, { recursive: true, force: true });
  await rename(outDir, old).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  await rename(stagingDir(outDir), outDir);
  await rm(old, { recursive: true, force: true });
}
