/**
 * The content types of the API, as data: the `format` query value, the media
 * type (Content-Type, and the `accept` query value) and the file extension.
 * formats.ts pairs each row with its renderer; this half has no dependencies,
 * so modules that must not load the renderers (the HTML view itself, content
 * negotiation, the edge's routing and OPTIONS metadata) read it alone.
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

/** The default: the browsable HTML view. */
export const DEFAULT_MEDIA_TYPE: MediaType = MEDIA_TYPES[0];

export const mediaTypeByName = (name: string): MediaType | undefined => MEDIA_TYPES.find((f) => f.name === name);
export const mediaTypeByExtension = (extension: string): MediaType | undefined => MEDIA_TYPES.find((f) => f.extension === extension);

/** The data formats beside the HTML view. */
export const DATA_MEDIA_TYPES: readonly MediaType[] = MEDIA_TYPES.filter((f) => f !== DEFAULT_MEDIA_TYPE);

/** How people write a format's name: "JSON". */
export const displayName = (type: MediaType) => type.name.toUpperCase();

/** "a, b and c" */
export const inWords = (items: readonly string[]) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : items.join(""));
