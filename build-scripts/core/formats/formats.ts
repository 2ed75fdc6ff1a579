/**
 * The one table of formats: each row of format-table.ts with its renderer.
 * Everything that needs to know about formats (the build, netlify.toml's rules
 * and headers, content negotiation, the edge function, the browser shim)
 * reads this table or its renderer-free view. Adding a format means adding a
 * row there and a renderer here; the compiler insists on both.
 */
import { FORMAT_TABLE, type FormatInfo, type FormatName } from "../format-table.ts";
import { htmlRenderer } from "./html.ts";
import { jsonRenderer } from "./json.ts";
import type { Renderer } from "./renderer.ts";
import { xliffRenderer } from "./xliff.ts";
import { xmlRenderer } from "./xml.ts";

export interface Format extends FormatInfo {
  readonly name: FormatName;
  /** Serializes views in this format (one object per format, as DRF's renderers). */
  readonly renderer: Renderer;
}

const RENDERERS: Record<FormatName, Renderer> = {
  api: htmlRenderer,
  json: jsonRenderer,
  xml: xmlRenderer,
  xliff: xliffRenderer,
};

export const FORMATS: readonly Format[] = FORMAT_TABLE.map((row) => ({ ...row, renderer: RENDERERS[row.name] }));
