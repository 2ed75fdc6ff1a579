/** The API root: each collection name → its list in the HTML view, in the spec's order. */
import { COLLECTIONS } from "./collections.ts";
import type { JsonObject } from "./resource.ts";
import type { SiteAddresses } from "./site-config.ts";

export function apiRootData(config: Pick<SiteAddresses, "baseUrl">): JsonObject {
  return Object.fromEntries(COLLECTIONS.map((c) => [c.name, `${config.baseUrl}/api/${c.name}?format=api`]));
}
