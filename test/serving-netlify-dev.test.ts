/**
 * Given Netlify's own CLI (`netlify dev`, docs/serving.md), which asks again
 * for `…/index.html` when the edge function answers a path with a 404 (and
 * runs the edge function on that path too), a table of requests is answered
 * as `npm run serve` answers it: an unknown `format` stays a 404, a file's own
 * name included. The CLI is played here by its retry around the edge's handler.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleApiRequest, type Next } from "../build-scripts/runtime/edge/handle-request.ts";
import { siteFile } from "../harness/static-host.ts";
import { readJson, type BuildResult } from "./helpers/build-site.ts";
import { sharedBuild } from "./helpers/shared-build.ts";

let build: BuildResult;
let video: string;

beforeAll(async () => {
  build = await sharedBuild();
  expect(build.code, build.stderr).toBe(0);
  video = (await readJson<{ uuid: string }[]>(build, "api/videos/index.json"))[0].uuid;
});

afterAll(async () => {});

const ORIGIN = "http://127.0.0.1:8888";
const next: Next = async (request) => siteFile(build.outDir, request);

/** `netlify dev`: the edge's answer, and after a 404 its answer for the same query at `…/index.html`. */
async function netlifyDev(request: Request): Promise<Response> {
  const answer = await handleApiRequest(request, next);
  const url = new URL(request.url);
  if (answer.status !== 404 || url.pathname.endsWith(".html")) return answer;
  url.pathname = `${url.pathname.replace(/\/$/, "")}/index.html`;
  return handleApiRequest(new Request(url, request), next);
}

describe("under netlify dev's retry of a 404 as …/index.html", () => {
  it("answers each request as npm run serve does: an unknown format is a 404 on every path", async () => {
    const table: [target: string, status: number][] = [
      ["/api/videos?format=csv", 404],
      ["/api/videos/?format=csv", 404],
      ["/api/?format=csv", 404],
      [`/api/videos/${video}?format=csv`, 404],
      ["/api/videos/index.html?format=csv", 404],
      ["/api/videos/index.json?format=csv", 404],
      ["/api/videos.json?format=csv", 404],
      ["/api/videos/00000000-0000-4000-8000-000000000000", 404],
      ["/api/videos/index.yaml", 404],
      ["/api/videos?format=json", 200],
      ["/api/videos/index.html?format=json", 200],
      [`/api/videos/${video}?format=xml`, 200],
      ["/api/videos?search=volcano&format=xliff", 200],
    ];
    for (const [target, status] of table) {
      const [served, dev] = await Promise.all([
        handleApiRequest(new Request(ORIGIN + target), next),
        netlifyDev(new Request(ORIGIN + target)),
      ]);
      expect(served.status, target).toBe(status);
      expect([dev.status, dev.headers.get("content-type")], target).toEqual([served.status, served.headers.get("content-type")]);
      // A retried 404 names the path it was asked at; every other answer is the same, byte for byte.
      const [body, devBody] = await Promise.all([served.text(), dev.text()]);
      if (status === 200) expect(devBody, target).toBe(body);
    }
  });
});
