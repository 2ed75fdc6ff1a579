/**
 * A tree's layout: how many levels of bucket folders each split collection
 * has (output-tree.ts says where its files then are). A host refuses a deploy
 * with too many entries in one folder, so a collection whose folder would
 * pass the folder limit (SiteConfig.folderLimit) is split, and its record
 * slices move into subfolders once theirs would. The build chooses it and
 * writes it to search/layout.json in every tree, `{"version":1,"levels":{"videos":1}}`,
 * naming only split collections; the edge and the browser read it there.
 */
import type { Json } from "../catalogue/resource.ts";
import { FORMAT_TABLE } from "../format-table.ts";
import { pageHex } from "./output-tree.ts";

export interface TreeLayout {
  readonly version: 1;
  /** A split collection's bucket levels (≥ 1); a collection not named is flat. */
  readonly levels: Readonly<Record<string, number>>;
}

export const FLAT_LAYOUT: TreeLayout = { version: 1, levels: {} };

/** The most levels: a uuid's last group has 12 hex digits. */
const MAX_LEVELS = 6;

/** A collection's bucket levels in a layout (0: flat; no layout is flat). */
export const levelsOf = (layout: TreeLayout | undefined, collection: string): number =>
  layout && Object.hasOwn(layout.levels, collection) ? layout.levels[collection] : 0;

/** A layout as published, checked; a tree published without one (an older build) is flat. */
export function parseLayout(data: Json | undefined): TreeLayout {
  if (data === undefined) return FLAT_LAYOUT;
  const levels = typeof data === "object" && data !== null && !Array.isArray(data) ? data.levels : undefined;
  const valid =
    typeof levels === "object" &&
    levels !== null &&
    !Array.isArray(levels) &&
    Object.values(levels).every((n) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= MAX_LEVELS);
  if (!valid || (data as { version?: unknown }).version !== 1)
    throw new Error(`search/layout.json: expected {"version":1,"levels":{<collection>: 1…${MAX_LEVELS}}}, found ${JSON.stringify(data)}.`);
  return data as unknown as TreeLayout;
}

/** The layout of a tree whose collections hold these uuids (by collection), their HTML lists in pages of `pageSize`. */
export function chooseLayout(lists: Iterable<readonly [string, readonly string[]]>, limit: number, pageSize: number): TreeLayout {
  const levels: Record<string, number> = {};
  for (const [collection, uuids] of lists) {
    const chosen = chooseLevels(collection, uuids, Math.max(1, Math.ceil(uuids.length / pageSize)), limit);
    if (chosen > 0) levels[collection] = chosen;
  }
  return { version: 1, levels };
}

/**
 * The fewest levels (0: flat) at which every folder of a collection holds at
 * most `limit` entries, counting the entries its uuids and pages really make
 * (uuids that are not random still fit): its lists' index files, a folder per
 * resource and HTML pages 2…`pages`, with the bucket folders between.
 */
export function chooseLevels(collection: string, uuids: readonly string[], pages: number, limit: number): number {
  let largest = 0;
  for (let levels = 0; levels <= MAX_LEVELS; levels++) {
    largest = largestFolder(uuids, pages, levels);
    if (largest <= limit) return levels;
  }
  throw new Error(
    `api/${collection}/: no split of up to ${MAX_LEVELS} levels of bucket folders keeps every folder within the folder limit: expected at most ${limit} entries, found ${largest} in one folder (FOLDER_LIMIT is set too low).`,
  );
}

/**
 * The entries of a collection's fullest folder at `levels`. A bucket path is
 * a name's last 2 × `levels` hex digits, read as a number: its folder one
 * level up is that number over 256.
 */
function largestFolder(uuids: readonly string[], pages: number, levels: number): number {
  const lists = FORMAT_TABLE.length;
  if (levels === 0) return lists + uuids.length + Math.max(0, pages - 1);
  let folders = new Map<number, number>();
  const add = (hex: string) => {
    const bucket = parseInt(hex.slice(-2 * levels), 16);
    folders.set(bucket, (folders.get(bucket) ?? 0) + 1);
  };
  for (const uuid of uuids) add(uuid);
  for (let page = 2; page <= pages; page++) add(pageHex(page, levels));
  let largest = 0;
  for (let level = levels; level >= 1; level--) {
    for (const entries of folders.values()) largest = Math.max(largest, entries);
    // Each folder of this level is one entry of its parent.
    const parents = new Map<number, number>();
    for (const bucket of folders.keys()) parents.set(Math.floor(bucket / 256), (parents.get(Math.floor(bucket / 256)) ?? 0) + 1);
    folders = parents;
  }
  return Math.max(largest, lists + (folders.get(0) ?? 0));
}

/**
 * Slices per subfolder of a list's search files (output-tree.ts's
 * recordSliceName), or undefined while the slices and the `others` files
 * known before rendering (entry offsets, columns) fit in one folder; the
 * index's term and fragment files are left to the limit's margin under the
 * host's, which the build's folder check (folder-limit.ts) holds to.
 */
export function slicesPerFolder(slices: number, others: number, limit: number): number | undefined {
  return slices + others <= limit ? undefined : limit;
}
