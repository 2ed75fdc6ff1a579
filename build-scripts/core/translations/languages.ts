/**
 * The languages of the API: the source language the records are written in,
 * and the languages translations are published in, each under its own tree
 * (`/<lang>/api/…`, docs/translations.md). Pure.
 */

/** The records' language: XLIFF's source-language, and the `versions` key of the source resource. */
export const SOURCE_LANGUAGE = "en";

/**
 * A language tag as the API spells it (BCP 47, the common subset): a language
 * of two or three letters, lower case, then an optional script (Title case)
 * and region (upper case, or three digits): `es`, `pt-BR`, `zh-Hant`, `es-419`.
 */
export const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?$/;

/** Top-level folders of the site that a language's tree must not take. */
const RESERVED = new Set(["api"]);

/** Whether a tag names a language a translation may be published in (not the source language). */
export const isTargetLanguage = (tag: string) => LANGUAGE_TAG.test(tag) && !RESERVED.has(tag) && tag !== SOURCE_LANGUAGE;

/**
 * A tag as tools write it (`es_ES`, `PT-br`, `zh-hant`) in the API's spelling,
 * or undefined when it is none (translation tools use `_` or `-`, any case).
 */
export function normalizeLanguage(tag: string): string | undefined {
  const [language, ...rest] = tag.trim().split(/[-_]/);
  const subtags = rest.map((s) => (s.length === 4 ? s[0].toUpperCase() + s.slice(1).toLowerCase() : s.toUpperCase()));
  const normal = [language.toLowerCase(), ...subtags].join("-");
  return LANGUAGE_TAG.test(normal) ? normal : undefined;
}

/** What a tag must be, for messages. */
export const LANGUAGE_EXPECTED = `a language tag such as "es", "pt-BR" or "zh-Hant", other than the source language "${SOURCE_LANGUAGE}"`;

/** The folder of a language's tree below the site root ("" for the source language). */
export const languageRoot = (language: string | undefined) => (language === undefined ? "" : `${language}/`);
