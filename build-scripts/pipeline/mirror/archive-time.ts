/**
 * The one time the archives carry (their entries' modification time, the
 * MIRROR-README's date, the date the API root shows beside them), taken from
 * what was built rather than when, so that the same content makes the same
 * bytes: SOURCE_DATE_EPOCH when set (reproducible-builds.org), else the time
 * of the last commit that changed the content folder (a commit of docs or
 * code leaves it, and the archives, as they were), else the first time ZIP
 * can hold.
 */
import { execFileSync } from "node:child_process";

const ZIP_EPOCH = new Date(Date.UTC(1980, 0, 1));

export function archiveTime(contentDir: string, env: NodeJS.ProcessEnv = process.env): Date {
  const given = env.SOURCE_DATE_EPOCH?.trim();
  if (given) {
    if (!/^\d+$/.test(given)) throw new Error(`SOURCE_DATE_EPOCH: expected whole seconds since 1970, found "${given}"`);
    return new Date(Number(given) * 1000);
  }
  try {
    const seconds = execFileSync("git", ["log", "-1", "--format=%ct", "--", "."], {
      cwd: contentDir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    if (/^\d+$/.test(seconds.trim())) return new Date(Number(seconds.trim()) * 1000);
  } catch {
    // not in a git repository, or no git: the fixed time below
  }
  return ZIP_EPOCH;
}
