/**
 * The site's own addresses, baked into the browser bundle when it is built
 * (bundle.ts defines __CATALOGUE_SITE__), so links inside answers can be
 * recognised as this API's, wherever a copy of the site is served from.
 */
import type { SiteAddresses } from "../../core/catalogue/site-config.ts";

declare const __CATALOGUE_SITE__: SiteAddresses;

export const SITE: SiteAddresses = __CATALOGUE_SITE__;
