/**
 * A resource's entry in the ZIM file: a small page titled with the resource's
 * title, so Kiwix's title search and suggestions find the record, which sends
 * the reader on to the resource's view in the offline reader (its page with
 * the view's address after `#`, runtime/browser/reader-address.ts). A ZIM
 * redirect cannot carry a `#`, so the page replaces itself: the browser's
 * history keeps the view, not this page. Its address is the resource's API
 * path (`api/videos/<uuid>`), two folders below the reader's page.
 */
import { escapeAttribute, escapeHtml } from "../../core/formats/html-escape.ts";
import { SOURCE_LANGUAGE } from "../../core/translations/languages.ts";

/** The page of a resource at `apiPath` (`/api/videos/<uuid>`, its view's address in the reader). */
export function resourcePage(title: string, apiPath: string): string {
  const view = `../../index.html#${apiPath}`;
  return `<!DOCTYPE html>
<html lang="${SOURCE_LANGUAGE}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<script>location.replace(${JSON.stringify(view)})</script>
</head>
<body><p><a href="${escapeAttribute(view)}">${escapeHtml(title)}</a></p></body>
</html>
`;
}
