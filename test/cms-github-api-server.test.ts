/**
 * npm run cms's GitHub-API server: over the working tree's content folder
 * and nothing else, for the site's own pages only, by its own host name;
 * a save writes files and commits nothing; a stale parent is refused.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WORKING_TREE_BRANCH, WORKING_TREE_REPO } from "../build-scripts/core/cms/github-api-server-address.ts";
import { readContent } from "../build-scripts/pipeline/load/read-sources.ts";
import { serveWorkingTree } from "../build-scripts/tools/cms/github-api/serve-working-tree.ts";
import type { GithubApiServer } from "../build-scripts/tools/cms/github-api/server.ts";
import { freePort } from "../harness/processes.ts";
import { tempContent } from "./helpers/temp-content.ts";

const SITE = "http://127.0.0.1:8080";
let contentDir: string;
let api: GithubApiServer;

beforeAll(async () => {
  contentDir = await tempContent("content");
  await symlink("/etc", path.join(contentDir, "videos", "elsewhere"));
  await symlink("/etc/hostname", path.join(contentDir, "videos", "hostname.json"));
  // What a folder of records may hold that the build does not publish.
  const record = await readFile(path.join(contentDir, "videos/what-is-a-volcano.json"), "utf8");
  for (const name of ["_draft.json", ".unsaved.json", "notes.txt", "what-is-a-volcano.json.orig"])
    await writeFile(path.join(contentDir, "videos", name), record);
  await mkdir(path.join(contentDir, "videos", "drafts"));
  api = await serveWorkingTree({ contentDir, repoContentDir: "content", port: await freePort(), origins: [SITE] });
});
afterAll(async () => {
  await api?.close();
  await rm(path.dirname(contentDir), { recursive: true, force: true });
});

type Body = { sha: string; tree: { path: string; sha: string; type: string }[]; content: string; commit: { sha: string }; message: string };

async function ask(method: string, endpoint: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${api.url}/repos/${WORKING_TREE_REPO}${endpoint}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: SITE, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body, allowed: response.headers.get("access-control-allow-origin") };
}

/** A save as Decap's GitHub backend makes it: a blob per file, a tree on the branch's commit, a commit, the branch moved. */
async function save(files: Record<string, string>, parent?: string) {
  const head = parent ?? (await ask("GET", `/branches/${WORKING_TREE_BRANCH}`)).body.commit.sha;
  const tree = [];
  for (const [file, text] of Object.entries(files)) {
    const blob = await ask("POST", "/git/blobs", { content: Buffer.from(text).toString("base64"), encoding: "base64" });
    tree.push({ path: file, mode: "100644", type: "blob", sha: blob.body.sha });
  }
  const written = await ask("POST", "/git/trees", { base_tree: head, tree });
  if (written.status !== 201) return written;
  const commit = await ask("POST", "/git/commits", { message: "Update", tree: written.body.sha, parents: [head] });
  return ask("PATCH", `/git/refs/heads/${WORKING_TREE_BRANCH}`, { sha: commit.body.sha, force: false });
}

describe("npm run cms's GitHub-API server over the working tree", () => {
  it("listens on 127.0.0.1 only", () => {
    expect(new URL(api.url).hostname).toBe("127.0.0.1");
  });

  it("lists a collection's records as the configuration names the folder, each read with its file's text", async () => {
    const { status, body, allowed } = await ask("GET", `/git/trees/${WORKING_TREE_BRANCH}:content/units`);
    expect([status, allowed]).toEqual([200, SITE]);
    const one = body.tree.find((e) => e.path === "ancient-mediterranean-worlds.json")!;
    const blob = await ask("GET", `/git/blobs/${one.sha}`);
    expect(Buffer.from(blob.body.content, "base64").toString("utf8")).toBe(
      await readFile(path.join(contentDir, "units/ancient-mediterranean-worlds.json"), "utf8"),
    );
  });

  it("lists the records the build reads and no other entry: no hidden file, none that is not JSON, no folder", async () => {
    const { body } = await ask("GET", `/git/trees/${WORKING_TREE_BRANCH}:content/videos`);
    const { records } = readContent(path.dirname(contentDir), "content");
    const built = [...records].filter((r) => r.collection === "videos").map((r) => path.basename(r.file));
    expect(body.tree.map((e) => e.path)).toEqual(built);
    // A link out of the content folder is listed as the build names it: a record it cannot read (below, why).
    expect(built).toContain("hostname.json");
    expect(built.filter((name) => name.startsWith("_") || name.startsWith(".") || !name.endsWith(".json"))).toEqual([]);
  });

  it("writes a saved record's file, and nothing else; a save on a stale parent is refused", async () => {
    const before = (await ask("GET", `/branches/${WORKING_TREE_BRANCH}`)).body.commit.sha;
    const raw = '{\n  "title": "x"\n}\n';
    expect((await save({ "content/videos/new-one.json": raw })).status).toBe(200);
    expect(await readFile(path.join(contentDir, "videos/new-one.json"), "utf8")).toBe(raw);
    const stale = await save({ "content/videos/new-one.json": "stale" }, before);
    expect(stale).toMatchObject({ status: 422, body: { message: "Update is not a fast forward" } });
    expect(await readFile(path.join(contentDir, "videos/new-one.json"), "utf8")).toBe(raw);
  });

  it.each([
    ["a path outside the content folder", "content/../package.json"],
    ["a path that is not in the content folder", "build-scripts/schemas/videos.schema.json"],
    ["a symbolic link that leads out of it", "content/videos/elsewhere/hostname"],
    ["a new folder behind such a link", "content/videos/elsewhere/made-by-the-cms/x.json"],
  ])("refuses to write %s", async (_, file) => {
    const { status } = await save({ [file]: "x" });
    expect(status).toBe(422);
    expect(existsSync("/etc/made-by-the-cms")).toBe(false);
  });

  it("reads nothing outside the content folder, and says so", async () => {
    expect((await ask("GET", `/git/trees/${WORKING_TREE_BRANCH}:content/videos/elsewhere`)).status).toBe(404);
    expect((await ask("GET", `/git/trees/${WORKING_TREE_BRANCH}:build-scripts`)).status).toBe(404);
    const { body } = await ask("GET", `/git/trees/${WORKING_TREE_BRANCH}:content/videos`);
    const link = body.tree.find((e) => e.path === "hostname.json")!;
    expect(await ask("GET", `/git/blobs/${link.sha}`)).toMatchObject({
      status: 422,
      body: {
        message:
          'content/videos/hostname.json: expected a JSON file inside content/, found a symbolic link to "/etc/hostname", outside content/ (not followed)',
      },
    });
  });

  it("answers only the site's pages, by its own host name", async () => {
    expect((await ask("GET", "", undefined, { Origin: "https://elsewhere.example" })).status).toBe(403);
    const rebound = await new Promise<number | undefined>((resolve, reject) =>
      request(`${api.url}/user`, { headers: { Host: "attacker.example" } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      })
        .on("error", reject)
        .end(),
    );
    expect(rebound).toBe(421);
    expect((await ask("GET", "")).body).toMatchObject({ full_name: WORKING_TREE_REPO, permissions: { push: true } });
  });

  it("answers a branch's ref at GitHub's two spellings, each counted under its own", async () => {
    api.resetTally();
    const head = (await ask("GET", `/branches/${WORKING_TREE_BRANCH}`)).body.commit.sha;
    for (const spelling of ["ref", "refs"]) {
      expect(await ask("GET", `/git/${spelling}/heads/${WORKING_TREE_BRANCH}`)).toMatchObject({
        status: 200,
        body: { ref: `refs/heads/${WORKING_TREE_BRANCH}`, object: { sha: head } },
      });
    }
    expect((await ask("GET", "/git/refs/heads/no-such-branch")).status).toBe(404);
    expect(Object.fromEntries([...api.tally()].map(([endpoint, t]) => [endpoint, t.requests]))).toEqual({
      "GET /repos/{repo}/branches/{branch}": 1,
      "GET /repos/{repo}/git/ref/heads/{branch}": 1,
      "GET /repos/{repo}/git/refs/heads/{branch}": 2,
    });
  });
});
