/** Files and bytes written, per file extension. */
export class WriteStats {
  readonly byExtension = new Map<string, { files: number; bytes: number }>();

  add(file: string, bytes: number): void {
    const name = file.slice(file.lastIndexOf("/") + 1);
    this.count(name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : "(none)", { files: 1, bytes });
  }

  /** Add counts gathered elsewhere (by a render thread). */
  merge(byExtension: Iterable<[string, { files: number; bytes: number }]>): void {
    for (const [ext, counts] of byExtension) this.count(ext, counts);
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
