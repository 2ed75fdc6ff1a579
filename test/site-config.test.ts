/** base_url and site_url come from package.json's "config", overridden by the environment. */
import { describe, expect, it } from "vitest";
import { resolveSiteConfig } from "../build-scripts/core/catalogue/site-config.ts";
import { buildSite, GOLDEN_CONTENT, readJson } from "./helpers/build-site.ts";

const defaults = { baseUrl: "", siteUrl: "https://education.example.org", contentDir: "content", folderLimit: 50_000 };

describe("the site configuration", () => {
  it("defaults to the local server's address and the package's site address", () => {
    expect(resolveSiteConfig({}, defaults)).toEqual({
      baseUrl: "http://127.0.0.1:8080",
      siteUrl: "https://education.example.org",
      contentDir: "content",
      folderLimit: 50_000,
    });
    expect(resolveSiteConfig({ PORT: "9000" }, defaults).baseUrl).toBe("http://127.0.0.1:9000");
  });

  it("takes BASE_URL, else Netlify's URL; SITE_URL; CONTENT_DIR — without trailing slashes; FOLDER_LIMIT", () => {
    const env = { URL: "https://catalogue.netlify.app/", SITE_URL: "https://www.example.org/", CONTENT_DIR: "other", FOLDER_LIMIT: "40" };
    expect(resolveSiteConfig(env, defaults)).toEqual({
      baseUrl: "https://catalogue.netlify.app",
      siteUrl: "https://www.example.org",
      contentDir: "other",
      folderLimit: 40,
    });
    expect(resolveSiteConfig({ ...env, BASE_URL: "https://api.example.org" }, defaults).baseUrl).toBe("https://api.example.org");
  });

  it("refuses a folder limit that is no whole number of entries", () => {
    for (const FOLDER_LIMIT of ["0", "2.5", "many"])
      expect(() => resolveSiteConfig({ FOLDER_LIMIT }, defaults)).toThrow(/FOLDER_LIMIT .*expected a whole number of entries ≥ 1/);
  });

  it("is what the built files carry", async () => {
    const build = await buildSite({
      BASE_URL: "https://api.elsewhere.example/",
      SITE_URL: "https://pages.elsewhere.example",
      CONTENT_DIR: GOLDEN_CONTENT,
    });
    const [unit] = await readJson<{ url: string; html_url: string }[]>(build, "api/units/index.json");
    expect(unit.url).toBe("https://api.elsewhere.example/api/units/2c9d4e6f-8a1b-4c3d-9e5f-7a8b9c0d1e2f");
    expect(unit.html_url).toBe("https://pages.elsewhere.example/education/unit/edge-cases-unit/");
  });
});
