/**
 * A tree of the site: the API in one language. The source language's is the
 * site's own (api/…, at the site's addresses); each translation's is an API
 * of its own one folder down (<lang>/api/…, below `{base_url}/<lang>`),
 * written, served and answered as the source's is. Pure.
 */
import type { SiteAddresses } from "../catalogue/site-config.ts";
import { languageRoot } from "./languages.ts";

export interface SiteTree {
  /** The folder of its files below the site root: "" for the source language's, `<lang>/` for a translation's. */
  readonly folder: string;
  /** The addresses its documents name: the site's, with the API's below `{base_url}/<lang>` for a translation's. */
  readonly addresses: SiteAddresses;
  /** A translation's language; none for the source language's tree. */
  readonly language?: string;
}

export function siteTree({ baseUrl, siteUrl }: SiteAddresses, language?: string): SiteTree {
  const folder = languageRoot(language);
  if (language === undefined) return { folder, addresses: { baseUrl, siteUrl } };
  return { folder, addresses: { baseUrl: `${baseUrl}/${language}`, siteUrl }, language };
}

/** The site's own API address, from a tree's (the inverse of `siteTree`'s). */
export const siteBaseUrl = ({ addresses, language }: SiteTree) =>
  language === undefined ? addresses.baseUrl : addresses.baseUrl.slice(0, -`/${language}`.length);

/** From a tree's folder up to the site root, which holds the assets every tree shares. */
export const upToSite = ({ folder }: SiteTree) => (folder === "" ? "" : "../");
