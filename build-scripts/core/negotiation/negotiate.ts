/**
 * Content negotiation, in the manner of Django REST Framework's
 * DefaultContentNegotiation: the one place that decides which format of the
 * table answers a request.
 *
 * A parameter given more than once takes its last value, as in DRF.
 *
 *   1. `format` query parameter: a format name picks it; an unknown name is a 404.
 *   2. `accept` query parameter: read as if it were the Accept header.
 *   3. the Accept header: the acceptable format with the highest quality wins;
 *      ties go to the more specific media range, then to the table's order.
 *      Nothing acceptable is a 406.
 *   4. no header (or `*\/*`): the first format of the table, the HTML view.
 *
 * Unlike DRF, a known `format` wins outright (DRF would still check it against
 * the Accept header): that is what Netlify's rules can do without the edge,
 * so both hosts agree. Pure: no Node APIs.
 */
import { formatNamed, type FormatInfo } from "../format-table.ts";
import { lastParam } from "../routes/query-parameter.ts";
import { parseAccept, rangeMatches, type MediaRange } from "./accept-header.ts";

export type Negotiation<T extends FormatInfo> =
  | { readonly status: 200; readonly format: T; readonly by: "format" | "accept" | "header" | "default" }
  | { readonly status: 404 | 406; readonly reason: string };

/** `formats`: the table (or the formats with their renderers); the answer is one of them, the first by default. */
export function negotiate<T extends FormatInfo>(
  formats: readonly T[],
  query: URLSearchParams,
  acceptHeader: string | null,
): Negotiation<T> {
  const formatName = lastParam(query, "format");
  if (formatName) {
    const format = formatNamed(formats, formatName);
    if (!format) return { status: 404, reason: `Unknown format "${formatName}".` };
    return { status: 200, format, by: "format" };
  }
  const acceptParam = lastParam(query, "accept");
  if (acceptParam) return byAccept(formats, acceptParam, "accept");
  if (acceptHeader && acceptHeader.trim() !== "") return byAccept(formats, acceptHeader, "header");
  return { status: 200, format: formats[0], by: "default" };
}

function byAccept<T extends FormatInfo>(formats: readonly T[], accept: string, by: "accept" | "header"): Negotiation<T> {
  const ranges = parseAccept(accept);
  const ranked = formats
    .map((format, order) => ({ format, order, range: mostSpecificRange(ranges, format.mediaType) }))
    .filter((c): c is typeof c & { range: MediaRange } => c.range !== undefined && c.range.q > 0)
    .sort((a, b) => b.range.q - a.range.q || b.range.precedence - a.range.precedence || a.order - b.order);
  if (ranked.length === 0) return { status: 406, reason: `No format satisfies "${accept}".` };
  return { status: 200, format: ranked[0].format, by };
}

/** RFC 9110: a media type takes the quality of the most specific range that covers it. */
function mostSpecificRange(ranges: readonly MediaRange[], mediaType: string): MediaRange | undefined {
  let best: MediaRange | undefined;
  for (const range of ranges) {
    if (rangeMatches(range, mediaType) && (!best || range.precedence > best.precedence)) best = range;
  }
  return best;
}
