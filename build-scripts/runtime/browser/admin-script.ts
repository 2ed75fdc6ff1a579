/**
 * The admin page's script (admin/cms.js, bundled for the browser): it loads
 * before Decap's bundle and stops its automatic start, then registers the
 * records' format, the form's own widgets, the preview and the new-entry rules, and starts Decap with
 * the generated configuration (admin/config.json), and the find box. On this machine it edits
 * through `npm run cms`'s local backend, and says so in words if that does
 * not answer; elsewhere Decap's GitHub backend logs the editor in.
 */
import { findCollection, type Collection, type ResourceKind } from "../../core/catalogue/collections.ts";
import { toResource, type JsonObject, type SourceRecord } from "../../core/catalogue/resource.ts";
import { htmlRenderer } from "../../core/formats/html.ts";
import { instanceDocument } from "../../core/formats/renderer.ts";
import { escapeHtml } from "../../core/formats/html-escape.ts";
import { instanceView } from "../../core/formats/views.ts";
import { siteTree } from "../../core/translations/site-tree.ts";
import { formatName, type AdminSettings } from "../../core/cms/cms-config.ts";
import { folderFacts, newEntryFields, type FolderFacts } from "../../core/cms/new-entry.ts";
import { fromFile, toFile } from "../../core/cms/record-format.ts";
import { LOCAL_BACKEND_PATH, localBackendPort } from "../../core/cms/local-backend-address.ts";
import { startFindBox } from "./admin-find.ts";
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

async function start(): Promise<void> {
  const settings = (await (await fetch("config.json")).json()) as AdminSettings;
  const config: Record<string, unknown> = { ...settings.cms };
  let backend: string | undefined;
  if (LOCAL_HOSTS.includes(location.hostname)) {
    backend = `http://${location.hostname}:${localBackendPort(Number(location.port || 80))}${LOCAL_BACKEND_PATH}`;
    if (!(await answers(backend))) {
      return say(
        `The local editing server does not answer at ${backend}, so this page can neither read nor save records. ` +
          `Start the site with "npm run cms" (not "npm run dev" or "npm start"), then reload this page.`,
      );
    }
    // Decap then edits through the local backend instead of GitHub.
    config.local_backend = { url: backend, allowed_hosts: [location.hostname] };
    keepRefusalsShown(backend);
  } else if (!(settings.cms.backend as { repo?: string }).repo) {
    return say(
      "This site was built without a GitHub repository to edit (env CMS_GITHUB_REPO, or Netlify's REPOSITORY_URL): see docs/editors.md.",
    );
  }
  const cms = window.CMS;
  for (const kind of KINDS) cms.registerCustomFormat(formatName(kind), "json", { fromFile, toFile: (data) => toFile(kind, data) });
  registerWidgets(cms, settings.site);
  cms.registerEventListener({ name: "preSave", handler: ({ entry }) => completeNewEntry(entry, settings, backend) });
  for (const name of Object.keys(settings.folders)) {
    const collection = findCollection(name)!;
    cms.registerPreviewTemplate(name, ({ entry }) =>
      window.h("iframe", { srcDoc: previewHtml(collection, entry, settings), title: "Preview", style: PREVIEW_STYLE }),
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
 * Decap shows a refusal of the local backend (a record it cannot read, say)
 * for a few seconds and then an empty list; the page keeps the reason in words
 * until it is reloaded.
 */
function keepRefusalsShown(backend: string): void {
  const decapFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await decapFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (url === backend && !response.ok) {
      const { error } = (await response.clone().json()) as { error?: string };
      say(`The local editing server refused: ${error ?? response.statusText}`);
    }
    return response;
  };
}

/** An action of the local backend (`npm run cms`): Decap's proxy protocol, {action, params} POSTed as JSON. */
const ask = (backend: string, action: string, params?: JsonObject) =>
  fetch(backend, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ action, params }) });

async function answers(backend: string): Promise<boolean> {
  try {
    return (await ask(backend, "info")).ok;
  } catch {
    return false;
  }
}

/** A new entry's uuid, position, html_path, $schema and file name; other entries pass unchanged. */
async function completeNewEntry(entry: EntryMap, settings: AdminSettings, backend: string | undefined): Promise<DataMap> {
  const data = entry.get("data");
  if (!entry.get("newRecord")) return data;
  const collection = findCollection(entry.get("collection"))!;
  // The local backend lists the folder as it is now; the published site knows it as of its build.
  const facts = backend ? await folderNow(backend, collection, settings.contentDir) : settings.folders[collection.name];
  const fields = newEntryFields(data.toJS(), facts, crypto.randomUUID());
  return Object.entries(fields).reduce((d, [key, value]) => d.set(key, value), data);
}

/** The folder as the local backend reads it now; a folder it cannot read whole refuses the new entry, saying why. */
async function folderNow(backend: string, collection: Collection, contentDir: string): Promise<FolderFacts> {
  const params = { folder: `${contentDir}/${collection.name}`, extension: "json", depth: 1 };
  const response = await ask(backend, "entriesByFolder", params);
  const answer = (await response.json()) as { data: string; file: { path: string } }[] | { error: string };
  if (!Array.isArray(answer)) {
    const why = `This new ${collection.label} is not saved: its position and file name come from every record of ${params.folder}, and ${answer.error}`;
    say(why);
    throw new Error(why);
  }
  const records = answer.flatMap((e) => {
    try {
      return [JSON.parse(e.data) as Record<string, unknown>];
    } catch {
      return []; // validate names it
    }
  });
  const taken = answer.map((e) => e.file.path.replace(/^.*\//, "").replace(/\.json$/, ""));
  return folderFacts(collection, contentDir, records, taken);
}

/** The record as the API's HTML view shows it (core/formats), from what the form holds now. */
function previewHtml(collection: Collection, entry: EntryMap, settings: AdminSettings): string {
  try {
    const record = JSON.parse(toFile(collection.kind, entry.get("data").toJS())) as SourceRecord;
    const resource = toResource(collection, record, settings.site);
    // Shown here, not at its own address: its links lead from the site's root (admin/ is one folder below it).
    const context = { ...siteTree(settings.site), pageBase: new URL("../", location.href).href };
    return instanceDocument(htmlRenderer, instanceView(collection, resource), context);
  } catch (error) {
    return `<p>No preview: ${escapeHtml(String(error))}</p>`;
  }
}
