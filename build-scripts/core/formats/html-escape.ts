/**
 * Escaping for the HTML view: text needs &, < and >; attribute values also
 * need quotes. Most strings need nothing, so they are tested first, and a
 * chain of plain replacements beats one replacement with a callback (measured).
 */
const TEXT_SPECIAL = /[&<>]/;
const ATTRIBUTE_SPECIAL = /[&<>"']/;

export const escapeHtml = (text: string) =>
  TEXT_SPECIAL.test(text) ? text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;") : text;

export const escapeAttribute = (value: string) =>
  ATTRIBUTE_SPECIAL.test(value) ? escapeHtml(value).replace(/"/g, "&quot;").replace(/'/g, "&#39;") : value;
