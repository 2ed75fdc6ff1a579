/**
 * Text in scripts written without spaces, for measuring what such text costs
 * the search index: a title of 8–15 characters and a paragraph of 60–119 in
 * Japanese, Chinese or Thai, with an emoji or two, added to a record's title
 * and description. Phrases (other-scripts.json) are real sentences about the
 * catalogue's subjects, drawn at random, so the index meets the character pairs
 * of real text.
 */
import { CommandError } from "../../build-scripts/tools/cli/run-command.ts";
import type { JsonObject } from "../../build-scripts/core/catalogue/resource.ts";
import type { Random } from "./random.ts";
import DATA from "./other-scripts.json" with { type: "json" };

interface Script {
  readonly phrases: readonly string[];
  /** What ends a sentence in a paragraph. */
  readonly sentenceEnd: string;
}

const SCRIPT_LIST: readonly Script[] = Object.values(DATA.scripts);
const EMOJI = [...DATA.emoji];

/** Sentences drawn at random until `length` characters (code points), cut there but not after a space. */
function text(random: Random, script: Script, length: number, sentenceEnd: string): string {
  const chars: string[] = [];
  while (chars.length <= length) chars.push(...random.pick(script.phrases), ...sentenceEnd);
  const cut = chars.slice(0, length);
  if (cut[length - 1] === " ") cut[length - 1] = chars[length];
  return cut.join("");
}

/** The record with a title and a paragraph in one of the scripts added; the rest unchanged. */
export function withOtherScript(random: Random, record: JsonObject): JsonObject {
  const script = random.pick(SCRIPT_LIST);
  const title = `${text(random, script, random.int(8, 15), "")} ${random.pick(EMOJI)}`;
  const paragraph = text(random, script, random.int(60, 119), script.sentenceEnd) + (random.chance(0.5) ? ` ${random.pick(EMOJI)}` : "");
  const description = record.description as string;
  return {
    ...record,
    title: `${record.title as string} ${title}`,
    // Paragraphs in an HTML description, as the CMS joins them; a sentence more in a plain one.
    description: description.startsWith("<p>") ? `${description}\r\n<p>${paragraph}</p>` : `${description} ${paragraph}`,
  };
}

/** `--other-scripts`: the share of records given such text, 0–1. */
export function parseShare(text: string): number {
  const share = Number(text);
  if (text.trim() === "" || !(share >= 0 && share <= 1))
    throw new CommandError(`--other-scripts needs a fraction from 0 to 1, got "${text}".`);
  return share;
}
