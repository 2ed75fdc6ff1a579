/**
 * JSON, as Django REST Framework's JSONRenderer writes it: compact, UTF-8
 * (no \u escapes for non-ASCII), with U+2028 and U+2029 escaped so the text is
 * also valid JavaScript.
 */
import type { ItemParts, Renderer } from "./renderer.ts";
import { writtenKeys } from "./written-keys.ts";

const LINE_SEPARATORS = /[\u2028\u2029]/g;

export function toJson(value: unknown): string {
  const text = JSON.stringify(value);
  return LINE_SEPARATORS.test(text) ? text.replace(LINE_SEPARATORS, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029")) : text;
}

const keyOf = writtenKeys((field) => `${toJson(field)}:`);

/** `"key":value`, joined by commas in braces: what JSON.stringify writes for an object. */
const parts: ItemParts = {
  part: (field, value) => keyOf(field) + toJson(value),
  join: <T>(_fields: readonly string[], fieldParts: readonly T[]) => {
    const out: (string | T)[] = ["{"];
    for (let i = 0; i < fieldParts.length; i++) {
      if (i > 0) out.push(",");
      out.push(fieldParts[i]);
    }
    out.push("}");
    return out;
  },
};

export const jsonRenderer: Renderer = {
  parts,
  document: (view) => toJson(view.data),
  instance: (item) => item,
  pageSize: Infinity,
  listHead: () => "[",
  entry: { first: ["", ""], rest: [",", ""] },
  listTail: () => "]",
};
