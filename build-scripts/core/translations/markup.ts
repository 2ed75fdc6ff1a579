/**
 * The markup of a translated HTML text: it must be well-formed and keep the
 * source's elements, so a translation cannot break the page that shows it.
 * Tags are read by a small scanner (HTML fragments are not XML: `<br>` needs
 * no end tag), which knows nothing of scripts: the source's own markup is
 * what is allowed.
 */

/** Whether a text holds markup: what XLIFF marks datatype="html". */
export const looksLikeHtml = (text: string) => /<\/?[a-zA-Z][^>]*>|&[a-zA-Z]+;|&#\d+;/.test(text);

/** Elements that have no end tag. */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

interface Tag {
  readonly name: string;
  readonly end: boolean;
  /** The tag as written, for messages. */
  readonly text: string;
}

/** The tags of a fragment, or the place where it stops being one. */
function tags(html: string): Tag[] | string {
  const found: Tag[] = [];
  for (let at = html.indexOf("<"); at !== -1; at = html.indexOf("<", at + 1)) {
    const close = html.indexOf(">", at);
    const next = html.indexOf("<", at + 1);
    if (close === -1 || (next !== -1 && next < close)) return `a "<" that opens no tag, at character ${at + 1}`;
    const text = html.slice(at, close + 1);
    const end = text[1] === "/";
    const name = /^<\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(text)?.[1]?.toLowerCase();
    if (name === undefined) return `"${text}", which is no tag`;
    found.push({ name, end, text });
  }
  return found;
}

/** Where the tags do not nest (an end tag without its start, or a start tag never ended). */
function nestingProblem(list: readonly Tag[]): string | undefined {
  const open: Tag[] = [];
  for (const tag of list) {
    if (VOID.has(tag.name) || tag.text.endsWith("/>")) continue;
    if (!tag.end) open.push(tag);
    else if (open.at(-1)?.name === tag.name) open.pop();
    else return `"${tag.text}" where ${open.length ? `"</${open.at(-1)!.name}>" was due` : "no element was open"}`;
  }
  return open.length ? `"${open.at(-1)!.text}" never ended` : undefined;
}

const counts = (list: readonly Tag[]) => {
  const byName = new Map<string, number>();
  for (const tag of list) if (!tag.end) byName.set(tag.name, (byName.get(tag.name) ?? 0) + 1);
  return byName;
};

/**
 * What is wrong with a translation of an HTML source, in words, or undefined
 * when it is well-formed and has the source's elements, each as many times
 * (in any order: a language may move an emphasis).
 */
export function markupProblem(source: string, target: string): string | undefined {
  const targetTags = tags(target);
  if (typeof targetTags === "string") return `markup that is not well-formed: ${targetTags}`;
  const nesting = nestingProblem(targetTags);
  if (nesting) return `markup that is not well-formed: ${nesting}`;
  const sourceTags = tags(source);
  if (typeof sourceTags === "string") return undefined; // nothing to compare with
  const want = counts(sourceTags);
  const have = counts(targetTags);
  const differ = [...new Set([...want.keys(), ...have.keys()])].filter((name) => (want.get(name) ?? 0) !== (have.get(name) ?? 0));
  if (differ.length === 0) return undefined;
  const say = (name: string, n: number | undefined) => `${n ?? 0} <${name}>`;
  return `other elements than the source's: ${differ.map((name) => `${say(name, have.get(name))} where the source has ${want.get(name) ?? 0}`).join(", ")}`;
}
