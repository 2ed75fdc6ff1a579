/** The "$schema" value of a record written into a folder: the relative path from there to its kind's schema. */
import path from "node:path";
import { SCHEMA_FILE, type SchemaName } from "../../schemas/schemas.ts";

export function schemaPathFrom(folder: string, kind: SchemaName): string {
  return path
    .relative(folder, path.join(import.meta.dirname, "../../schemas", SCHEMA_FILE[kind]))
    .split(path.sep)
    .join("/");
}
