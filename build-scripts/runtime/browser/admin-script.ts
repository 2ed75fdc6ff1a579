/**
 * The admin page's script (admin/cms.js, bundled for the browser): it loads
 * before Decap's bundle and stops its automatic start, then registers the
 * records' format, the form's own widgets, the preview and the new-entry
 * rules, starts Decap with the generated configuration (admin/config.json),
 * and the find box. Decap edits through its GitHub backend everywhere: on
 * this machine against `npm run cms`'s GitHub-API server over the working
 * tree, logged in without asking (the page says so in words if that server
 * does not answer); elsewhere against GitHub, or the server the build
 * named (`api_root`), after the editor logs in.
 */
import { findCollection, type Collection, type ResourceKind } from "../../core/catalogue/collections.ts";
import { toResource, type SourceRecord } from "../../core/catalogue/resource.ts";
import { htmlRenderer } from "../../core/formats/html.ts";
import { instanceDocument } from "../../core/formats/renderer.ts";
import { escapeHtml } from "../../core/formats/html-escape.ts";
import { instanceView } from "../../core/formats/views.ts";
import { siteTree } from "../../core/translations/site-tree.ts";
import { formatName, type AdminSettings } from "../../core/cms/cms-config.ts";
import { newEntryFields } from "../../core/cms/new-entry.ts";
import { EDITOR_NOTE, fromFile, toFile } from "../../core/cms/record-format.ts";
import { WORKING_TREE_BRANCH, WORKING_TREE_REPO, githubApiServerPort } from "../../core/cms/github-api-server-address.ts";
import type { TreeLayout } from "../../core/routes/tree-layout.ts";
import { startFindBox } from "./admin-find.ts";
import { publishedLayout } from "./admin-published.ts";
import { registerWidgets } from "./admin-widgets.ts";

/** Decap's data of an entry: an Immutable.js map. */
interface DataMap {
  set(key: string, value: unknown): DataMap;
  toJS(): Record<string, unknown>;
}
interface EntryMap {
  get(key: "data"): DataMap;
  get(key: "newRecord"): boolean | undefined;
  get(key: "collection"): string;
}
interface DecapCms {
  registerCustomFormat(
    name: string,
    extension: string,
    format: { fromFile(text: string): unknown; toFile(data: Record<string, unknown>): string },
  ): void;
  registerEventListener(listener: { name: "preSave"; handler: (event: { entry: EntryMap }) => Promise<DataMap> }): void;
  registerPreviewTemplate(name: string, template: (props: { entry: EntryMap }) => unknown): void;
  registerWidget(name: string, control: unknown): void;
  init(options: { config: unknown }): void;
}
declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean;
    CMS: DecapCms;
    /** React's createElement, which Decap's bundle sets. */
    h(type: string, props: Record<string, unknown>): unknown;
  }
}

window.CMS_MANUAL_INIT = true;
document.addEventListener("DOMContentLoaded", () => void start());

// Set through the DOM by React, not as markup: a Content-Security-Policy without inline styles allows it.
const PREVIEW_STYLE = { width: "100%", height: "100vh", border: "0" };
const LOCAL_HOSTS = ["localhost", "127.0.0.1"];
const KINDS: readonly ResourceKind[] = ["video", "unit", "generic"];
/** Where Decap keeps its logged-in user (its authStore). */
const DECAP_USER_KEY = "decap-cms-user";

async function start(): Promise<void> {
  const settings = (await (await fetch("config.json")).json()) as AdminSettings;
  const config: Record<string, unknown> = { ...settings.cms };
  const built = settings.cms.backend as { repo?: string; api_root?: string };
  // A build that names its API (tests, the benchmark) is the production path wherever it is served.
  if (!built.api_root && LOCAL_HOSTS.includes(location.hostname)) {
    const root = `http://${location.hostname}:${githubApiServerPort(Number(location.port || 80))}`;
    if (!(await isServing(root))) {
      return say(
        `The GitHub-API server of npm run cms does not answer at ${root}, so this page can neither read nor save records. ` +
          `Start the site with "npm run cms" (not "npm run dev" or "npm start"), then reload this page.`,
      );
    }
    config.backend = { ...built, repo: WORKING_TREE_REPO, branch: WORKING_TREE_BRANCH, api_root: root };
    // That server asks for no login: a stored user is one Decap restores without showing its login page.
    localStorage.setItem(DECAP_USER_KEY, JSON.stringify({ backendName: "github", token: "local" }));
    keepRefusalsShown(root);
  } else if (!built.repo) {
    return say(
      "This site was built without a GitHub repository to edit (env CMS_GITHUB_REPO, or Netlify's REPOSITORY_URL): see docs/editors.md.",
    );
  }
  const cms = window.CMS;
  for (const kind of KINDS) cms.registerCustomFormat(formatName(kind), "json", { fromFile, toFile: (data) => toFile(kind, data) });
  registerWidgets(cms, settings.site);
  cms.registerEventListener({ name: "preSave", handler: async ({ entry }) => readWhole(entry) });
  cms.registerEventListener({ name: "preSave", handler: ({ entry }) => completeNewEntry(entry, settings) });
  const layout = await publishedLayout(settings.site);
  for (const name of Object.keys(settings.folders)) {
    const collection = findCollection(name)!;
    cms.registerPreviewTemplate(name, ({ entry }) =>
      window.h("iframe", { srcDoc: previewHtml(collection, entry, settings, layout), title: "Preview", style: PREVIEW_STYLE }),
    );
  }
  cms.init({ config });
  startFindBox(settings.site, Object.keys(settings.folders));
}

function say(message: string): void {
  const status = document.getElementById("cms-status")!;
  status.textContent = message;
  status.hidden = false;
}

/**
 * Decap shows a refusal of the GitHub-API server (a record it cannot read, say) for
 * a few seconds, or not at all (a list leaves the record out); the page keeps
 * the reason in words until it is reloaded. A 404 is an answer, not a refusal:
 * Decap asks for folders and files that are not there yet.
 */
function keepRefusalsShown(root: string): void {
  const decapFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await decapFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(`${root}/`) && !response.ok && response.status !== 404) {
      const { message } = (await response.clone().json()) as { message?: string };
      say(`The GitHub-API server refused: ${message ?? response.statusText}`);
    }
    return response;
  };
}

/** Whether `npm run cms`'s GitHub-API server is there (it gives its user). */
async function isServing(root: string): Promise<boolean> {
  try {
    return (await fetch(`${root}/user`)).ok;
  } catch {
    return false;
  }
}

/**
 * A record that could not be read reaches the form empty (Decap opens it with no data when its file's text does not
 * parse): saving it would write the record with its fields missing, so it is refused, saying why.
 */
function readWhole(entry: EntryMap): DataMap {
  const data = entry.get("data");
  if (entry.get("newRecord") || EDITOR_NOTE in data.toJS()) return data;
  const why =
    "This record was not read whole, so it is not saved (its fields would be lost): reload the page, and see the line above or npm run validate.";
  say(why);
  throw new Error(why);
}

/** A new entry's uuid, position, html_path, $schema and file name; other entries pass unchanged. */
async function completeNewEntry(entry: EntryMap, settings: AdminSettings): Promise<DataMap> {
  const data = entry.get("data");
  if (!entry.get("newRecord")) return data;
  const collection = findCollection(entry.get("collection"))!;
  // The folder as of the build: reading it now would read every record.
  const fields = newEntryFields(data.toJS(), settings.folders[collection.name], crypto.randomUUID());
  return Object.entries(fields).reduce((d, [key, value]) => d.set(key, value), data);
}

/** The record as the API's HTML view shows it (core/formats), from what the form holds now. */
function previewHtml(collection: Collection, entry: EntryMap, settings: AdminSettings, layout?: TreeLayout): string {
  try {
    const record = JSON.parse(toFile(collection.kind, entry.get("data").toJS())) as SourceRecord;
    const resource = toResource(collection, record, settings.site);
    // Shown here, not at its own address: its links lead from the site's root (admin/ is one folder below it), to the files the layout places.
    const context = { ...siteTree(settings.site), pageBase: new URL("../", location.href).href, layout };
    return instanceDocument(htmlRenderer, instanceView(collection, resource), context);
  } catch (error) {
    return `<p>No preview: ${escapeHtml(String(error))}</p>`;
  }
}
