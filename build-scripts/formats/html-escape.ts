/** Escaping for the HTML view: text needs &, < and >; attribute values also need quotes. */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (text: string) => text.replace(/[&<>]/g, (c) => ESCAPES[c]);

export const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
