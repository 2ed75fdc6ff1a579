/**
 * A real git repository as the GitHub API's store, through the git command:
 * objects read by one long-running `git cat-file --batch`, trees listed by
 * `ls-tree`, a save written as GitHub writes it (`hash-object -w`, a tree from
 * a temporary index, `commit-tree`) and a branch moved by `update-ref` with
 * its old value, so a stale parent is refused as GitHub refuses a push that
 * is not a fast-forward.
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  checkedTreeish,
  isSha,
  type CommitObject,
  type Person,
  type RepositoryStore,
  type TreeEntry,
} from "../build-scripts/tools/cms/github-api/store.ts";

interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** The fields of a commit `git log --format` gives, NUL-separated, in CommitObject's order. */
const COMMIT_FORMAT = "%H%x00%T%x00%P%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B%x00";

export function openGitStore(gitDir: string): RepositoryStore {
  const git = (args: string[], input?: Buffer | string, env: NodeJS.ProcessEnv = {}) =>
    new Promise<GitResult>((resolve, reject) => {
      const child = execFile(
        "git",
        ["--git-dir", gitDir, ...args],
        { encoding: "buffer", maxBuffer: 1024 ** 3, env: { ...process.env, ...env } },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
          if (code === -1) reject(error!);
          else resolve({ code, stdout, stderr: stderr.toString() });
        },
      );
      child.stdin!.end(input);
    });
  const ok = async (args: string[], input?: Buffer | string, env?: NodeJS.ProcessEnv) => {
    const result = await git(args, input, env);
    if (result.code !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr.trim()}`);
    return result.stdout.toString("utf8");
  };
  const objects = catFileBatch(gitDir);

  async function commits(args: string[]): Promise<CommitObject[]> {
    const { code, stdout } = await git(["log", `--format=${COMMIT_FORMAT}`, ...args]);
    if (code !== 0) return [];
    const fields = stdout.toString("utf8").split("\0");
    const found: CommitObject[] = [];
    for (let i = 0; i + 10 <= fields.length; i += 10) {
      const [sha, tree, parents, an, ae, ad, cn, ce, cd, message] = fields.slice(i, i + 10).map((f, n) => (n === 0 ? f.trim() : f));
      found.push({
        sha,
        tree,
        parents: parents ? parents.split(" ") : [],
        message: message.replace(/\n$/, ""),
        author: { name: an, email: ae, date: ad },
        committer: { name: cn, email: ce, date: cd },
      });
    }
    return found;
  }

  async function resolve(name: string, type: "commit" | "tree"): Promise<string | undefined> {
    const [ref, ...folder] = checkedTreeish(name).split(":");
    // `<branch>:<folder>` names an object in the branch's tree, which cannot be peeled: its type is asked instead.
    const expression = folder.length ? `${ref}^{commit}:${folder.join(":")}` : `${ref}^{${type}}`;
    const { code, stdout } = await git(["rev-parse", "--verify", "--quiet", expression]);
    const sha = stdout.toString().trim();
    if (code !== 0) return undefined;
    return !folder.length || (await git(["cat-file", "-t", sha])).stdout.toString().trim() === type ? sha : undefined;
  }

  const head = (branch: string) => resolve(`refs/heads/${branch}`, "commit");

  return {
    branchHead: (branch) => head(checkedTreeish(branch)),

    async tree(treeish, recursive) {
      const sha = await resolve(treeish, "tree");
      if (!sha) return undefined;
      const format = "%(objectmode) %(objecttype) %(objectname) %(objectsize)%x09%(path)";
      const listing = await ok(["ls-tree", "-z", ...(recursive ? ["-r", "-t"] : []), `--format=${format}`, sha]);
      const entries = listing
        .split("\0")
        .filter(Boolean)
        .map((line): TreeEntry => {
          const tab = line.indexOf("\t");
          const [mode, type, object, size] = line.slice(0, tab).split(" ");
          const entryPath = line.slice(tab + 1);
          return type === "blob"
            ? { path: entryPath, mode, type: "blob", sha: object, size: Number(size) }
            : { path: entryPath, mode, type: "tree", sha: object };
        });
      return { sha, entries };
    },

    blob: async (sha) => (isSha(sha) ? objects.read(sha, "blob") : undefined),

    async commit(sha) {
      if (!isSha(sha)) return undefined;
      const [found] = await commits(["-n", "1", "--no-walk", sha]);
      return found;
    },

    history: (start, file, limit) => commits([`-n${limit}`, checkedTreeish(start), "--", ...(file ? [file] : [])]),

    writeBlob: async (content) => (await ok(["hash-object", "-w", "--stdin"], content)).trim(),

    async writeTree(base, changes) {
      // A temporary index: the base tree read into it, the changes applied, written as a tree.
      const dir = await mkdtemp(path.join(tmpdir(), "github-api-index-"));
      const env = { GIT_INDEX_FILE: path.join(dir, "index") };
      try {
        if (base) await ok(["read-tree", (await resolve(base, "tree")) ?? checkedTreeish(base)], undefined, env);
        else await ok(["read-tree", "--empty"], undefined, env);
        const lines = changes.map((c) =>
          c.sha === null ? `0 ${"0".repeat(40)}\t${c.path}` : `${c.mode} ${isSha(c.sha) ? c.sha : "-"}\t${c.path}`,
        );
        await ok(["update-index", "--index-info"], `${lines.join("\n")}\n`, env);
        return (await ok(["write-tree"], undefined, env)).trim();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    async writeCommit(message, tree, parents, author) {
      const who: Person = author ?? { name: "Decap CMS", email: "decap@localhost", date: new Date().toISOString() };
      const env = {
        GIT_AUTHOR_NAME: who.name,
        GIT_AUTHOR_EMAIL: who.email,
        GIT_AUTHOR_DATE: who.date,
        GIT_COMMITTER_NAME: who.name,
        GIT_COMMITTER_EMAIL: who.email,
      };
      const args = ["commit-tree", tree, ...parents.flatMap((p) => ["-p", p])];
      return (await ok(args, message, env)).trim();
    },

    async moveBranch(branch, sha, force) {
      const current = await head(checkedTreeish(branch));
      if (!current) return "no-such-branch";
      if (!(await resolve(sha, "commit"))) return "no-such-commit";
      if (!force && (await git(["merge-base", "--is-ancestor", current, sha])).code !== 0) return "not-fast-forward";
      // With the old value: another save that moved the branch meanwhile makes this one fail, not vanish.
      const { code } = await git(["update-ref", `refs/heads/${branch}`, sha, current]);
      return code === 0 ? "moved" : "not-fast-forward";
    },

    async createBranch(branch, sha) {
      if (!(await resolve(sha, "commit"))) return "no-such-commit";
      const { code } = await git(["update-ref", `refs/heads/${checkedTreeish(branch)}`, sha, ""]);
      return code === 0 ? "moved" : "branch-exists";
    },

    async deleteBranch(branch) {
      const current = await head(checkedTreeish(branch));
      if (!current) return "no-such-branch";
      await ok(["update-ref", "-d", `refs/heads/${branch}`, current]);
      return "moved";
    },

    close: () => objects.close(),
  };
}

/** One `git cat-file --batch` for every object read, answering in the order asked. */
function catFileBatch(gitDir: string) {
  let process: ChildProcessWithoutNullStreams | undefined;
  let buffered = Buffer.alloc(0);
  const waiting: { type: string; resolve: (content: Buffer | undefined) => void; reject: (error: Error) => void }[] = [];

  function drain(): void {
    while (waiting.length > 0) {
      const newline = buffered.indexOf(10);
      if (newline < 0) return;
      const header = buffered.subarray(0, newline).toString();
      const [, type, size] = header.split(" ");
      if (header.endsWith(" missing") || size === undefined) {
        buffered = buffered.subarray(newline + 1);
        waiting.shift()!.resolve(undefined);
        continue;
      }
      const end = newline + 1 + Number(size);
      if (buffered.length < end + 1) return;
      const content = Buffer.from(buffered.subarray(newline + 1, end));
      buffered = buffered.subarray(end + 1);
      const asked = waiting.shift()!;
      asked.resolve(type === asked.type ? content : undefined);
    }
  }

  function started(): ChildProcessWithoutNullStreams {
    if (process) return process;
    const child = spawn("git", ["--git-dir", gitDir, "cat-file", "--batch"]);
    child.stdout.on("data", (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      drain();
    });
    child.once("exit", () => {
      for (const asked of waiting.splice(0)) asked.reject(new Error("git cat-file stopped"));
      process = undefined;
    });
    process = child;
    return child;
  }

  return {
    read: (sha: string, type: string) =>
      new Promise<Buffer | undefined>((resolve, reject) => {
        waiting.push({ type, resolve, reject });
        started().stdin.write(`${sha}\n`);
      }),
    close: async () => {
      process?.stdin.end();
      process = undefined;
    },
  };
}
