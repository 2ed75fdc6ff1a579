/**
 * The media ranges of an HTTP Accept header (RFC 9110 §12.5.1), each with its
 * quality and its precedence as Django REST Framework ranks them: `*\/*` 0,
 * `type/*` 1, `type/subtype` 2, `type/subtype;param=…` 3. Malformed ranges are
 * dropped, as a lenient server does. Pure: no Node APIs.
 */
export interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  /** 0 … 1; 0 means "not acceptable". */
  readonly q: number;
  readonly precedence: 0 | 1 | 2 | 3;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/i;
const QVALUE = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/;

export function parseAccept(header: string): MediaRange[] {
  return header.split(",").flatMap((part) => parseRange(part) ?? []);
}

function parseRange(text: string): MediaRange | undefined {
  const [range, ...params] = text.split(";").map((s) => s.trim());
  const [type, subtype, extra] = range.toLowerCase().split("/");
  if (extra !== undefined || !TOKEN.test(type ?? "") || !TOKEN.test(subtype ?? "")) return undefined;
  if (type === "*" && subtype !== "*") return undefined;
  let q = 1;
  let hasParams = false;
  for (const param of params) {
    const [key, value = ""] = param.split("=").map((s) => s.trim());
    if (key.toLowerCase() !== "q") {
      hasParams ||= key !== "";
    } else if (QVALUE.test(value)) {
      q = Number(value);
    } else {
      return undefined;
    }
  }
  const precedence = type === "*" ? 0 : subtype === "*" ? 1 : hasParams ? 3 : 2;
  return { type, subtype, q, precedence };
}

/** Whether a range covers a concrete media type such as application/json. */
export function rangeMatches(range: MediaRange, mediaType: string): boolean {
  const [type, subtype] = mediaType.toLowerCase().split("/");
  return (range.type === "*" || range.type === type) && (range.subtype === "*" || range.subtype === subtype);
}
