/**
 * Watches folders (with every folder below them) and single files, and
 * reports the paths that changed in batches: events that arrive within
 * `settleMs` of each other are one batch (an editor's save is often two or
 * three events). `seenAt` is when the first event of the batch arrived, so
 * the caller can time save → written files.
 *
 * Each folder gets its own non-recursive watcher: Node 20's recursive watch on
 * Linux loses a file once an editor replaces it (write to a temporary file,
 * then rename), which is how many editors save.
 */
import { readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";

export type OnBatch = (paths: ReadonlySet<string>, seenAt: number) => void;

const skipped = (name: string) => name.startsWith(".") || name === "node_modules";

export function watchFolders(targets: readonly string[], onBatch: OnBatch, settleMs = 20): () => void {
  let pending = new Set<string>();
  let seenAt = 0;
  let timer: NodeJS.Timeout | undefined;
  const watchers = new Map<string, FSWatcher>();

  const seen = (file: string) => {
    if (pending.size === 0) seenAt = performance.now();
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = pending;
      pending = new Set();
      onBatch(batch, seenAt);
    }, settleMs);
  };

  const watchTree = (dir: string) => {
    if (watchers.has(dir)) return;
    watchers.set(
      dir,
      watch(dir, (_event, name) => {
        if (!name || skipped(name.toString())) return;
        const file = path.join(dir, name.toString());
        if (isDirectory(file)) watchTree(file);
        seen(file);
      }),
    );
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && !skipped(entry.name)) watchTree(path.join(dir, entry.name));
    }
  };

  for (const target of targets) {
    if (isDirectory(target)) {
      watchTree(target);
    } else {
      const dir = path.dirname(target);
      watchers.set(
        target,
        watch(dir, (_event, name) => {
          if (name?.toString() === path.basename(target)) seen(target);
        }),
      );
    }
  }
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
  };
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
