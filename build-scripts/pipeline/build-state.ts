/**
 * What `npm run mirror` keeps between builds, in one folder beside its output
 * (`<output>.cache/`, the one thing Netlify's cache carries: a handful of large
 * files, never the site's own): this state, the rendered chunks
 * (write/stored-chunks.ts) and the archives it made, linked. The state holds a
 * fingerprint of everything but the records that can make the output differ,
 * the commit it was built from, each archive as written, and each record's
 * hash.
 *
 * A build whose fingerprint matches, from a descendant commit, with the kept
 * archives as recorded (their size and last bytes, the end of the central
 * directory), writes the site again from the kept mirror (mirror/restore-site.ts)
 * and then only the collections whose records changed (run-build.ts); anything
 * else is a whole build, for the one reason given. The output folder itself is
 * never trusted: whatever happened to it, an update starts from the kept bytes.
 * A run forgets the state before it writes and keeps a new one only once done.
 */
import { execFileSync } from "node:child_process";
import {
  closeSync,
  copyFileSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { versions } from "node:process";
import { sha256Hash } from "../hashes.ts";
import type { Catalogue } from "../core/catalogue/catalogue.ts";
import type { SiteConfig } from "../core/catalogue/site-config.ts";
import type { TreeLayout } from "../core/routes/tree-layout.ts";
import { readAt } from "./load/read-at.ts";
import { TRANSLATIONS_FOLDER } from "./load/content-folder.ts";
import type { PieceIndex } from "./mirror/pieces.ts";
import { MIRROR_ARCHIVE } from "../core/routes/output-tree.ts";

const FORMAT = 4;

/** What the code of a build is: every file of these (folders listed recursively), below the project. */
const CODE = ["build-scripts", "templates", ".eleventy.ts", "package.json", "package-lock.json"];

/** The environment the build reads beyond its config (the CMS's settings: pipeline/admin-page.ts). */
const ENV = ["CMS_GITHUB_REPO", "REPOSITORY_URL", "CMS_BRANCH", "BRANCH", "CMS_OAUTH_URL", "CMS_API_ROOT", "CMS_EDITORIAL_WORKFLOW"];

/** What a build is made from, bar the records: each a hash, named as the log names it when it differs. */
export interface Fingerprint {
  /** build-scripts/ (schemas included), templates/, .eleventy.ts, package.json, package-lock.json; Node's and zlib's versions. */
  readonly code: string;
  /** The resolved config (package.json's, BASE_URL, SITE_URL, …) and the other environment the build reads. */
  readonly "config or environment": string;
  /** The content's translations/ folder. */
  readonly translations: string;
  /** The trees' layout (core/routes/tree-layout.ts): which collections are split, so where each file is. */
  readonly layout: string;
}

export interface BuildState {
  readonly format: typeof FORMAT;
  readonly fingerprint: Fingerprint;
  readonly commit: string;
  /** Each archive (by its path below the output) as written, or null where there is none. */
  readonly archives: Record<string, ArchiveMark | null>;
  /** The time the archives carry (mirror/archive-time.ts), in milliseconds. */
  readonly archiveTime: number;
  /** Each collection's records: source file → hash of its text as read. */
  readonly records: Record<string, Record<string, string>>;
}

/** An archive as a build left it: its size, its last bytes (the end of its central directory) and how many entries it made in memory. */
export interface ArchiveMark {
  readonly bytes: number;
  readonly end: string;
  /** How many entries it holds. */
  readonly entries: number;
  /** Its first entries that are not files of the site (write-archive.ts's `extra`). */
  readonly made: number;
  /** Its entries deflated in pieces, with their pieces (pieces.ts's PackedPieces, in base64): what the next archive copies. */
  readonly pieces: Record<string, string>;
}

/** An archive's pieces as its mark keeps them. */
export const markedPieces = (mark: ArchiveMark): PieceIndex =>
  new Map(Object.entries(mark.pieces).map(([name, packed]) => [name, Buffer.from(packed, "base64")]));

export interface BuildInputs {
  readonly fingerprint: Fingerprint;
  /** The commit built: Netlify's COMMIT_REF, else git's HEAD; undefined outside a repository. */
  readonly commit?: string;
}

/**
 * What changed since the previous build, answered once: the collections to write again over the site the state
 * describes, and which of their records are as they were (same source file, same hash), so their own files are
 * on disk as they would be written; or build it all, for `full`.
 */
export type BuildPlan =
  | {
      readonly only: ReadonlySet<string>;
      readonly unchanged: (collection: string, uuid: string) => boolean;
      readonly state: BuildState;
    }
  | { readonly full: string };

/** The folder `npm run mirror` keeps between builds, beside the output it describes (tests build many outputs at once). */
export const cacheDir = (outDir: string) => `${outDir}.cache`;

export const stateFile = (outDir: string) => path.join(cacheDir(outDir), "state.json");

/** Where the cache keeps an archive of the output (by its path below the output): a link to the published one. */
export const keptArchive = (outDir: string, file: string) => path.join(cacheDir(outDir), file);

/** The files below `dir`, relative, `/`-separated, in a stable order. */
function filesBelow(projectDir: string, dir: string): string[] {
  const root = path.resolve(projectDir, dir);
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) return statSync(root, { throwIfNoEntry: false }) ? [dir] : [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(projectDir, path.join(d.parentPath, d.name)).split(path.sep).join("/"))
    .sort();
}

function git(projectDir: string, args: readonly string[]): string {
  return execFileSync("git", args, { cwd: projectDir, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
}

/** A hash of the files (below the project) and of the values given. */
function hashOf(projectDir: string, files: readonly string[], values: unknown): string {
  const hash = sha256Hash();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(path.resolve(projectDir, file)));
  return hash.update(JSON.stringify(values)).digest("hex");
}

export function buildInputs(projectDir: string, config: SiteConfig, layout: TreeLayout, env: NodeJS.ProcessEnv = process.env): BuildInputs {
  const fingerprint: Fingerprint = {
    code: hashOf(
      projectDir,
      CODE.flatMap((dir) => filesBelow(projectDir, dir)),
      [versions.node, versions.zlib],
    ),
    "config or environment": hashOf(projectDir, [], [config, ENV.map((name) => env[name] ?? null)]),
    translations: hashOf(projectDir, filesBelow(projectDir, path.join(config.contentDir, TRANSLATIONS_FOLDER)), []),
    layout: hashOf(projectDir, [], layout),
  };
  let commit = env.COMMIT_REF || undefined;
  try {
    commit ??= git(projectDir, ["rev-parse", "HEAD"]);
  } catch {
    // not a repository: no build can be trusted to follow another
  }
  return { fingerprint, commit };
}

/** Each record's hash, by collection and source file: its text's, which is all rendering it reads of it. */
export function recordHashes(catalogue: Catalogue): BuildState["records"] {
  return Object.fromEntries(
    [...catalogue.lists].map(([name, list]) => [name, Object.fromEntries(list.map(({ file, digest }) => [file, digest]))]),
  );
}

/** The last bytes kept of an archive: the classic end record, which the writer ends every archive with. */
const END_BYTES = 22;

/** An archive's size and last bytes (hex), or null when there is none. */
function archiveEnd(file: string): { bytes: number; end: string } | null {
  const bytes = statSync(file, { throwIfNoEntry: false })?.size;
  if (bytes === undefined) return null;
  const fd = openSync(file, "r");
  try {
    return { bytes, end: readAt(fd, Math.max(0, bytes - END_BYTES), Math.min(END_BYTES, bytes)).toString("hex") };
  } finally {
    closeSync(fd);
  }
}

/** Why the kept archives are not as the state says they were left; undefined if they are. */
function keptDiffers(outDir: string, archives: BuildState["archives"]): string | undefined {
  for (const [file, mark] of Object.entries(archives)) {
    if (!mark) continue;
    const kept = keptArchive(outDir, file);
    const found = archiveEnd(kept);
    if (!found) return `${kept} is missing`;
    if (found.bytes !== mark.bytes) return `${kept} holds ${found.bytes} bytes where the previous build left ${mark.bytes}`;
    if (found.end !== mark.end) return `${kept} does not end as the previous build left it`;
  }
  return undefined;
}

/** The state a build left, or why there is none to trust. */
function readState(outDir: string): BuildState | string {
  const file = stateFile(outDir);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return `no build state (${file}): the first build here, or the last one did not finish`;
  }
  try {
    const state = JSON.parse(text) as BuildState;
    if (state.format !== FORMAT || typeof state.fingerprint !== "object" || typeof state.records !== "object" || !state.archives)
      return `${file} is of another format`;
    return state;
  } catch {
    return `${file} is damaged (not JSON)`;
  }
}

/** Whether the commit built last is this one or one of its ancestors; why not, if not. */
function followsFrom(projectDir: string, last: string, now: string | undefined): string | undefined {
  if (now === undefined) return "no git commit to check the previous build's against";
  if (last === now) return undefined;
  try {
    git(projectDir, ["merge-base", "--is-ancestor", last, now]);
    return undefined;
  } catch (error) {
    const status = (error as { status?: number }).status;
    return status === 1
      ? `the previous build's commit ${last.slice(0, 12)} is not an ancestor of ${now.slice(0, 12)}`
      : `git cannot tell whether the previous build's commit ${last.slice(0, 12)} is an ancestor of ${now.slice(0, 12)}`;
  }
}

/** What changed since the last build (BuildPlan); a whole build when anything but the records changed. */
export function planBuild(projectDir: string, outDir: string, inputs: BuildInputs, catalogue: Catalogue): BuildPlan {
  const state = readState(outDir);
  if (typeof state === "string") return { full: state };
  const changed = (Object.keys(inputs.fingerprint) as (keyof Fingerprint)[]).filter(
    (part) => state.fingerprint[part] !== inputs.fingerprint[part],
  );
  if (changed.length) return { full: `the ${changed.join(" and the ")} changed since the previous build` };
  const unfollowed = followsFrom(projectDir, state.commit, inputs.commit);
  if (unfollowed) return { full: unfollowed };
  if (!state.archives[MIRROR_ARCHIVE]) return { full: "the previous build made no full mirror to write the site from" };
  const differs = keptDiffers(outDir, state.archives);
  if (differs) return { full: differs };
  const only = new Set<string>();
  const unchanged = new Set<string>();
  for (const name of new Set([...catalogue.lists.keys(), ...Object.keys(state.records)])) {
    const [list, then] = [catalogue.lists.get(name) ?? [], state.records[name] ?? {}];
    const same = list.filter(({ file, digest }) => then[file] === digest);
    // A record came, went or changed: the collection is written again, its unchanged records' own files left.
    if (same.length === list.length && same.length === Object.keys(then).length) continue;
    only.add(name);
    for (const { record } of same) unchanged.add(`${name}/${record.uuid}`);
  }
  return { only, unchanged: (collection, uuid) => unchanged.has(`${collection}/${uuid}`), state };
}

/** Before writing over the output: until the new state is kept, the output is not one a build can follow. */
export const forgetState = (outDir: string) => rmSync(stateFile(outDir), { force: true });

/** What a run says of the archives it left: their time, and each (by its path below the output) as written, or null where none was. */
export interface ArchivesLeft {
  readonly time: Date;
  readonly archives: Record<string, { entries: number; made: number; pieces: PieceIndex } | null>;
}

/** `to` made the file `from` is: linked (no bytes copied), or copied where the two are on different file systems. */
function linkAs(from: string, to: string): void {
  rmSync(to, { force: true });
  mkdirSync(path.dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** Keeps the state of a finished build, and its archives, read for their marks. */
export function storeState(outDir: string, inputs: BuildInputs, records: BuildState["records"], left: ArchivesLeft): void {
  if (inputs.commit === undefined) return;
  const marks = Object.fromEntries(
    Object.entries(left.archives).map(([file, archive]) => {
      const found = archive && archiveEnd(path.join(outDir, file));
      if (!archive || !found) {
        rmSync(keptArchive(outDir, file), { force: true });
        return [file, null];
      }
      linkAs(path.join(outDir, file), keptArchive(outDir, file));
      const pieces = Object.fromEntries([...archive.pieces].map(([name, packed]) => [name, Buffer.from(packed).toString("base64")]));
      return [file, { ...found, entries: archive.entries, made: archive.made, pieces }];
    }),
  );
  const archiveTime = left.time.getTime();
  const state: BuildState = {
    format: FORMAT,
    fingerprint: inputs.fingerprint,
    commit: inputs.commit,
    archives: marks,
    archiveTime,
    records,
  };
  writeFileSync(stateFile(outDir), JSON.stringify(state));
}

/** The archives an update starts from: the kept ones, put back where the output publishes them. */
export function linkKeptArchives(outDir: string, state: BuildState): void {
  for (const [file, mark] of Object.entries(state.archives)) if (mark) linkAs(keptArchive(outDir, file), path.join(outDir, file));
}
