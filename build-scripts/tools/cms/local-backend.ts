/**
 * The CMS's local backend: Decap's proxy protocol (POST {action, params} to
 * /api/v1, as decap-server's file-system mode answers it) over the content
 * folder only, listening on 127.0.0.1. It writes files and never commits:
 * the editor reviews and commits with git. decap-server would bring express,
 * winston and simple-git into the install, listens on every interface unless
 * told otherwise, and its git mode commits with `git add .`.
 *
 * Paths arrive as the configuration names them (`content/videos/x.json`, the
 * repository's layout); the backend maps that prefix to the content folder it
 * serves (CONTENT_DIR), and refuses any path outside it.
 *
 * Records are read one after another, as the build reads them (its reader,
 * pipeline/load): a folder of any size never needs more than one open file, and
 * a record that cannot be read is refused with its file and the reason, never
 * handed to Decap as an empty record.
 */
import { lstatSync, realpathSync } from "node:fs";
import { mkdir, readdir, readFile, realpath, rename, stat, unlink, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { LOCAL_BACKEND_PATH } from "../../core/cms/local-backend-address.ts";
import { readTextFile } from "../../pipeline/load/read-text-file.ts";
import { sha256 } from "../../pipeline/cache/cached.ts";

export interface LocalBackendOptions {
  /** The folder of records it serves. */
  readonly contentDir: string;
  /** How the CMS configuration names that folder (package.json's config.contentDir). */
  readonly repoContentDir: string;
  readonly port: number;
  /** The site's origins, the only pages allowed to call it. */
  readonly origins: readonly string[];
}

export interface LocalBackend {
  readonly url: string;
  close(): Promise<void>;
}

/** A request the backend refuses: the message goes back to the CMS, which shows it. */
class Refused extends Error {}

interface Entry {
  data: string | null;
  file: { path: string; label?: string; id: string | null };
}

const HOST = "127.0.0.1";
const MAX_BODY = 64 * 1024 * 1024;

export async function startLocalBackend(options: LocalBackendOptions): Promise<LocalBackend> {
  const root = await realpath(options.contentDir);
  const prefix = `${options.repoContentDir.replace(/\/+$/, "")}/`;

  /** A path of the configuration → the file in the content folder; nothing outside it. */
  function resolve(given: unknown): string {
    const name = typeof given === "string" ? path.posix.normalize(given.replace(/\\/g, "/")) : "";
    if (!name.startsWith(prefix) || name.split("/").includes("..")) throw new Refused(`${String(given)} is not in ${prefix}`);
    return path.join(root, name.slice(prefix.length));
  }
  const repoPath = (file: string) => prefix + path.relative(root, file).split(path.sep).join("/");

  async function inside(file: string): Promise<string> {
    const real = await realpath(file);
    if (real !== root && !real.startsWith(root + path.sep)) throw new Refused(`${repoPath(file)} leads outside ${prefix}`);
    return real;
  }

  /**
   * A record's text, or `data: null` where there is no file (Decap asks so
   * before it names a new entry). Synchronous: one open file at a time, however
   * many records a listing reads.
   */
  function entry(given: string, label?: string): Entry {
    const file = resolve(given);
    if (!lstatSync(file, { throwIfNoEntry: false })) return { data: null, file: { path: given, label, id: null } };
    // A link to nothing has no real path: the reader then says so in words.
    const real = (() => {
      try {
        return realpathSync(file);
      } catch {
        return undefined;
      }
    })();
    if (real && real !== root && !real.startsWith(root + path.sep)) throw new Refused(`${given} leads outside ${prefix}`);
    const read = readTextFile(real ?? file, "a record (a JSON file)", { followLinks: true });
    if (!("text" in read)) throw new Refused(`${given}: expected ${read.expected}, found ${read.found}`);
    return { data: read.text, file: { path: given, label, id: sha256(Buffer.from(read.text, "utf8")) } };
  }

  /** Every record of the list, or a refusal naming each one that cannot be read and why. */
  function entries(files: readonly { path: string; label?: string }[]): Entry[] {
    const read: Entry[] = [];
    const unreadable: string[] = [];
    for (const f of files) {
      try {
        read.push(entry(f.path, f.label));
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        unreadable.push(error.message);
      }
    }
    if (unreadable.length) {
      const count = unreadable.length === 1 ? "1 record cannot" : `${unreadable.length} records cannot`;
      throw new Refused(`${count} be read, so none is shown: ${unreadable.join("; ")}.`);
    }
    return read;
  }

  async function list(folder: string, extension: string, depth: number): Promise<string[]> {
    if (depth <= 0) return [];
    // A folder that is not there yet (the media folder, a new collection) holds nothing.
    const real = await inside(resolve(folder)).catch((error: { code?: string }) =>
      error.code === "ENOENT" ? undefined : Promise.reject(error),
    );
    const dirents = real ? await readdir(real, { withFileTypes: true }) : [];
    // One folder at a time: a deep tree never holds more than one folder open.
    const found: string[][] = [];
    for (const d of dirents) {
      const child = `${folder.replace(/\/+$/, "")}/${d.name}`;
      if (d.isDirectory()) found.push(await list(child, extension, depth - 1));
      // Links too, so reading one names where it leads (a link to nothing, out of the folder).
      else if ((d.isFile() || d.isSymbolicLink()) && d.name.endsWith(extension)) found.push([child]);
    }
    return found.flat().sort();
  }

  /** A file to write or remove: its folder, as far as it exists, must be inside the content folder (no link out of it). */
  async function writable(given: unknown): Promise<string> {
    const file = resolve(given);
    let folder = path.dirname(file);
    while (!(await stat(folder).catch(() => undefined))) folder = path.dirname(folder);
    await inside(folder);
    return file;
  }

  async function write(given: string, content: string | Buffer): Promise<void> {
    const file = await writable(given);
    await mkdir(path.dirname(file), { recursive: true });
    // Renamed into place: `npm run dev`'s watcher never reads half a file.
    const temporary = `${file}.cms-${process.pid}`;
    await writeFile(temporary, content);
    await rename(temporary, file);
  }

  async function media(given: string) {
    const content = await readFile(await inside(resolve(given)));
    return { id: sha256(content), content: content.toString("base64"), encoding: "base64", path: given, name: path.posix.basename(given) };
  }

  const actions: Record<string, (params: Params) => Promise<unknown>> = {
    info: async () => ({ repo: path.basename(root), publish_modes: ["simple"], type: "local_fs" }),
    entriesByFolder: async (p) =>
      entries((await list(String(p.folder), String(p.extension ?? ""), Number(p.depth ?? 1))).map((f) => ({ path: f }))),
    entriesByFiles: async (p) => entries(p.files as { path: string; label?: string }[]),
    getEntry: async (p) => entry(String(p.path)),
    persistEntry: async (p) => {
      const { entry: one, dataFiles = [one], assets = [] } = p as { entry?: DataFile; dataFiles?: DataFile[]; assets?: Asset[] };
      for (const file of dataFiles as DataFile[]) await write(file.path, file.raw);
      for (const asset of assets) await write(asset.path, Buffer.from(asset.content, asset.encoding));
      for (const file of dataFiles as DataFile[]) if (file.newPath) await rename(await writable(file.path), await writable(file.newPath));
      return { message: "entry persisted" };
    },
    getMedia: async (p) => {
      const files = [];
      for (const file of await list(String(p.mediaFolder), "", 1)) files.push(await media(file));
      return files;
    },
    getMediaFile: async (p) => media(String(p.path)),
    persistMedia: async (p) => {
      const { asset } = p as { asset: Asset };
      await write(asset.path, Buffer.from(asset.content, asset.encoding));
      return media(asset.path);
    },
    deleteFile: async (p) => {
      await unlink(await writable(p.path)).catch(() => undefined);
      return { message: `deleted file ${p.path}` };
    },
    deleteFiles: async (p) => {
      for (const file of p.paths as string[]) await unlink(await writable(file)).catch(() => undefined);
      return { message: `deleted files ${(p.paths as string[]).join(", ")}` };
    },
    getDeployPreview: async () => null,
  };

  const server = createServer((request, response) => {
    void answer(request, response).catch((error: unknown) => {
      const refused = error instanceof Refused;
      if (!refused) console.error(`The CMS's local backend: ${String(error)}`);
      send(response, refused ? 422 : 500, { error: refused ? error.message : "The local backend could not do that: see its terminal." });
    });
  });

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const origin = request.headers.origin;
    // Other pages in the browser may send requests here too: only the site's own are answered.
    if (origin !== undefined && !options.origins.includes(origin))
      return send(response, 403, { error: `${origin} may not use this backend` });
    if (origin) {
      response.setHeader("Access-Control-Allow-Origin", origin);
      response.setHeader("Vary", "Origin");
    }
    if (request.method === "OPTIONS") {
      response.setHeader("Access-Control-Allow-Methods", "POST");
      response.setHeader("Access-Control-Allow-Headers", "Content-Type");
      return void response.writeHead(204).end();
    }
    const url = new URL(request.url ?? "/", `http://${HOST}`);
    if (request.method !== "POST" || url.pathname !== LOCAL_BACKEND_PATH)
      return send(response, 404, { error: `POST ${LOCAL_BACKEND_PATH} only` });
    // JSON only: a form on another page cannot send it without asking first (CORS preflight).
    if (!request.headers["content-type"]?.startsWith("application/json")) return send(response, 415, { error: "application/json only" });
    const body = parseBody(await readBody(request));
    const action = actions[body.action ?? ""];
    if (!action) return send(response, 422, { error: `Unknown action ${body.action}` });
    send(response, 200, await action(body.params ?? {}));
  }

  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(options.port, HOST, done);
  });
  return {
    url: `http://${HOST}:${options.port}${LOCAL_BACKEND_PATH}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

type Params = Record<string, unknown> & { path?: string; folder?: string; extension?: string; depth?: number };

interface DataFile {
  path: string;
  raw: string;
  newPath?: string;
}
interface Asset {
  path: string;
  content: string;
  encoding: BufferEncoding;
}

function send(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(value));
}

function parseBody(text: string): { action?: string; params?: Params } {
  try {
    return JSON.parse(text) as { action?: string; params?: Params };
  } catch {
    throw new Refused("the request is not JSON");
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Refused("the request is too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
