/**
 * npm run cms's local backend: Decap's proxy protocol over the content folder
 * and nothing else, for the site's own pages only, writing without git.
 */
import { existsSync } from "node:fs";
import { readFile, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalBackend, type LocalBackend } from "../build-scripts/tools/cms/local-backend.ts";
import { freePort } from "./helpers/processes.ts";
import { tempContent } from "./helpers/temp-content.ts";

const SITE = "http://127.0.0.1:8080";
let contentDir: string;
let backend: LocalBackend;

beforeAll(async () => {
  contentDir = await tempContent("content");
  await symlink("/etc", path.join(contentDir, "videos", "elsewhere"));
  backend = await startLocalBackend({ contentDir, repoContentDir: "content", port: await freePort(), origins: [SITE] });
});
afterAll(async () => {
  await backend?.close();
  await rm(path.dirname(contentDir), { recursive: true, force: true });
});

async function ask(action: string, params: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(backend.url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE, ...headers },
    body: JSON.stringify({ action, params }),
  });
  return {
    status: response.status,
    body: (await response.json()) as unknown,
    allowed: response.headers.get("access-control-allow-origin"),
  };
}

describe("the CMS's local backend", () => {
  it("listens on 127.0.0.1 only", () => {
    expect(new URL(backend.url).hostname).toBe("127.0.0.1");
  });

  it("lists a collection's records with their text, as the configuration names the folder", async () => {
    const { status, body, allowed } = await ask("entriesByFolder", { folder: "content/units", extension: "json", depth: 1 });
    expect([status, allowed]).toEqual([200, SITE]);
    const entries = body as { data: string; file: { path: string; id: string } }[];
    expect(entries.map((e) => e.file.path)).toContain("content/units/ancient-mediterranean-worlds.json");
    const one = entries.find((e) => e.file.path.endsWith("ancient-mediterranean-worlds.json"))!;
    expect(one.data).toBe(await readFile(path.join(contentDir, "units/ancient-mediterranean-worlds.json"), "utf8"));
    expect(one.file.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it("writes a record's file, and nothing else", async () => {
    const raw = '{\n  "title": "x"\n}\n';
    expect((await ask("persistEntry", { dataFiles: [{ path: "content/videos/new-one.json", raw }], assets: [] })).status).toBe(200);
    expect(await readFile(path.join(contentDir, "videos/new-one.json"), "utf8")).toBe(raw);
  });

  it.each([
    ["a path outside the content folder", "content/../package.json"],
    ["a path that is not in the content folder", "build-scripts/schemas/videos.schema.json"],
    ["a symbolic link that leads out of it", "content/videos/elsewhere/hostname"],
    ["a new folder behind such a link", "content/videos/elsewhere/made-by-the-cms/x.json"],
  ])("refuses to write %s", async (_, file) => {
    const { status } = await ask("persistEntry", { dataFiles: [{ path: file, raw: "x" }], assets: [] });
    expect(status).toBe(422);
    expect(existsSync("/etc/made-by-the-cms")).toBe(false);
  });

  it("reads nothing outside the content folder, and says so", async () => {
    const { status, body } = await ask("getEntry", { path: "content/videos/elsewhere/hostname" });
    expect(status).toBe(422);
    expect(body).toEqual({ error: "content/videos/elsewhere/hostname leads outside content/" });
  });

  it("answers only the site's pages, and only JSON", async () => {
    expect((await ask("info", {}, { Origin: "https://elsewhere.example" })).status).toBe(403);
    const form = await fetch(backend.url, {
      method: "POST",
      headers: { "Content-Type": "text/plain", Origin: SITE },
      body: '{"action":"info"}',
    });
    expect(form.status).toBe(415);
    expect((await ask("info", {})).body).toMatchObject({ type: "local_fs", publish_modes: ["simple"] });
  });
});
