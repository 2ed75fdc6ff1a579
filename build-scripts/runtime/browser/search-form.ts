/**
 * A list's search box and fields picker (core/formats/html.ts writes the
 * form), as the HTML view's script and the offline reader both drive it: the
 * form shows a query, and hands on the query it is given (Enter, a field
 * ticked, the box's × emptying it); the words being typed are read ahead.
 */
import { queryString } from "../../core/query/fields.ts";

/** A pause in typing this long reads the words typed so far ahead. */
const TYPING_PAUSE_MS = 150;

export class SearchForm {
  readonly searchBox: HTMLInputElement;
  private readonly boxes: HTMLInputElement[];
  private readonly chosen: HTMLElement;

  constructor(readonly form: HTMLFormElement) {
    this.searchBox = form.querySelector<HTMLInputElement>("input[name=search]")!;
    this.boxes = [...form.querySelectorAll<HTMLInputElement>("input[name=fields]")];
    this.chosen = form.querySelector<HTMLElement>(".fields-chosen")!;
  }

  /** The form holding a query: the words in the box, the fields ticked and named in the folded picker's summary. */
  show(search: string, fields: string): void {
    this.searchBox.value = search;
    const picked = new Set(fields.split(","));
    for (const box of this.boxes) box.checked = picked.has(box.value);
    this.chosen.textContent = this.boxes.flatMap((b) => (b.checked ? [b.value] : [])).join(", ") || "all";
  }

  /** Calls `go` with each query asked (`search=…&fields=…`, "" for the plain list), and `prefetch` with the words typed. */
  listen(go: (query: string) => void, prefetch: (words: string) => void): void {
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const fields = this.boxes
        .filter((b) => b.checked)
        .map((b) => b.value)
        .join(",");
      go(queryString(this.searchBox.value, fields));
    });
    for (const box of this.boxes) box.addEventListener("change", () => this.form.requestSubmit());
    // The search box's × (a `search` event that leaves it empty) restores the list, as Enter on the empty box does.
    this.searchBox.addEventListener("search", () => {
      if (this.searchBox.value === "") this.form.requestSubmit();
    });
    // While a search is typed, its words' index files are read ahead: Enter then waits for the records only.
    let typing: ReturnType<typeof setTimeout> | undefined;
    this.searchBox.addEventListener("input", () => {
      clearTimeout(typing);
      typing = setTimeout(() => prefetch(this.searchBox.value), TYPING_PAUSE_MS);
    });
  }
}
