/** The sample catalogue's search indexes, built in memory exactly as the build publishes them. */
import { prepareBuild } from "../../build-scripts/pipeline/prepare.ts";
import { COLLECTIONS, type Collection } from "../../build-scripts/core/catalogue/collections.ts";
import { toResource, type JsonObject } from "../../build-scripts/core/catalogue/resource.ts";
import { queryFile, searchManifestFile } from "../../build-scripts/core/routes/output-tree.ts";
import { SearchIndexBuilder, type SearchIndex } from "../../build-scripts/core/search/build-index.ts";
import { RecordFinder } from "../../build-scripts/core/search/find-records.ts";
import { ENGLISH } from "../../build-scripts/core/search/languages.ts";
import { addTextTerms, searchTexts } from "../../build-scripts/core/search/search-fields.ts";
import { TermNumbers } from "../../build-scripts/core/search/term-numbers.ts";
import { PROJECT_DIR } from "./build-site.ts";

export interface IndexedList {
  readonly collection: Collection;
  readonly resources: readonly JsonObject[];
  /** Each resource's search fields as plain text. */
  readonly texts: readonly (readonly string[])[];
  readonly finder: RecordFinder;
  /** The resources a search finds, in list order. */
  search(query: string): Promise<JsonObject[]>;
}

/** A list's manifest, term and fragment files, as the build publishes them (by path below the site root). */
export function indexFiles(collection: string, index: SearchIndex): Map<string, string> {
  const terms = index.termFiles.map((_, n) => `terms-${n}.txt`);
  const fragments = index.fragmentFiles.map((_, n) => `fragments-${n}.txt`);
  const manifest = {
    version: 4,
    ...index.manifest,
    uuidBits: 0,
    files: { terms, fragments, records: [], uuids: [], entries: {}, columns: {} },
  };
  const files = new Map([[searchManifestFile(collection), JSON.stringify(manifest)]]);
  index.termFiles.forEach((text, n) => files.set(queryFile(collection, terms[n]), text));
  index.fragmentFiles.forEach((text, n) => files.set(queryFile(collection, fragments[n]), text));
  return files;
}

/** The terms a record is found by (its search fields' texts), each once, in the order they are met. */
export function recordTerms(texts: readonly string[]): string[] {
  const terms = new Set<string>();
  addTextTerms(texts, terms);
  return [...terms];
}

/**
 * The index of records given as their search fields' texts, by the build's
 * own path: a render thread's numbering of each record's terms
 * (render-worker.ts), added by number as the main thread adds them.
 */
export function buildIndex(texts: readonly (readonly string[])[], termFileChars?: number): SearchIndex {
  const numbers = new TermNumbers();
  const table = { terms: [] as string[] };
  const builder = new SearchIndexBuilder(ENGLISH.stem);
  for (const fields of texts) {
    numbers.nextRecord();
    addTextTerms(fields, numbers);
    const { newTerms, found } = numbers.take();
    table.terms.push(...newTerms);
    builder.addNumbered(found, table);
  }
  return builder.finish(termFileChars);
}

/** A finder over an index of records given as their search fields' texts, built and read as the build publishes it. */
export function inMemoryIndex(texts: readonly (readonly string[])[], collection = "videos"): RecordFinder {
  const files = indexFiles(collection, buildIndex(texts));
  return new RecordFinder(async (file) => files.get(file), collection);
}

export async function indexedLists(): Promise<IndexedList[]> {
  const { catalogue, config } = await prepareBuild(PROJECT_DIR);
  return COLLECTIONS.filter((c) => (catalogue.lists.get(c.name) ?? []).length > 0).map((collection) => {
    const resources = catalogue.lists.get(collection.name)!.map(({ record }) => toResource(collection, record, config));
    const texts = resources.map((r) => searchTexts(collection.kind, r));
    const finder = inMemoryIndex(texts, collection.name);
    const search = async (query: string) => {
      const found = await finder.find(query);
      return found === undefined ? [...resources] : found.map((p) => resources[p]);
    };
    return { collection, resources, texts, finder, search };
  });
}
