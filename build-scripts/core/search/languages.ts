/**
 * Each language's stemmer and stop words, where Lunr has them (the
 * lunr-languages package: Snowball stemmers); other languages take the plain
 * pipeline (no stemming, no stop words), so a word finds what begins with it.
 * Loaded on demand, one language at a time: the browser and the edge fetch
 * only the one a translated list asks for.
 */
import lunr from "lunr";
import { memoized } from "../memo.ts";
import { SOURCE_LANGUAGE } from "../translations/languages.ts";

/** What a language's words go through after folding and trimming (words.ts). */
export interface WordRules {
  stem(word: string): string;
  isStopWord(word: string): boolean;
}

type Plugin = (lunr: Record<string, unknown>) => void;
type LunrFunction = (token: lunr.Token) => lunr.Token | undefined;
type LanguageFunctions = Record<string, LunrFunction>;

/** A language's rules from its Lunr pipeline functions. */
const lunrRules = (stemmer: LunrFunction, stopWordFilter: LunrFunction): WordRules => ({
  stem: (word) => stemmer(new lunr.Token(word, {}))!.toString(),
  isStopWord: (word) => stopWordFilter(new lunr.Token(word, {})) === undefined,
});

/** Lunr's own pipeline (Porter stemmer, English stop words): the source language's. */
export const ENGLISH = lunrRules(lunr.stemmer, lunr.stopWordFilter);

/** No stemming, no stop words. */
const PLAIN: WordRules = { stem: (word) => word, isStopWord: () => false };

// Literal imports, so bundlers make one chunk per language, loaded when asked for.
const PLUGINS: Readonly<Record<string, () => Promise<{ default: Plugin }>>> = {
  da: () => import("lunr-languages/lunr.da.js"),
  de: () => import("lunr-languages/lunr.de.js"),
  es: () => import("lunr-languages/lunr.es.js"),
  fi: () => import("lunr-languages/lunr.fi.js"),
  fr: () => import("lunr-languages/lunr.fr.js"),
  hu: () => import("lunr-languages/lunr.hu.js"),
  it: () => import("lunr-languages/lunr.it.js"),
  nl: () => import("lunr-languages/lunr.nl.js"),
  no: () => import("lunr-languages/lunr.no.js"),
  pt: () => import("lunr-languages/lunr.pt.js"),
  ro: () => import("lunr-languages/lunr.ro.js"),
  ru: () => import("lunr-languages/lunr.ru.js"),
  sv: () => import("lunr-languages/lunr.sv.js"),
  tr: () => import("lunr-languages/lunr.tr.js"),
};

/** Norwegian Bokmål and Nynorsk share Lunr's Norwegian stemmer. */
const SAME_STEMMER: Readonly<Record<string, string>> = { nb: "no", nn: "no" };

const loaded = new Map<string, Promise<WordRules>>();

/** A language's rules (by its tag's language part: `pt-BR` → pt), the source language's without a language. */
export function wordRules(language: string | undefined): Promise<WordRules> {
  const primary = language?.split("-")[0];
  if (primary === undefined || primary === SOURCE_LANGUAGE) return Promise.resolve(ENGLISH);
  const code = SAME_STEMMER[primary] ?? primary;
  return memoized(loaded, code, () => loadRules(code));
}

async function loadRules(code: string): Promise<WordRules> {
  const plugin = PLUGINS[code];
  if (!plugin) return PLAIN;
  const support = (await import("lunr-languages/lunr.stemmer.support.js")).default;
  const lunrWithLanguages = lunr as unknown as Record<string, LanguageFunctions | undefined>;
  if (!("stemmerSupport" in lunrWithLanguages)) support(lunrWithLanguages);
  if (!lunrWithLanguages[code]) (await plugin()).default(lunrWithLanguages);
  const functions = lunrWithLanguages[code]!;
  return lunrRules(functions.stemmer, functions.stopWordFilter);
}
