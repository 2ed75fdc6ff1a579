/**
 * Netlify redirect rules that serve `?format=<name>` and `?accept=<media type>`
 * from the pre-rendered files, generated from the one table of formats and the
 * output tree. They are what a Netlify site gives without the edge function.
 *
 * Facts of Netlify's matcher (tested in test/serving-rules.test.ts): rules are
 * forced (`200!`) because the request path has a file of its own
 * (api/videos/index.html); the query value is written decoded and matches the
 * url-encoded request; other parameters do not stop a match; a trailing slash
 * matches too; keys and values are case-sensitive; the first match wins.
 */
import { FORMAT_TABLE, type FormatInfo } from "../../core/format-table.ts";
import { instanceFile, listFile, rootFile } from "../../core/routes/output-tree.ts";
import { languageRoot } from "../../core/translations/languages.ts";

export interface RedirectRule {
  readonly from: string;
  readonly to: string;
  readonly status: 200;
  readonly force: true;
  readonly query: Readonly<Record<string, string>>;
}

/** Each API address, as a Netlify path pattern, and its file in a given extension. */
const SOURCE_ROUTES: readonly { from: string; file: (extension: string) => string }[] = [
  { from: "/api", file: rootFile },
  { from: "/api/:collection", file: (ext) => listFile(":collection", ext) },
  { from: "/api/:collection/:uuid", file: (ext) => instanceFile(":collection", ":uuid", ext) },
];

/** The same addresses in each language's tree (docs/translations.md). */
const ROUTES = [
  ...SOURCE_ROUTES,
  ...SOURCE_ROUTES.map((route) => ({ from: `/:lang${route.from}`, file: (ext: string) => `${languageRoot(":lang")}${route.file(ext)}` })),
];

/** The query parameters that choose a format, as the spec lists them. */
export const FORMAT_PARAMETERS = [
  { key: "format", value: (f: FormatInfo) => f.name },
  { key: "accept", value: (f: FormatInfo) => f.mediaType },
] as const;

export function redirectRules(): RedirectRule[] {
  return ROUTES.flatMap((route) =>
    FORMAT_PARAMETERS.flatMap((param) =>
      FORMAT_TABLE.map((format) => ({
        from: route.from,
        to: `/${route.file(format.extension)}`,
        status: 200 as const,
        force: true as const,
        query: { [param.key]: param.value(format) },
      })),
    ),
  );
}
