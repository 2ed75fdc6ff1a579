/**
 * The markup of a translated HTML text: it must keep the source's elements,
 * and be as well-formed as the source is, so a translation cannot break the
 * page that shows it. What the source itself holds (a bare "<", as in "< 0 °C";
 * tags that do not nest) the target may hold too. Tags are read by a small
 * scanner (HTML fragments are not XML: `<br>` needs no end tag), which knows
 * nothing of scripts: the source's own markup is what is allowed.
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

/** A fragment read as tags, and each "<" that opens none (the text of a bare one, or of a tag cut short), in order. */
interface Scanned {
  readonly tags: readonly Tag[];
  readonly stray: readonly string[];
}

function scan(html: string): Scanned {
  const tags: Tag[] = [];
  const stray: string[] = [];
  for (let at = html.indexOf("<"); at !== -1; at = html.indexOf("<", at + 1)) {
    const close = html.indexOf(">", at);
    const next = html.indexOf("<", at + 1);
    const text = html.slice(at, close + 1);
    const name = /^<\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(text)?.[1]?.toLowerCase();
    if (close === -1 || (next !== -1 && next < close)) stray.push(`a "<" that opens no tag, at character ${at + 1}`);
    else if (name === undefined) stray.push(`"${text}", which is no tag`);
    else tags.push({ name, end: text[1] === "/", text });
  }
  return { tags, stray };
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
 * when it has the source's elements, each as many times (in any order: a
 * language may move an emphasis), no more "<" that open no tag than the
 * source, and tags that nest wherever the source's do.
 */
export function markupProblem(source: string, target: string): string | undefined {
  const want = scan(source);
  const have = scan(target);
  if (have.stray.length > want.stray.length) {
    // Which of them the source's are, no one can tell: with some in the source, all are named.
    const stray = want.stray.length
      ? `${have.stray.length} "<" that open no tag where the source has ${want.stray.length}: ${have.stray.join("; ")}`
      : have.stray[0];
    return `markup that is not well-formed: ${stray}`;
  }
  const nesting = nestingProblem(want.tags) === undefined ? nestingProblem(have.tags) : undefined;
  if (nesting) return `markup that is not well-formed: ${nesting}`;
  const wanted = counts(want.tags);
  const had = counts(have.tags);
  const differ = [...new Set([...wanted.keys(), ...had.keys()])].filter((name) => (wanted.get(name) ?? 0) !== (had.get(name) ?? 0));
  if (differ.length === 0) return undefined;
  const say = (name: string, n: number | undefined) => `${n ?? 0} <${name}>`;
  return `other elements than the source's: ${differ.map((name) => `${say(name, had.get(name))} where the source has ${wanted.get(name) ?? 0}`).join(", ")}`;
}
