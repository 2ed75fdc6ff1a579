/**
 * The one table of formats: each content type of media-types.ts with its
 * renderer. Everything that needs to know about formats (the build,
 * netlify.toml's rules and headers, content negotiation, the edge function,
 * the browser shim) reads this table. Adding a format means adding a row
 * there and a renderer here; the compiler insists on both.
 */
import { htmlRenderer } from "./html.ts";
import { jsonRenderer } from "./json.ts";
import { MEDIA_TYPES, type FormatName } from "./media-types.ts";
import type { Renderer } from "./renderer.ts";
import { xliffRenderer } from "./xliff.ts";
import { xmlRenderer } from "./xml.ts";

export interface Format {
  readonly name: FormatName;
  readonly mediaType: string;
  readonly extension: string;
  readonly charset: string;
  readonly renderer: Renderer;
}

const RENDERERS: Record<FormatName, Renderer> = {
  api: htmlRenderer,
  json: jsonRenderer,
  xml: xmlRenderer,
  xliff: xliffRenderer,
};

export const FORMATS: readonly Format[] = MEDIA_TYPES.map((type) => ({ ...type, renderer: RENDERERS[type.name] }));

export const DEFAULT_FORMAT = FORMATS[0];

/** Where a resource's JSON item sits among its items (in the order of FORMATS): the search's record files reuse it. */
export const JSON_ITEM = FORMATS.findIndex((f) => f.name === "json");

export const formatByName = (name: string) => FORMATS.find((f) => f.name === name);

/** The Content-Type header value of a format. */
export const contentType = (format: { mediaType: string; charset: string }) => `${format.mediaType}; charset=${format.charset}`;
