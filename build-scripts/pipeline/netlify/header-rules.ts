/**
 * Netlify header rules, generated from the one table of formats: each file
 * type's Content-Type (`.xliff` has no built-in one) and the API's shared
 * headers. Netlify matches them against the request's path; where two rules
 * set the same header, the later one wins (Netlify's own parser, which the
 * local server runs), so the OpenAPI description's type follows `/*.json`'s.
 * Every file carries the HTML view's Content-Security-Policy; the CMS's
 * pages at /admin/ take their own (the later rule wins).
 */
import { contentType, FORMAT_TABLE } from "../../core/format-table.ts";
import { CONTENT_SECURITY_POLICY } from "../../core/formats/html.ts";
import { API_HEADERS, CORS_HEADERS, IMMUTABLE_HEADERS } from "../../core/routes/api-headers.ts";
import { ADMIN_FOLDER, OPENAPI_FILE, OPENAPI_MEDIA_TYPE, QUERY_FILES_PATTERN, SHIM_DECLARATIONS } from "../../core/routes/output-tree.ts";

/**
 * Decap CMS compiles its configuration's schema at load ('unsafe-eval') and
 * injects its styles; it talks to GitHub's API when published and to the
 * GitHub-API server on 127.0.0.1 under `npm run cms`. Its scripts are files.
 */
const ADMIN_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "frame-src 'self'",
  "connect-src 'self' http://127.0.0.1:* https://api.github.com",
  "object-src 'none'",
  "base-uri 'self'",
].join("; ");

export interface HeaderRule {
  readonly for: string;
  readonly values: Readonly<Record<string, string>>;
}

export function headerRules(): HeaderRule[] {
  return [
    { for: "/*", values: { ...CORS_HEADERS, "Content-Security-Policy": CONTENT_SECURITY_POLICY } },
    ...FORMAT_TABLE.map((format) => ({ for: `/*.${format.extension}`, values: { "Content-Type": contentType(format) } })),
    { for: `/${OPENAPI_FILE}`, values: { "Content-Type": OPENAPI_MEDIA_TYPE, "Cache-Control": API_HEADERS["Cache-Control"] } },
    // A `.ts` file is video/mp2t to most hosts.
    { for: `/${SHIM_DECLARATIONS}`, values: { "Content-Type": "text/plain; charset=utf-8" } },
    { for: `/${ADMIN_FOLDER}/*`, values: { "Content-Security-Policy": ADMIN_CONTENT_SECURITY_POLICY } },
    { for: "/api/*", values: API_HEADERS },
    { for: "/*/api/*", values: API_HEADERS },
    // The query files of the source tree and of each language's.
    { for: QUERY_FILES_PATTERN, values: IMMUTABLE_HEADERS },
    { for: `/*${QUERY_FILES_PATTERN}`, values: IMMUTABLE_HEADERS },
  ];
}
