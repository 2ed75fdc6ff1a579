/** A size for people: "701.8 kB", "1.3 MB". No imports, so the benchmark's Deno half loads it too. */
export const formatBytes = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);

/**
 * What a run over an older tree (UpdatingWriter) changed in it: each file
 * written (new, or of other bytes) or removed, by its path below the output
 * folder, the last word kept; and how the output's files and bytes changed.
 * `npm run mirror` updates its archives and build state from it, unlisted.
 */
export class OutputChanges {
  /** Path → true: written; false: removed. */
  readonly paths = new Map<string, boolean>();
  files = 0;
  bytes = 0;

  /** `before`: the size of the file it replaced, if there was one. */
  wrote(file: string, bytes: number, before: number | undefined): void {
    this.paths.set(file, true);
    this.files += before === undefined ? 1 : 0;
    this.bytes += bytes - (before ?? 0);
  }

  removed(file: string, bytes: number): void {
    this.paths.set(file, false);
    this.files -= 1;
    this.bytes -= bytes;
  }

  merge({ paths, files, bytes }: ChangeCounts): void {
    for (const [file, written] of paths) this.paths.set(file, written);
    this.files += files;
    this.bytes += bytes;
  }

  counts(): ChangeCounts {
    return { paths: [...this.paths], files: this.files, bytes: this.bytes };
  }
}

export interface ChangeCounts {
  readonly paths: readonly [string, boolean][];
  readonly files: number;
  readonly bytes: number;
}

/** Files and bytes written, per file extension, and files per folder (for the host's folder limit: folder-limit.ts). */
export class WriteStats {
  readonly byExtension = new Map<string, { files: number; bytes: number }>();
  /** Files written directly in each folder of the output tree ("" is the output folder itself). */
  readonly filesByFolder = new Map<string, number>();
  /** Files removed from an older tree (`npm run dev`): a deleted record's, pages a list no longer has. */
  removed = 0;
  /** Over an older tree: what changed in it (whole builds leave it empty). */
  readonly changes = new OutputChanges();

  /** `file`: a path of the output tree ("/"-separated, relative). */
  add(file: string, bytes: number): void {
    const slash = file.lastIndexOf("/");
    const name = file.slice(slash + 1);
    this.count(name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : "(none)", { files: 1, bytes });
    const folder = file.slice(0, Math.max(0, slash));
    this.filesByFolder.set(folder, (this.filesByFolder.get(folder) ?? 0) + 1);
  }

  /** Add counts gathered elsewhere (by a render thread: see `counts`). */
  merge(counts: WriteCounts): void {
    for (const [ext, count] of counts.byExtension) this.count(ext, count);
    for (const [folder, files] of counts.filesByFolder) this.filesByFolder.set(folder, (this.filesByFolder.get(folder) ?? 0) + files);
    this.changes.merge(counts.changes);
  }

  /** The counts as plain data, to send to another thread. */
  counts(): WriteCounts {
    return { byExtension: [...this.byExtension], filesByFolder: [...this.filesByFolder], changes: this.changes.counts() };
  }

  private count(ext: string, counts: { files: number; bytes: number }): void {
    const entry = this.byExtension.get(ext) ?? { files: 0, bytes: 0 };
    entry.files += counts.files;
    entry.bytes += counts.bytes;
    this.byExtension.set(ext, entry);
  }

  get files(): number {
    return [...this.byExtension.values()].reduce((n, e) => n + e.files, 0);
  }

  get bytes(): number {
    return [...this.byExtension.values()].reduce((n, e) => n + e.bytes, 0);
  }
}

export interface WriteCounts {
  readonly byExtension: readonly [string, { files: number; bytes: number }][];
  readonly filesByFolder: readonly [string, number][];
  readonly changes: ChangeCounts;
}

/** The counts of a chunk taken again rather than rendered: its files are on disk already. */
export const NOTHING_WRITTEN: WriteCounts = { byExtension: [], filesByFolder: [], changes: { paths: [], files: 0, bytes: 0 } };
