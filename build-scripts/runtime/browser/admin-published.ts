/**
 * The published site as the admin page reads it: a list's search and one
 * resource, answered by the HTML view's own code (core/query) from the
 * site's files, never from the repository. The page lives long and the site
 * is rebuilt meanwhile, so each question reads the list's manifest again;
 * the files it names never change.
 */
import type { SiteAddresses } from "../../core/catalogue/site-config.ts";
import { RecordSliceAnswers } from "../../core/query/answer.ts";
import { httpFiles, type PublishedFiles } from "../../core/query/published-files.ts";
import type { TreeLayout } from "../../core/routes/tree-layout.ts";
import { routePath } from "../../core/routes/api-path.ts";
import { findCollection, type Collection } from "../../core/catalogue/collections.ts";
import { siteTree } from "../../core/translations/site-tree.ts";

/** A record as a pick list shows it. */
export interface PublishedMatch {
  readonly collection: string;
  readonly title: string;
  readonly uuid: string;
}

/** The site's files, below its root (the admin page is admin/index.html). */
export const publishedFiles = (): PublishedFiles => httpFiles((url) => fetch(url), new URL("../", location.href), true);

/** A collection of the site by its name, as the CMS's configuration gives it. */
const named = (collection: string): Collection => findCollection(collection)!;

const publishedAnswers = (site: SiteAddresses) => new RecordSliceAnswers(publishedFiles(), siteTree(site));

/** The first page (25) of a list's matches, as the HTML view's search gives them, and how many there are in all. */
export async function findPublished(
  site: SiteAddresses,
  collection: string,
  search: string,
): Promise<{ matches: PublishedMatch[]; total: number }> {
  const answer = await publishedAnswers(site).get({
    path: routePath({ view: "list", collection: named(collection), page: 1 }),
    search,
    fields: "title,uuid",
    page: 1,
  });
  const items = (await answer.json()) as { title: string; uuid: string }[];
  return { matches: items.map(({ title, uuid }) => ({ collection, title, uuid })), total: answer.total ?? items.length };
}

/** A resource's title as published; undefined when the site as built does not have it. */
export async function publishedTitle(site: SiteAddresses, collection: string, uuid: string): Promise<string | undefined> {
  const answer = await publishedAnswers(site).get({
    path: routePath({ view: "instance", collection: named(collection), uuid }),
    fields: "title",
  });
  return answer.status === 200 ? ((await answer.json()) as { title: string }).title : undefined;
}

/** The site's layout as built (search/layout.json), which places the files the preview links; flat when it cannot be read. */
export const publishedLayout = (site: SiteAddresses): Promise<TreeLayout | undefined> =>
  publishedAnswers(site)
    .readLayout()
    .catch(() => undefined);
