/**
 * The working tree's content folder as the GitHub API's store, for
 * `npm run cms`: Decap's GitHub backend lists, reads and saves records as it
 * does against GitHub, and a save writes the files (each renamed into place,
 * so `npm run dev`'s watcher never reads half a file) and commits nothing:
 * the editor reviews with git. The branch stands for the files as they are;
 * its commit changes with every save, so a save on a stale parent is refused
 * as GitHub refuses it.
 *
 * A file's id stands for its path, size and modification time (not a git
 * hash, which would read every record to list a folder): listing a folder of
 * 42,500 records stats them and reads none. Files are read only when asked
 * for, one at a time with the build's own reader, and one that cannot be read
 * is refused naming it and why, never answered as an empty record.
 *
 * Paths are the repository's (`content/videos/x.json`); the prefix maps to
 * the content folder served, and nothing outside it is listed, read or
 * written, through a symbolic link either. A folder lists what the build
 * reads there and nothing else (no hidden file, none that is not JSON, no
 * folder inside a collection's), so the editor sees the records the build
 * publishes: the build's rules (pipeline/load/content-folder.ts), and its
 * words for what cannot be read.
 */
import { lstatSync, statSync } from "node:fs";
import { mkdir, realpath, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { A_RECORD, contentEntry, followLink, isInside, listFolder, readRecord } from "../../../pipeline/load/content-folder.ts";
import { readTextFile } from "../../../pipeline/load/read-text-file.ts";
import { sha1 } from "../../../hashes.ts";
import { checkedTreeish, StoreRefusal, type CommitObject, type RepositoryStore, type TreeChange, type TreeEntry } from "./store.ts";
import { appendAll } from "../../../core/append-all.ts";

export interface WorkingTreeOptions {
  /** The folder of records it serves. */
  readonly contentDir: string;
  /** How the repository names that folder (package.json's config.contentDir). */
  readonly repoContentDir: string;
  /** The one branch, which stands for the working tree. */
  readonly branch: string;
}

/** Git's id of a blob, as GitHub answers an uploaded one. */
const blobSha = (content: Buffer) => sha1(`blob ${content.length}\0`, content);

export async function openWorkingTreeStore(options: WorkingTreeOptions): Promise<RepositoryStore> {
  const root = await realpath(options.contentDir);
  const prefix = options.repoContentDir.replace(/\/+$/, "");
  const started = new Date().toISOString();
  const who = { name: "working tree", email: "", date: started };
  const commits = new Map<string, CommitObject>();
  /** Trees a save builds: a base and the files it sets or removes. */
  const trees = new Map<string, TreeChange[]>();
  /** Uploaded blobs, until a save writes them. */
  const uploads = new Map<string, Buffer>();
  /** Listed files by id. */
  const files = new Map<string, string>();
  let saving: Promise<unknown> = Promise.resolve();

  const first = sha1("working tree", started);
  commits.set(first, { sha: first, tree: sha1("tree", started), parents: [], message: "The working tree", author: who, committer: who });
  let head = first;

  /** A repository path → the file in the content folder, or undefined if it is not in it. */
  function located(repoPath: string): string | undefined {
    const name = path.posix.normalize(repoPath.replace(/^\/+|\/+$/g, ""));
    if (name === prefix) return root;
    if (!name.startsWith(`${prefix}/`) || name.split("/").includes("..")) return undefined;
    return path.join(root, name.slice(prefix.length + 1));
  }
  const inside = (real: string) => isInside(root, real);
  /** How the repository names a file of the content folder. */
  const repoName = (file: string) => [prefix, ...path.relative(root, file).split(path.sep)].filter(Boolean).join("/");
  const fileId = (file: string, size: number, mtimeNs: bigint) => sha1(file, "\0", String(size), "\0", String(mtimeNs));

  /**
   * A folder's tree entries, `below` being its path from the content folder: what the build reads there and
   * nothing else (content-folder.ts), each file stat'ed in turn: synchronous calls take a tenth of the time of
   * 42,500 pending ones.
   */
  function listTree(folder: string, below: string, relative: string, recursive: boolean): TreeEntry[] {
    const listed = listFolder(folder);
    if (!Array.isArray(listed)) throw new StoreRefusal(`${repoName(folder)}: expected a folder, found ${listed.found}`);
    const entries: TreeEntry[] = [];
    for (const d of listed) {
      const file = path.join(folder, d.name);
      const name = relative ? `${relative}/${d.name}` : d.name;
      const fromRoot = below ? `${below}/${d.name}` : d.name;
      // A link is followed within the content folder; one that leads out (or to nothing) is listed where the
      // build reads a record, and reading it says why not, as the build does.
      const target = d.isSymbolicLink() ? followLink(file, root, prefix) : undefined;
      const link = target !== undefined && ("found" in target || target.outside !== undefined);
      const info = (link ? lstatSync : statSync)(file, { bigint: true, throwIfNoEntry: false });
      if (!info) continue; // removed since it was listed
      const entry = contentEntry(fromRoot, info.isDirectory());
      if (entry === "folder") {
        entries.push({ path: name, mode: "040000", type: "tree", sha: sha1("tree", file, String(info.mtimeNs)) });
        if (recursive) appendAll(entries, listTree(file, fromRoot, name, true));
      } else if (entry === "record") {
        const id = fileId(file, Number(info.size), info.mtimeNs);
        files.set(id, file);
        entries.push({ path: name, mode: "100644", type: "blob", sha: id, size: Number(info.size) });
      }
    }
    return entries.sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  /**
   * A listed file's text, read as the build reads a record: synchronously, one open file at a time however many a
   * page asks for; one that cannot be read is refused with its path and why, in `npm run validate`'s words.
   */
  function readListed(file: string): string {
    const entry = lstatSync(file, { throwIfNoEntry: false });
    // One removed since it was listed: the reader says so.
    const read = entry ? readRecord(entry, file, root, prefix) : readTextFile(file, A_RECORD);
    if (!("text" in read)) throw new StoreRefusal(`${repoName(file)}: expected ${read.expected}, found ${read.found}`);
    return read.text;
  }

  /** A file a save writes or removes: in the content folder, its folder (as far as it exists) too, links resolved. */
  async function writable(repoPath: string): Promise<string> {
    const file = located(repoPath);
    if (!file || file === root) throw new StoreRefusal(`${repoPath} is not in ${prefix}/`);
    let folder = path.dirname(file);
    while (!(await stat(folder).catch(() => undefined))) folder = path.dirname(folder);
    if (!inside(await realpath(folder))) throw new StoreRefusal(`${repoPath} leads outside ${prefix}/`);
    return file;
  }

  async function write(file: string, content: Buffer): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.cms-${process.pid}`;
    await writeFile(temporary, content);
    await rename(temporary, file);
  }

  return {
    branchHead: async (branch) => (branch === options.branch ? head : undefined),

    async tree(treeish, recursive) {
      if (trees.has(treeish))
        return {
          sha: treeish,
          entries: trees.get(treeish)!.flatMap((c) => (c.sha ? [{ path: c.path, mode: c.mode, type: "blob" as const, sha: c.sha }] : [])),
        };
      const [branch, ...rest] = checkedTreeish(treeish).split(":");
      const folder = located(rest.join(":"));
      if (branch !== options.branch || rest.length === 0 || !folder) return undefined;
      const real = await realpath(folder).catch((error: { code?: string }) => (error.code === "ENOENT" ? null : undefined));
      // A folder not there yet (the media folder, a new collection's) holds nothing, as it did for Decap's local backend.
      if (real === null) return { sha: sha1("tree"), entries: [] };
      if (!real || !inside(real) || !(await stat(real)).isDirectory()) return undefined;
      const entries = listTree(real, path.relative(root, folder).split(path.sep).join("/"), "", recursive);
      return { sha: sha1("tree", JSON.stringify(entries)), entries };
    },

    async blob(sha) {
      const uploaded = uploads.get(sha);
      if (uploaded) return uploaded;
      const file = files.get(sha);
      return file ? Buffer.from(readListed(file), "utf8") : undefined;
    },

    commit: async (sha) => commits.get(sha),

    async history(start, repoPath) {
      const commit = commits.get(start === options.branch ? head : start);
      const file = repoPath ? located(repoPath) : undefined;
      if (!commit) return [];
      if (!repoPath) return [commit];
      const info = file && (await stat(file).catch(() => undefined));
      if (!info) return [];
      // The file's own time: the working tree has no history.
      const changed = { ...who, date: info.mtime.toISOString() };
      return [{ ...commit, author: changed, committer: changed }];
    },

    async writeBlob(content) {
      const sha = blobSha(content);
      uploads.set(sha, content);
      return sha;
    },

    async writeTree(base, changes) {
      for (const change of changes) if (!located(change.path)) throw new StoreRefusal(`${change.path} is not in ${prefix}/`);
      const all = [...(base ? (trees.get(base) ?? []) : []), ...changes];
      const sha = sha1("tree", base ?? "", JSON.stringify(all));
      trees.set(sha, all);
      return sha;
    },

    async writeCommit(message, tree, parents, author) {
      if (!trees.has(tree)) throw new StoreRefusal(`${tree} is not a tree of this repository`);
      const sha = sha1("commit", tree, parents.join(","), message, String(commits.size));
      commits.set(sha, { sha, tree, parents, message, author: author ?? who, committer: author ?? who });
      return sha;
    },

    moveBranch(branch, sha, force) {
      const move = async () => {
        const commit = commits.get(sha);
        if (branch !== options.branch) return "no-such-branch" as const;
        if (!commit || !trees.has(commit.tree)) return "no-such-commit" as const;
        if (!force && commit.parents[0] !== head) return "not-fast-forward" as const;
        const changes = trees.get(commit.tree)!;
        // Every path checked before any file is written.
        const targets = await Promise.all(changes.map((c) => writable(c.path)));
        for (const [i, change] of changes.entries()) {
          if (change.sha === null) await unlink(targets[i]).catch(() => undefined);
          else {
            const content = uploads.get(change.sha);
            if (!content) throw new StoreRefusal(`${change.sha} is not a blob uploaded to this repository`);
            await write(targets[i], content);
          }
        }
        for (const change of changes) if (change.sha) uploads.delete(change.sha);
        head = sha;
        return "moved" as const;
      };
      // One save at a time: the check of the parent and the writes are one step.
      const result = saving.then(move, move);
      saving = result.catch(() => undefined);
      return result;
    },

    // Branches other than the working tree (Decap's editorial workflow) do not exist here.
    createBranch: async () => "no-such-branch",
    deleteBranch: async () => "no-such-branch",
    close: async () => undefined,
  };
}
