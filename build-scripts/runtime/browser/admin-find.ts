/**
 * The admin page's find box: records by the words of their titles and
 * descriptions, answered from the site's published search index with the
 * HTML view's own code (core/query), or by a pasted UUID, API address or
 * page address; the record chosen opens in Decap's editor, by the file name
 * the site publishes for it (core/cms/record-sources.ts). Nothing here reads
 * a collection's folder, so its cost does not grow with the catalogue.
 */
import type { SiteAddresses } from "../../core/catalogue/site-config.ts";
import { sourceFileOf, sourceKey, sourcesIn } from "../../core/cms/record-sources.ts";
import { findPublished, publishedFiles, type PublishedMatch } from "./admin-published.ts";

/** How long typing pauses before the box searches. */
const TYPING_PAUSE_MS = 250;

/** Decap's address of an entry's editor. */
export const entryHash = (collection: string, fileName: string) =>
  `#/collections/${encodeURIComponent(collection)}/entries/${encodeURIComponent(fileName)}`;

/** A collection's file, as an editor may type it to open a record saved since the last build: `videos/how-sand-dunes-move`. */
const FILE_OF = /^([a-z_]+)\/([^/\s]+?)(\.json)?$/;

export function startFindBox(site: SiteAddresses, collections: readonly string[]): void {
  const form = document.getElementById("find-record") as HTMLFormElement;
  const input = form.querySelector("input")!;
  const status = document.getElementById("find-record-status")!;
  const results = document.getElementById("find-record-results") as HTMLUListElement;
  let asked = 0;
  let pause: ReturnType<typeof setTimeout> | undefined;

  const show = (message: string, matches: readonly PublishedMatch[] = []) => {
    status.textContent = message;
    results.replaceChildren(...matches.map((match) => matchItem(match, () => void open(match.uuid))));
  };
  const open = async (key: string) => {
    const found = await lookUp(key);
    if (found.length === 1) location.hash = entryHash(found[0].collection, found[0].fileName);
    else if (found.length === 0) show(NOT_PUBLISHED);
    else show(`${found.length} records have this address: ${found.map((f) => `${f.collection}/${f.fileName}`).join(", ")}.`);
  };
  const find = async () => {
    const query = input.value.trim();
    const ask = ++asked;
    const file = FILE_OF.exec(query);
    const key = sourceKey(query, site);
    try {
      if (query === "") return show("");
      if (file && collections.includes(file[1])) return void (location.hash = entryHash(file[1], file[2]));
      if (key !== undefined && !query.includes(" ")) return await open(key);
      const found = await Promise.all(collections.map((collection) => findPublished(site, collection, query)));
      if (ask !== asked) return; // a later query is being answered
      const total = found.reduce((n, f) => n + f.total, 0);
      const shown = found.flatMap((f) => f.matches);
      show(total === 0 ? `No record holds “${query}”. ${NOT_PUBLISHED}` : summary(total, shown.length), shown);
    } catch (error) {
      show(`The site's search files could not be read (${String(error)}): build and deploy the site again.`);
    }
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(pause);
    void find();
  });
  input.addEventListener("input", () => {
    clearTimeout(pause);
    pause = setTimeout(() => void find(), TYPING_PAUSE_MS);
  });
  form.hidden = false;
}

const NOT_PUBLISHED =
  "The site as last built does not have it: a record saved since then is found once the site is built again, " +
  "or opened now by its collection and file name (videos/how-sand-dunes-move).";

const summary = (total: number, shown: number) =>
  total === shown ? `${total} found.` : `${total} found, the first ${shown} shown: add words to narrow.`;

/** Where a key's records are: one small published file. */
async function lookUp(key: string) {
  const text = await publishedFiles().text(sourceFileOf(key));
  return text === undefined ? [] : sourcesIn(text, key);
}

function matchItem(match: PublishedMatch, open: () => void): HTMLLIElement {
  const item = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = match.title;
  const collection = document.createElement("span");
  collection.textContent = match.collection;
  button.append(" ", collection);
  button.addEventListener("click", open);
  item.append(button);
  return item;
}
