/**
 * The translators' round trip with a real tool: a unit's XLIFF exported by the
 * build, translated with translate-toolkit (xliff2po, podebug's unicode
 * rewrite standing in for a translator, po2xliff -t back to XLIFF), imported,
 * built and served in the unit's French tree in all four formats; then the
 * source edited (a warning, the source shown, the old target up for review);
 * and a target that drops the source's markup refused, one that keeps its
 * source's bare "<" taken. The language tree is described in /openapi.json.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../build-scripts/core/catalogue/resource.ts";
import { IMMUTABLE_HEADERS } from "../build-scripts/core/routes/api-headers.ts";
import { openApiValidator } from "./helpers/openapi-validator.ts";
import { buildSite, readJson, readOut, TEST_ENV, type BuildResult } from "./helpers/build-site.ts";
import { launchChromium, shownJson } from "../harness/chromium.ts";
import { startLocalServer, type LocalServer } from "./helpers/local-server.ts";
import { runCli } from "./helpers/run-cli.ts";
import { sharedBuild } from "./helpers/shared-build.ts";
import { tempContent } from "./helpers/temp-content.ts";

const run = promisify(execFile);
const UNIT = "0d565147-c73f-44cf-9038-addfabc6803e";
const RECORD = "units/ancient-mediterranean-worlds.json";
const STORED = `translations/fr/units/${UNIT}.json`;
const BASE = TEST_ENV.BASE_URL;

interface Stored {
  fields: Record<string, { source: string; target: string }>;
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  trimValues: false,
  htmlEntities: true,
  parseTagValue: false,
});

/** The PO file of an XLIFF, its entries rewritten by podebug (or by `edit` afterwards), and po2xliff's XLIFF of it. */
async function translate(xliff: string, edit: (po: string) => string = (po) => po): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "translate-"));
  const [po, debug, out] = ["unit.po", "unit-fr.po", "unit-fr.xliff"].map((name) => path.join(dir, name));
  await run("xliff2po", ["--progress=none", xliff, po]);
  await run("podebug", ["--progress=none", "--rewrite=unicode", po, debug]);
  await writeFile(debug, edit(await readFile(debug, "utf8")));
  await run("po2xliff", ["--progress=none", "-t", xliff, debug, out]);
  return out;
}

const importTranslations = (content: string, args: string[]) =>
  runCli("translations-import.ts", args, { ...TEST_ENV, CONTENT_DIR: content });

let content: string;
let before: BuildResult;
let translated: string;
let imported: Awaited<ReturnType<typeof runCli>>;
let after: BuildResult;
let stored: Stored;
let record: { title: string; versions?: unknown };

beforeAll(async () => {
  content = await tempContent("content");
  // Shared with the sample: built (or found) before the import below changes the copy.
  before = await sharedBuild({ CONTENT_DIR: content });
  expect(before.code, before.stderr).toBe(0);
  translated = await translate(path.join(before.outDir, `api/units/${UNIT}/index.xliff`));
  imported = await importTranslations(content, ["--lang", "fr", translated]);
  expect(imported.code, imported.stderr).toBe(0);
  stored = JSON.parse(await readFile(path.join(content, STORED), "utf8")) as Stored;
  record = JSON.parse(await readFile(path.join(content, RECORD), "utf8")) as typeof record;
  after = await buildSite({ CONTENT_DIR: content });
  expect(after.code, after.stderr).toBe(0);
});

describe("translations:import of po2xliff's XLIFF", () => {
  it("stores each translated text with the source it was made from, and says what it skipped and why", () => {
    expect(Object.keys(stored.fields)).toEqual(["/title", "/description", "/overview", "/credits/Other"]);
    expect(stored.fields["/title"].source).toBe(record.title);
    expect(stored.fields["/title"].target).not.toBe(record.title);
    for (const pointer of Object.keys(stored.fields)) expect(imported.stdout).toContain(`imported  fr  units/${UNIT}  ${pointer}`);
    expect(imported.stdout).toMatch(/skipped .*<file original="[^"]*unit-fr\.po"> <trans-unit id="\d+">: the PO file's header/);
  });

  it("without --lang, names the language missing and writes nothing", async () => {
    const fresh = await tempContent("content");
    const result = await importTranslations(fresh, [translated]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no target-language on the <file>, and no --lang");
    expect(result.stderr).toContain("Nothing was written.");
    expect(existsSync(path.join(fresh, "translations"))).toBe(false);
  });
});

describe("the built French tree", () => {
  it("publishes the translated resource in JSON, with versions both ways", async () => {
    const fr = await readJson<Record<string, unknown>>(after, `fr/api/units/${UNIT}/index.json`);
    expect(fr.url).toBe(`${BASE}/fr/api/units/${UNIT}`);
    expect(fr.title).toBe(stored.fields["/title"].target);
    expect(fr.overview).toBe(stored.fields["/overview"].target);
    expect(fr.versions).toEqual({ en: `${BASE}/api/units/${UNIT}` });
    const en = await readJson<Record<string, unknown>>(after, `api/units/${UNIT}/index.json`);
    expect(en.title).toBe(record.title);
    expect(en.versions).toEqual({ fr: `${BASE}/fr/api/units/${UNIT}` });
    // Before the translation: nothing named.
    expect((await readJson<Record<string, unknown>>(before, `api/units/${UNIT}/index.json`)).versions).toEqual({});
  });

  it("is described in /openapi.json, and both versions validate against the Unit schema", async () => {
    const doc = await readJson<{ paths: Record<string, unknown>; components: Record<string, Record<string, JsonObject>> }>(
      after,
      "openapi.json",
    );
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/{lang}/api/", "/{lang}/api/units", "/{lang}/api/units/{uuid}"]));
    expect(doc.components.parameters.lang).toMatchObject({ in: "path", schema: { enum: ["fr"] } });
    const unit = openApiValidator(doc).schemaOf("Unit");
    for (const file of [`fr/api/units/${UNIT}/index.json`, `api/units/${UNIT}/index.json`]) {
      expect(unit(await readJson(after, file)), `${file}: ${JSON.stringify(unit.errors)}`).toBe(true);
    }
    // Without translations, no language tree is described.
    const plain = await readJson<{ paths: Record<string, unknown> }>(before, "openapi.json");
    expect(Object.keys(plain.paths).some((p) => p.startsWith("/{lang}"))).toBe(false);
  });

  it("lists every unit in French, untranslated ones in the source text", async () => {
    const list = await readJson<{ uuid: string; title: string }[]>(after, "fr/api/units/index.json");
    const source = await readJson<{ uuid: string; title: string }[]>(after, "api/units/index.json");
    expect(list.map((r) => r.uuid)).toEqual(source.map((r) => r.uuid));
    for (const [i, r] of list.entries()) expect(r.title).toBe(r.uuid === UNIT ? stored.fields["/title"].target : source[i].title);
    expect(await readJson(after, "fr/api/index.json")).toHaveProperty("units", `${BASE}/fr/api/units?format=api`);
  });

  it("publishes it in XML, XLIFF (source, target, state) and the HTML view", async () => {
    const root = xml.parse(await readOut(after, `fr/api/units/${UNIT}/index.xml`)).root;
    expect(root.title).toBe(stored.fields["/title"].target);
    const file = xml.parse(await readOut(after, `fr/api/units/${UNIT}/index.xliff`)).xliff.file;
    expect(file["@target-language"]).toBe("fr");
    const title = file.body["trans-unit"].find((u: Record<string, unknown>) => u["@id"] === "/title");
    expect(title.source).toBe(record.title);
    expect(title.target).toEqual({ "#text": stored.fields["/title"].target, "@state": "translated" });
    const html = await readOut(after, `fr/api/units/${UNIT}/index.html`);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(`<span class="key">"title"</span>: <span class="str">"${stored.fields["/title"].target}"</span>`);
    expect(html).toContain('<link rel="stylesheet" href="../assets/api.css">');
    expect(html).toContain(`<pre class="request"><b>GET</b> /fr/api/units/${UNIT}</pre>`);
    // The versions link to each other within the site, as every in-site address does (the mirror works offline).
    expect(html).toContain(`<a href="../api/units/${UNIT}/index.html">${BASE}/api/units/${UNIT}</a>`);
    const source = await readOut(after, `api/units/${UNIT}/index.html`);
    expect(source).toContain(`<a href="fr/api/units/${UNIT}/index.html">${BASE}/fr/api/units/${UNIT}</a>`);
  });

  it("is served by npm run serve with the same negotiation, search and fields", async () => {
    let server: LocalServer | undefined;
    try {
      server = await startLocalServer(after.outDir);
      const get = (address: string, headers: Record<string, string> = {}) => fetch(`${server!.url}${address}`, { headers });
      const json = await get(`/fr/api/units/${UNIT}?format=json`);
      expect(json.status).toBe(200);
      expect(await json.text()).toBe(await readOut(after, `fr/api/units/${UNIT}/index.json`));
      const byAccept = await get(`/fr/api/units/${UNIT}`, { Accept: "application/xml" });
      expect(byAccept.headers.get("content-type")).toContain("application/xml");
      expect(await byAccept.text()).toBe(await readOut(after, `fr/api/units/${UNIT}/index.xml`));
      const xliff = await get(`/fr/api/units/${UNIT}?accept=application/x-xliff%2Bxml`);
      expect(await xliff.text()).toBe(await readOut(after, `fr/api/units/${UNIT}/index.xliff`));
      // A word of the translated title finds the unit in the French list only.
      const word = stored.fields["/title"].target.split(" ")[0];
      const found = (await (
        await get(`/fr/api/units?search=${encodeURIComponent(word)}&fields=uuid,title&format=json`)
      ).json()) as unknown[];
      expect(found).toEqual([{ uuid: UNIT, title: stored.fields["/title"].target }]);
      expect(await (await get(`/api/units?search=${encodeURIComponent(word)}&format=json`)).json()).toEqual([]);
      expect((await get("/fr/api/units/00000000-0000-4000-8000-000000000000?format=json")).status).toBe(404);
      // The tree's query files are named after their content, so cached for good, as the source tree's are.
      const manifest = (await (await get("/fr/search/units/index.json")).json()) as { files: { terms: string[] } };
      const termFile = await get(`/fr/search/units/files/${manifest.files.terms[0]}`);
      expect(termFile.status).toBe(200);
      expect(termFile.headers.get("cache-control")).toBe(IMMUTABLE_HEADERS["Cache-Control"]);
    } finally {
      await server?.stop();
    }
  });
});

describe("a source text edited after its translation", () => {
  let edited: string;
  let rebuilt: BuildResult;
  beforeAll(async () => {
    edited = await tempContent();
    await run("cp", ["-r", `${content}/.`, edited]);
    await writeFile(path.join(edited, RECORD), JSON.stringify({ ...record, title: "Ancient Mediterranean Worlds, Revised" }, null, 2));
    rebuilt = await buildSite({ CONTENT_DIR: edited });
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
  });

  it("is a warning of validate and the build, naming the translation, the field and the language", async () => {
    const validated = await runCli("validate.ts", [], { CONTENT_DIR: edited });
    expect(validated.code).toBe(0);
    for (const output of [validated.stderr, rebuilt.stdout + rebuilt.stderr]) {
      expect(output).toContain(`${STORED}  /fields/~1title/source`);
      expect(output).toContain(`${RECORD} at /title, which the fr translation was made from`);
    }
  });

  it("shows the new source in French, and offers the old target for review in its XLIFF", async () => {
    const fr = await readJson<Record<string, unknown>>(rebuilt, `fr/api/units/${UNIT}/index.json`);
    expect(fr.title).toBe("Ancient Mediterranean Worlds, Revised");
    expect(fr.overview).toBe(stored.fields["/overview"].target);
    const units = xml.parse(await readOut(rebuilt, `fr/api/units/${UNIT}/index.xliff`)).xliff.file.body["trans-unit"];
    const title = units.find((u: Record<string, unknown>) => u["@id"] === "/title");
    expect(title.source).toBe("Ancient Mediterranean Worlds, Revised");
    expect(title.target).toEqual({ "#text": stored.fields["/title"].target, "@state": "needs-review-translation" });
    // Another unit, not translated at all: its units wait as state="new".
    const list = await readJson<{ uuid: string }[]>(rebuilt, "fr/api/units/index.json");
    const other = list.find((r) => r.uuid !== UNIT)!.uuid;
    const otherUnits = xml.parse(await readOut(rebuilt, `fr/api/units/${other}/index.xliff`)).xliff.file.body["trans-unit"];
    for (const unit of otherUnits) expect(unit.target).toEqual({ "@state": "new" });
  });
});

describe("a target that drops the source's markup", () => {
  it("is refused, named by file and id, and nothing changes", async () => {
    const broken = await translate(path.join(before.outDir, `api/units/${UNIT}/index.xliff`), (po) =>
      po.replace(/^msgstr ""\n((?:".*"\n)+)/gm, (entry) => entry.replaceAll("<em>", "").replaceAll("</em>", "")),
    );
    const storedBefore = await readFile(path.join(content, STORED), "utf8");
    const result = await importTranslations(content, ["--lang", "fr", broken]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/unit-fr\.xliff: <file original="[^"]*unit-fr\.po">, <trans-unit id="\d+">: refused: the source is HTML/);
    expect(result.stderr).toContain("0 <em> where the source has 1");
    expect(result.stderr).toContain("Nothing was written.");
    expect(await readFile(path.join(content, STORED), "utf8")).toBe(storedBefore);
  });
});

describe('a translation of a text whose source has a bare "<" (the sample unit\'s overview: "stay < 0 °C")', () => {
  const POLES = "3c00cf0e-44b0-4de4-8bad-28155c7df621";
  it("is imported and passes validate, as does a target equal to its source", async () => {
    const poles = await tempContent("content");
    const result = await importTranslations(poles, [
      "--lang",
      "fr",
      await translate(path.join(before.outDir, `api/units/${POLES}/index.xliff`)),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`imported  fr  units/${POLES}  /overview`);
    const file = path.join(poles, `translations/fr/units/${POLES}.json`);
    const { fields } = JSON.parse(await readFile(file, "utf8")) as Stored;
    expect(fields["/overview"].source).toContain("stay < 0 °C");
    expect(fields["/overview"].target).toContain(" < 0 ");
    const validated = await runCli("validate.ts", [], { CONTENT_DIR: poles });
    expect(validated.code, validated.stderr).toBe(0);

    const overview = fields["/overview"].source;
    await writeFile(file, JSON.stringify({ fields: { "/overview": { source: overview, target: overview } } }));
    const same = await runCli("validate.ts", [], { CONTENT_DIR: poles });
    expect(same.code, same.stderr).toBe(0);
  });
});

describe("search in a translated list", () => {
  it("stems with the list's language (French), and the source list with English", async () => {
    const french = await tempContent("content");
    const cities = JSON.parse(await readFile(path.join(french, "units/cities-cafes-and-culture.json"), "utf8")) as {
      uuid: string;
      title: string;
    };
    const stored = { fields: { "/title": { source: cities.title, target: "Villes, cafés et parcs national" } } };
    await writeFile(path.join(await mkdirFor(french, `translations/fr/units/${cities.uuid}.json`)), JSON.stringify(stored));
    const site = await buildSite({ CONTENT_DIR: french });
    expect(site.code, site.stderr).toBe(0);
    let server: LocalServer | undefined;
    try {
      server = await startLocalServer(site.outDir);
      const search = async (list: string, words: string) =>
        (
          (await (await fetch(`${server!.url}${list}?search=${encodeURIComponent(words)}&fields=uuid&format=json`)).json()) as {
            uuid: string;
          }[]
        ).map((r) => r.uuid);
      // "nationaux" and "national" share a French stem, not an English one: neither begins the other.
      expect(await search("/fr/api/units", "nationaux")).toEqual([cities.uuid]);
      expect(await search("/fr/api/units", "parc")).toEqual([cities.uuid]);
      expect(await search("/api/units", "nationaux")).toEqual([]);
      // The HTML view's search box answers the same in a browser, from the French tree's files.
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(`${server.url}/fr/api/units/index.html?search=nationaux&fields=uuid,title`);
        await expect.poll(() => shownJson(page)).toEqual([{ uuid: cities.uuid, title: stored.fields["/title"].target }]);
        expect(await page.locator("link[rel=stylesheet]").evaluate((link: HTMLLinkElement) => link.href)).toBe(
          `${server.url}/assets/api.css`,
        );
      } finally {
        await browser.close();
      }
    } finally {
      await server?.stop();
    }
  });
});

async function mkdirFor(dir: string, file: string): Promise<string> {
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  return path.join(dir, file);
}
