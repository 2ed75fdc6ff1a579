/**
 * Netlify header rules, generated from the one table of formats: each file
 * type's Content-Type (`.xliff` has no built-in one) and the API's shared
 * headers. Netlify matches them against the request's path.
 */
import { contentType, FORMAT_TABLE } from "../../core/formats/format-table.ts";
import { API_HEADERS, IMMUTABLE_HEADERS } from "../../core/routes/api-headers.ts";
import { QUERY_FILES_PATTERN } from "../../core/routes/output-tree.ts";

export interface HeaderRule {
  readonly for: string;
  readonly values: Readonly<Record<string, string>>;
}

export function headerRules(): HeaderRule[] {
  return [
    ...FORMAT_TABLE.map((format) => ({ for: `/*.${format.extension}`, values: { "Content-Type": contentType(format) } })),
    { for: "/api/*", values: API_HEADERS },
    { for: "/*/api/*", values: API_HEADERS },
    { for: QUERY_FILES_PATTERN, values: IMMUTABLE_HEADERS },
  ];
}
