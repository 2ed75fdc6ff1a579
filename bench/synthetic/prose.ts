/**
 * Text for synthetic records: titles, plain and HTML descriptions, long unit
 * overviews. Words are drawn by Zipf's law from ranked lists, so a search
 * index built from them has the term distribution of real prose.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Random, ZipfDraw } from "./random.ts";

/**
 * A word list beside this file, most frequent first: function words, or a few thousand content words of
 * school subjects (nouns, verbs, adjectives and their inflected forms, ranked so every band holds each).
 */
const wordList = (file: string) =>
  readFileSync(path.join(import.meta.dirname, file), "utf8")
    .split(/\s+/)
    .filter(Boolean);

const contentWords = wordList("content-words.txt");
const anyWord = new ZipfDraw([...wordList("function-words.txt"), ...contentWords]);
const contentWord = new ZipfDraw(contentWords);

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function title(random: Random): string {
  return Array.from({ length: random.int(2, 7) }, () => capitalize(contentWord.draw(random))).join(" ");
}

/** One sentence of `count` words. */
function sentence(random: Random, count: number, html: boolean): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let word = anyWord.draw(random);
    if (html && random.chance(0.02)) word = random.chance(0.5) ? `<strong>${word}</strong>` : `<em>${word}</em>`;
    else if (html && random.chance(0.005)) word = "&amp;";
    if (i > 1 && i < count - 2 && random.chance(0.06)) word += ",";
    out.push(word);
  }
  out[0] = capitalize(out[0]);
  return out.join(" ") + (random.chance(0.06) ? "?" : ".");
}

/** `count` words in sentences of 6–24 words. */
function sentences(random: Random, count: number, html: boolean): string {
  const out: string[] = [];
  for (let left = count; left > 0;) {
    const n = Math.min(left, random.int(6, 24));
    out.push(sentence(random, n, html));
    left -= n;
  }
  return out.join(" ");
}

/** `count` words as HTML paragraphs joined by CRLF, as the CMS stores them. */
function paragraphs(random: Random, count: number, paragraphCount: number): string {
  const out: string[] = [];
  for (let p = 0, left = count; p < paragraphCount; p++) {
    const n = p === paragraphCount - 1 ? left : Math.max(1, Math.round((left / (paragraphCount - p)) * (0.6 + random.float() * 0.8)));
    out.push(`<p>${sentences(random, n, true)}</p>`);
    left -= n;
  }
  return out.join("\r\n");
}

/** A description of 40–150 words; HTML paragraphs with probability `htmlShare`. */
export function description(random: Random, htmlShare: number): string {
  const count = random.int(40, 150);
  return random.chance(htmlShare) ? paragraphs(random, count, random.int(1, 3)) : sentences(random, count, false);
}

/** A unit overview: 300–900 words in 4–8 HTML paragraphs. */
export function overview(random: Random): string {
  return paragraphs(random, random.int(300, 900), random.int(4, 8));
}

/** A short HTML note (the "Other" credit of units). */
export function note(random: Random): string {
  return `<p>${sentences(random, random.int(10, 30), true)}</p>`;
}

export function shortSentence(random: Random): string {
  return sentences(random, random.int(5, 12), false);
}
