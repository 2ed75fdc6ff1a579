/** A git repository holding a copy of a content folder at `content/`, one commit on `main`: what the CMS's GitHub backend edits. */
import { execFile } from "node:child_process";
import { cp, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { openGitStore } from "./git-store.ts";
import { startGithubApiServer, type GithubApiServer } from "../build-scripts/tools/cms/github-api/server.ts";

const run = promisify(execFile);

export interface ContentRepository {
  /** The work tree; its content folder is `content/`. */
  readonly dir: string;
  readonly gitDir: string;
  /** Runs git in it; resolves with what it printed. */
  git(...args: string[]): Promise<string>;
}

const AUTHOR = {
  GIT_AUTHOR_NAME: "Catalogue",
  GIT_AUTHOR_EMAIL: "catalogue@example.org",
  GIT_COMMITTER_NAME: "Catalogue",
  GIT_COMMITTER_EMAIL: "catalogue@example.org",
};

export async function contentRepository(contentDir: string, parent = tmpdir()): Promise<ContentRepository> {
  const dir = await mkdtemp(path.join(parent, "catalogue-repo-"));
  const git = async (...args: string[]) =>
    (await run("git", ["-C", dir, ...args], { env: { ...process.env, ...AUTHOR }, maxBuffer: 256 * 1024 ** 2 })).stdout;
  await cp(contentDir, path.join(dir, "content"), { recursive: true });
  await git("init", "--quiet", "--initial-branch=main");
  await git("add", "content");
  await git("commit", "--quiet", "--message", "The catalogue");
  return { dir, gitDir: path.join(dir, ".git"), git };
}

/** The GitHub-API server over the repository, as GitHub would answer its one editor on `main`. */
export function serveRepository(
  repository: ContentRepository,
  options: { readonly repo: string; readonly token: string; readonly port: number; readonly origin: string },
): Promise<GithubApiServer> {
  return startGithubApiServer({
    store: openGitStore(repository.gitDir),
    repo: options.repo,
    branch: "main",
    port: options.port,
    origins: [options.origin],
    token: options.token,
    user: { login: "editor", name: "An Editor", email: "editor@example.org" },
  });
}
