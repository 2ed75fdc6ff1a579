/**
 * Pages of a list, as Django REST Framework's page-number pagination: the
 * page math and the pager's links, for the list files the build writes, the
 * answers the edge and the shim make, and the browser's view of an answer.
 * Only the HTML view is paged; the data formats carry the whole list.
 */
import { escapeAttribute } from "./html-escape.ts";
import type { Page } from "./views.ts";

/** Resources a page of the HTML view shows: each is a screenful or two of JSON, and a search's first page is fetched whole. */
export const HTML_PAGE_SIZE = 25;

/** Split a list of `total` items into pages of `size`; an empty list still has one page. */
export function paginate(total: number, size: number): Page[] {
  return Array.from({ length: pageCount(total, size) }, (_, i) => pageAt(total, size, i + 1));
}

/** Page `number` of a list of `total` items in pages of `size` (out of range: the nearest page). */
export function pageAt(total: number, size: number, number: number): Page {
  const pages = pageCount(total, size);
  const n = Math.min(Math.max(1, Math.floor(number)), pages);
  const start = n === 1 ? 0 : (n - 1) * size; // 0 × Infinity would be NaN
  return { number: n, pages, start, count: Math.max(0, Math.min(size, total - start)) };
}

const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** The address of page `number` of a query's answer: the list's, with the query and the page. */
export const queryPageHref = (list: string, query: string, number: number) => `${list}?${query}&page=${number}`;

/**
 * The address of a query's answer as a request line names it: page 1 without
 * `page`; without a query, `address` itself; added to a query `address` holds
 * already (a format link's `?format=xml`).
 */
export const queryAddress = (address: string, query: string, number = 1) =>
  number > 1 ? queryPageHref(address, query, number) : query ? `${address}${address.includes("?") ? "&" : "?"}${query}` : address;

/** A pager's links to the previous and next pages (`href(n)`, page n's address) around where this page is in the list. */
export function pagerLinks(page: Page, total: number, href: (number: number) => string): string {
  const link = (n: number, text: string, rel: string) => `<a href="${escapeAttribute(href(n))}" rel="${rel}">${text}</a>`;
  return [
    page.number > 1 ? link(page.number - 1, "« Previous", "prev") : "",
    `<span>Page ${page.number} of ${page.pages} · resources ${page.count ? `${page.start + 1}–${page.start + page.count}` : "0"} of ${total}</span>`,
    page.number < page.pages ? link(page.number + 1, "Next »", "next") : "",
  ].join(" ");
}
