/** The "$schema" value of a record written into a folder: the relative path from there to its kind's schema. */
import path from "node:path";
import type { ResourceKind } from "../../core/catalogue/collections.ts";
import { SCHEMA_FILE } from "../../schemas/schemas.ts";

export function schemaPathFrom(folder: string, kind: ResourceKind): string {
  return path
    .relative(folder, path.join(import.meta.dirname, "../../schemas", SCHEMA_FILE[kind]))
    .split(path.sep)
    .join("/");
}
