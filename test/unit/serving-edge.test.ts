/**
 * Given the Netlify Edge Function's entry file, Deno can load it: every module
 * it reaches is one of ours, imported by a relative path with its .ts
 * extension, and none touches Node (no node: imports, no process, no Buffer).
 * And given Netlify's `context.next`, it rewrites to the chosen file.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import edge from "../../build-scripts/runtime/edge/functions/api.ts";
import { PROJECT_DIR } from "../helpers/build-site.ts";

/** npm dependencies the edge may import by name: Netlify's edge bundler bundles them (Lunr, pure JavaScript). */
const DEPENDENCIES = Object.keys(JSON.parse(readFileSync(path.join(PROJECT_DIR, "package.json"), "utf8")).dependencies);

const ENTRY = path.join(PROJECT_DIR, "build-scripts/runtime/edge/functions/api.ts");
const IMPORT = /^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/gm;

/** Every file the entry reaches through value and type imports. */
function importGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const specifiers = [...readFileSync(file, "utf8").matchAll(IMPORT)].map((m) => m[1]);
    graph.set(file, specifiers);
    for (const s of specifiers) if (s.startsWith(".")) visit(path.resolve(path.dirname(file), s));
  };
  visit(entry);
  return graph;
}

describe("the edge function", () => {
  it("reaches only our own pure modules, by relative .ts specifiers, and declared dependencies", () => {
    const graph = importGraph(ENTRY);
    expect(graph.size).toBeGreaterThan(5);
    for (const [file, specifiers] of graph) {
      const where = path.relative(PROJECT_DIR, file);
      expect(where).toMatch(/^build-scripts\//);
      for (const s of specifiers) if (!DEPENDENCIES.includes(s)) expect(s, where).toMatch(/^\.\.?\/.*\.ts$/);
      const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
      expect(code, where).not.toMatch(/\bprocess\.|\bBuffer\b|\brequire\(|import\.meta\.dirname/);
    }
  });

  it("asks Netlify's next() for the negotiated file and answers with the API's headers", async () => {
    const asked: string[] = [];
    const context = {
      next: async (request?: Request) => {
        asked.push(`${request!.method} ${request!.url}`);
        return new Response("[]", { status: 200 });
      },
    };
    const response = await edge(new Request("https://site.example/api/videos", { headers: { Accept: "application/xml" } }), context);
    expect(asked).toEqual(["GET https://site.example/api/videos/index.xml"]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(response.headers.get("vary")).toBe("Accept");
    expect(await response.text()).toBe("[]");
  });

  it("turns next()'s 404 into DRF's 404 in the negotiated format", async () => {
    const context = { next: async () => new Response("<h1>404.html</h1>", { status: 404 }) };
    const response = await edge(new Request("https://site.example/api/videos/00000000-0000-4000-8000-000000000000?format=json"), context);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: "Not found." });
  });
});

describe("the edge function reads a request as DRF does", () => {
  /** The edge's answer to `target`, with the requests it passed to next(). */
  async function ask(target: string, init: RequestInit = {}) {
    const asked: string[] = [];
    const next = async (request?: Request) => {
      asked.push(new URL(request!.url).pathname);
      return new Response("[]", { status: new URL(request!.url).pathname.includes("/api/") ? 200 : 404 });
    };
    const response = await edge(new Request(`https://site.example${target}`, init), { next });
    return { status: response.status, type: response.headers.get("content-type"), asked };
  }

  it.each([
    ["/%61pi/videos?format=json", "/api/videos/index.json"],
    ["/api/vide%6Fs?format=json", "/api/videos/index.json"],
    ["/%61%70%69/%76ideos/index%2Ejson", "/api/videos/index.json"],
    ["/api/%7Evideos?format=json", undefined],
    ["//api/videos?format=json", "/api/videos/index.json"],
    ["/fr/%61pi/videos?format=xml", "/fr/api/videos/index.xml"],
  ])("a percent-encoded unreserved character or a leading doubled slash is the same path: %s", async (target, file) => {
    const { status, asked } = await ask(target);
    expect(asked).toEqual(file ? [file] : []);
    expect(status).toBe(file ? 200 : 404);
  });

  it.each(["/api//videos/?format=json", "/api/videos//?format=json", "/fr//api/videos?format=json", "/api//"])(
    "a doubled slash inside a path names nothing, as Django's resolver merges none: %s",
    async (target) => {
      const json = target.includes("format=json") ? "application/json; charset=utf-8" : "text/html; charset=utf-8";
      expect(await ask(target, { headers: { Accept: "image/png" } })).toMatchObject({ status: 404, type: json, asked: [] });
    },
  );

  it("negotiates on a path a route matches before it looks the resource up: 406, else 404", async () => {
    const lookup = "/api/units/d932293408e3408296942a11793ae3e4";
    expect(await ask(lookup, { headers: { Accept: "image/png" } })).toMatchObject({ status: 406, asked: [] });
    // The tree's layout places the resource's file (none published here: flat).
    expect(await ask(`${lookup}?format=json`)).toMatchObject({ status: 200, asked: ["/search/layout.json", `${lookup}/index.json`] });
  });

  it("an encoded slash stays data: /api/videos%2Findex.json names nothing", async () => {
    expect(await ask("/api/videos%2Findex.json?format=json")).toMatchObject({ status: 404, asked: [] });
  });

  it("passes a path outside the API's trees on to the static files as it came", async () => {
    expect((await ask("/assets/%61pi.css")).asked).toEqual(["/assets/%61pi.css"]);
    expect((await ask("/photography/photo/x/")).asked).toEqual(["/photography/photo/x/"]);
  });

  it("takes a repeated parameter's last value", async () => {
    expect(await ask("/api/videos?format=json&format=xml")).toMatchObject({ type: "application/xml; charset=utf-8" });
    expect(await ask("/api/videos?accept=application%2Fxml&accept=application%2Fjson")).toMatchObject({
      type: "application/json; charset=utf-8",
    });
  });

  it("answers a path that names nothing with a 404 whatever the Accept, in the default format when none is acceptable", async () => {
    const accept = { headers: { Accept: "image/png" } };
    expect(await ask("/api/videos-x", accept)).toMatchObject({ status: 404, type: "text/html; charset=utf-8", asked: [] });
    expect(await ask("/api/videos-x?format=json", accept)).toMatchObject({ status: 404, type: "application/json; charset=utf-8" });
    expect(await ask("/api/videos", accept)).toMatchObject({ status: 406 });
  });
});
