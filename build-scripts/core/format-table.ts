/**
 * The formats of the API as data, one row each: the `format` query value, the
 * media type (Content-Type, and the `accept` query value), the file extension
 * and the charset. This is the renderer-free view of the one table of formats:
 * formats.ts gives each row its renderer, and modules that must not load the
 * renderers (the HTML renderer itself, the browser's view script) read this.
 * The first row is the default (DRF's first renderer wins for Accept: *\/*).
 */
export interface FormatInfo {
  /** The `format` query value, as DRF's renderer `format` ("api" is the browsable view). */
  readonly name: string;
  /** Content-Type, and what the Accept header and the `accept` query ask for. */
  readonly mediaType: string;
  /** The extension of the format's files in the output tree. */
  readonly extension: string;
  readonly charset: string;
}

export const FORMAT_TABLE = [
  { name: "api", mediaType: "text/html", extension: "html", charset: "utf-8" },
  { name: "json", mediaType: "application/json", extension: "json", charset: "utf-8" },
  { name: "xml", mediaType: "application/xml", extension: "xml", charset: "utf-8" },
  { name: "xliff", mediaType: "application/x-xliff+xml", extension: "xliff", charset: "utf-8" },
] as const satisfies readonly FormatInfo[];

export type FormatName = (typeof FORMAT_TABLE)[number]["name"];

/** A format of `formats` (the table, or the formats with their renderers) by its `format` name. */
export const formatNamed = <T extends FormatInfo>(formats: readonly T[], name: string): T | undefined =>
  formats.find((f) => f.name === name);

/** A format of `formats` by the extension of its files. */
export const formatWithExtension = <T extends FormatInfo>(formats: readonly T[], extension: string): T | undefined =>
  formats.find((f) => f.extension === extension);

/** The Content-Type header value of a format. */
export const contentType = (format: FormatInfo) => `${format.mediaType}; charset=${format.charset}`;

/** The data formats beside the HTML view. */
export const DATA_FORMATS: readonly FormatInfo[] = FORMAT_TABLE.slice(1);

/** How people write a format's name: "JSON". */
export const displayName = (format: FormatInfo) => format.name.toUpperCase();

/** "a, b and c" */
export const inWords = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : items.join("");
