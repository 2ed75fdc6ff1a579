/**
 * The one HTML page skeleton: the API's views (html.ts), the front page and
 * the CMS's page. A view's page is written in two pieces around its streamed
 * body, so the skeleton is its opening and its close.
 */
import { escapeAttribute, escapeHtml } from "./html-escape.ts";

export interface PageHead {
  readonly lang: string;
  readonly title: string;
  /** Tags before the title (a robots rule). */
  readonly meta?: string;
  /** Tags between the title and the stylesheet (<base>, the page script, which the stylesheet must not hold back). */
  readonly scripts?: string;
  /** The stylesheet and the icon, as attribute values. */
  readonly stylesheet: string;
  readonly icon: string;
}

/** A page up to its body's content. */
export const pageOpen = (head: PageHead) => `<!DOCTYPE html>
<html lang="${escapeAttribute(head.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${head.meta ?? ""}<title>${escapeHtml(head.title)}</title>
${head.scripts ?? ""}<link rel="stylesheet" href="${head.stylesheet}">
<link rel="icon" href="${head.icon}" type="image/svg+xml">
</head>
<body>
`;

export const PAGE_CLOSE = `</body>
</html>
`;
