/**
 * Given netlify.toml as committed, Netlify's own matcher (@netlify/redirects,
 * driving netlify-redirector) sends every `?format=` and `?accept=` request
 * of the root, of every list and of every resource to a file that the build
 * wrote — what a Netlify site gives even without the edge function — taking
 * a repeated parameter's last value, as the edge does. And the
 * edge function is declared on every spelling of every API path.
 */
import { existsSync, readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { RedirectsHandler } from "@netlify/redirects";
import { beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../build-scripts/core/catalogue/collections.ts";
import { FORMATS } from "../build-scripts/core/formats/formats.ts";
import { resolveApiPath } from "../build-scripts/core/routes/api-path.ts";
import { isEdgePath } from "../build-scripts/core/routes/edge-function.ts";
import { MIRROR_ARCHIVE } from "../build-scripts/core/routes/output-tree.ts";
import { withGeneratedBlock } from "../build-scripts/pipeline/netlify/netlify-toml.ts";
import { FORMAT_PARAMETERS } from "../build-scripts/pipeline/netlify/redirect-rules.ts";
import { PROJECT_DIR, readJson, type BuildResult } from "./helpers/build-site.ts";
import { sharedBuild } from "./helpers/shared-build.ts";
import { repeatedParameters } from "./helpers/repeated-parameters.ts";

const TOML = path.join(PROJECT_DIR, "netlify.toml");
let build: BuildResult;
let matcher: RedirectsHandler;
/** Every API address of the built site: the root, each list, each resource. */
let addresses: { path: string; file: (extension: string) => string }[];

beforeAll(async () => {
  build = await sharedBuild();
  expect(build.code).toBe(0);
  matcher = new RedirectsHandler({
    configPath: TOML,
    configRedirects: [],
    projectDir: build.outDir,
    publicDir: build.outDir,
    jwtSecret: "",
    jwtRoleClaim: "",
  });
  addresses = [{ path: "/api", file: (ext) => `api/index.${ext}` }];
  for (const c of COLLECTIONS) {
    addresses.push({ path: `/api/${c.name}`, file: (ext) => `api/${c.name}/index.${ext}` });
    const list = await readJson<{ uuid: string }[]>(build, `api/${c.name}/index.json`);
    for (const { uuid } of list) addresses.push({ path: `/api/${c.name}/${uuid}`, file: (ext) => `api/${c.name}/${uuid}/index.${ext}` });
  }
});

/** The file a request is rewritten to, or undefined when no rule matches. */
async function target(url: string): Promise<string | undefined> {
  const match = await matcher.match(new Request(`https://site.example${url}`));
  if (!match) return undefined;
  expect(match).toMatchObject({ statusCode: 200, force: true, redirect: false, external: false });
  return match.target.pathname.slice(1);
}

describe("netlify.toml", () => {
  it("is up to date with the format table (`npm run netlify:config` writes it)", () => {
    const toml = readFileSync(TOML, "utf8");
    expect(withGeneratedBlock(toml)).toBe(toml);
  });

  it("publishes _site, builds (and zips the mirror) with npm run mirror on the pinned Node and declares the edge function", () => {
    const toml = readFileSync(TOML, "utf8");
    expect(toml).toMatch(
      /\[build\][^[]*command = "npm run mirror"[^[]*publish = "_site"[^[]*edge_functions = "build-scripts\/runtime\/edge\/functions"/,
    );
    const pinned = (JSON.parse(readFileSync(path.join(PROJECT_DIR, "package.json"), "utf8")) as { devDependencies: { node: string } })
      .devDependencies.node;
    expect(toml).toContain(`NODE_VERSION = "${pinned.split(".")[0]}"`);
    // npm's scripts put node_modules/.bin first: the tests run on the runtime the project ships, not the machine's.
    expect(process.version).toBe(`v${pinned}`);
    expect(toml).toMatch(/\[\[edge_functions\]\]\s+path = "\/\*"\s+excludedPath = \[[^\]]*\]\s+function = "api"/);
    expect(existsSync(path.join(PROJECT_DIR, "build-scripts/runtime/edge/functions/api.ts"))).toBe(true);
  });
});

describe("the edge function's declaration", () => {
  it("runs on every file of the API's trees, in any spelling, and not on the static-only trees", async () => {
    const files = (await readdir(build.outDir, { recursive: true })).map((file) => `/${file.split(path.sep).join("/")}`);
    const api = files.filter((file) => resolveApiPath(file));
    expect(api.length).toBeGreaterThan(addresses.length);
    for (const file of api) {
      for (const spelling of [file, file.replace("/api/", "/%61pi/"), `/${file}`, file.replace(/\/([^/]*)$/, "/%7E$1")]) {
        expect(isEdgePath(spelling), spelling).toBe(true);
      }
    }
    for (const address of addresses) expect(isEdgePath(address.path), address.path).toBe(true);
    for (const tree of ["assets", "search", "admin"]) {
      const inside = files.filter((file) => file.startsWith(`/${tree}/`));
      expect(inside.length, tree).toBeGreaterThan(0);
      for (const file of inside) expect(isEdgePath(file), file).toBe(false);
    }
    expect(isEdgePath(`/${MIRROR_ARCHIVE}`)).toBe(false);
    expect(isEdgePath("/fr/search/videos/index.json")).toBe(false);
    expect(isEdgePath("/")).toBe(true);
  });
});

describe("Netlify's matcher over the generated rules", () => {
  it("resolves every address × format × parameter to a file the build wrote", async () => {
    expect(addresses.length, "the root, the lists and some resources").toBeGreaterThan(1 + COLLECTIONS.length);
    for (const address of addresses) {
      for (const format of FORMATS) {
        for (const param of FORMAT_PARAMETERS) {
          const value = encodeURIComponent(param.value(format));
          for (const url of [`${address.path}?${param.key}=${value}`, `${address.path}/?other=1&${param.key}=${value}&fields=title`]) {
            const file = await target(url);
            expect(file, url).toBe(address.file(format.extension));
            expect(existsSync(path.join(build.outDir, file!)), file).toBe(true);
          }
        }
      }
    }
  });

  it("reads a repeated format, accept, search or fields by its last value, on every kind of path", async () => {
    const video = addresses.find((a) => a.path.startsWith("/api/videos/"))!.path;
    const paths = {
      root: "/api",
      list: "/api/videos",
      resource: video,
      unknownResource: "/api/videos/00000000-0000-4000-8000-000000000000",
      unknownPath: "/api/nothing",
      translatedList: "/fr/api/videos",
      translatedResource: `/fr${video}`,
    };
    const targets = [];
    for (const { target: repeated, lastOnly } of repeatedParameters(paths, "volcano")) {
      targets.push(await target(lastOnly));
      expect(await target(repeated), repeated).toBe(targets.at(-1));
    }
    expect(targets).toContain("api/videos/index.xml");
    expect(targets).toContain("fr/api/videos/index.json");
  });

  it("matches an accept value written unencoded too, except that a raw + reads as a space", async () => {
    expect(await target("/api/videos?accept=application/x-xliff+xml")).toBe(undefined);
    expect(await target("/api/videos?accept=application/xml")).toBe("api/videos/index.xml");
  });

  it("leaves requests without a format choice, or with an unknown or differently cased one, to the files", async () => {
    for (const url of [
      "/api/videos",
      "/api/videos?format=yaml",
      "/api/videos?format=JSON",
      "/api/videos?accept=text%2Fplain",
      "/api/videos?search=maps",
    ]) {
      expect(await target(url), url).toBe(undefined);
    }
  });
});
