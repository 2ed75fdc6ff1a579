/**
 * The content types of the API, as data: the `format` query value, the media
 * type (Content-Type, and the `accept` query value) and the file extension.
 * formats.ts pairs each row with its renderer; this half has no dependencies,
 * so the HTML view, netlify.toml's generator and the edge can read it alone.
 * The first row is the default (DRF's first renderer wins for Accept: *\/*).
 */
export const MEDIA_TYPES = [
  { name: "api", mediaType: "text/html", extension: "html", charset: "utf-8" },
  { name: "json", mediaType: "application/json", extension: "json", charset: "utf-8" },
  { name: "xml", mediaType: "application/xml", extension: "xml", charset: "utf-8" },
  { name: "xliff", mediaType: "application/x-xliff+xml", extension: "xliff", charset: "utf-8" },
] as const;

export type FormatName = (typeof MEDIA_TYPES)[number]["name"];
export type MediaType = (typeof MEDIA_TYPES)[number];
