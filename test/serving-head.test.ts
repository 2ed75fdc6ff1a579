/**
 * A request never stops a server — `npm run serve`, or the edge function
 * under Deno (test/deno/edge-server.ts): HEAD, and a client that goes away
 * mid-answer, on every kind of answer — a file, a list streamed from its file,
 * a search cut from the list's bytes, fields joined from streamed columns, a
 * page of an answer, an error — in every format, on a catalogue whose lists are many
 * chunks long. After each, the server still answers.
 */
import { readFile, stat } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORMATS } from "../build-scripts/core/formats/formats.ts";
import type { BuildResult } from "./helpers/build-site.ts";
import { buildPagedSite, MANY_MATCHES } from "./helpers/paged-site.ts";
import { rawRequest, startLocalServer } from "./helpers/local-server.ts";
import { startEdgeServer } from "./deno/start-edge-server.ts";

/** A running server, whichever it is. */
interface Server {
  readonly port: number;
  /** Whether its process is still running. */
  readonly running: () => boolean;
  /** What it printed, to head a failure. */
  readonly output: () => string;
  stop(): Promise<unknown>;
}

const SERVERS: Record<string, (siteDir: string) => Promise<Server>> = {
  "npm run serve": async (siteDir) => {
    const s = await startLocalServer(siteDir);
    return { port: s.port, running: s.running, output: () => s.log.join("\n"), stop: s.stop };
  },
  "the edge function under Deno": startEdgeServer,
};

let site: BuildResult;
let uuid: string;

beforeAll(async () => {
  site = await buildPagedSite();
  expect(site.code, site.stderr).toBe(0);
  const list = JSON.parse(await readFile(path.join(site.outDir, "api/videos/index.json"), "utf8")) as { uuid: string }[];
  uuid = list[0].uuid;
});

/** Every kind of answer, as a path and query without `format`. */
const kinds = () => [
  "/api/",
  "/api/videos",
  `/api/videos/${uuid}`,
  `/api/videos?search=${MANY_MATCHES}`,
  "/api/videos?fields=description",
  "/api/videos?fields=title,description,uuid",
  `/api/videos?search=${MANY_MATCHES}&fields=description`,
  `/api/videos/${uuid}?fields=title`,
  "/api/videos?page=2",
  "/api/no-such-list",
];

describe.each(Object.keys(SERVERS))("a request never stops %s", (name) => {
  let server: Server;
  beforeAll(async () => {
    server = await SERVERS[name](site.outDir);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const stillAnswers = async () => {
    const answer = await rawRequest(server.port, "GET", "/api/videos?format=json");
    expect(answer.status, server.output()).toBe(200);
  };

  /** A GET whose client reads the first chunk of the body, then closes the connection. */
  const readOneChunk = (target: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port: server.port, path: target, agent: false }, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
        res.once("end", resolve);
      });
      req.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" ? resolve() : reject(error)));
      req.end();
    });

  it("the lists are many read chunks long, so their answers stream", async () => {
    const { size } = await stat(path.join(site.outDir, "api/videos/index.json"));
    expect(size).toBeGreaterThan(4 * 64 * 1024);
  });

  it("HEAD on every kind of answer in every format: the GET's status and headers, no body", async () => {
    for (const kind of kinds()) {
      for (const format of FORMATS) {
        const target = `${kind}${kind.includes("?") ? "&" : "?"}format=${format.name}`;
        const head = await rawRequest(server.port, "HEAD", target);
        const get = await rawRequest(server.port, "GET", target);
        expect([target, head.status, head.headers["content-type"]]).toEqual([target, get.status, get.headers["content-type"]]);
        expect(head.body.length).toBe(0);
        await stillAnswers();
      }
    }
    expect(server.running(), server.output()).toBe(true);
  });

  it("a client that goes away after the first chunk of every kind of answer", async () => {
    for (const kind of kinds()) {
      for (const format of FORMATS) await readOneChunk(`${kind}${kind.includes("?") ? "&" : "?"}format=${format.name}`);
      await stillAnswers();
    }
    await stillAnswers();
    expect(server.running(), server.output()).toBe(true);
  });
});
