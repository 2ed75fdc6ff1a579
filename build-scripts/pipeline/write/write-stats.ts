/** A size for people: "701.8 kB", "1.3 MB". No imports, so the benchmark's Deno half loads it too. */
export const formatBytes = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);

/** Files and bytes written, per file extension, and files per folder (for the host's folder limit: folder-limit.ts). */
export class WriteStats {
  readonly byExtension = new Map<string, { files: number; bytes: number }>();
  /** Files written directly in each folder of the output tree ("" is the output folder itself). */
  readonly filesByFolder = new Map<string, number>();
  /** Files removed from an older tree (`npm run dev`): a deleted record's, pages a list no longer has. */
  removed = 0;

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
  }

  /** The counts as plain data, to send to another thread. */
  counts(): WriteCounts {
    return { byExtension: [...this.byExtension], filesByFolder: [...this.filesByFolder] };
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
}
