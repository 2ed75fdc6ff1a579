/** The benchmark's tables in Markdown, and the figures in their cells. */

export const count = (n: number) => n.toLocaleString("en");

/** The runs' range in `unit`s of `scale` with `digits` decimals, e.g. "4.21–5.10 s", or the one figure. */
export function range(values: readonly number[], digits: number, unit: string, scale = 1): string {
  const [low, high] = [Math.min(...values), Math.max(...values)].map((n) => (n / scale).toFixed(digits));
  return low === high ? `${low} ${unit}` : `${low}–${high} ${unit}`;
}

/** `caption` above the table of `rows` (the header first): the first column left-aligned, the others right-aligned. */
export function markdownTable(caption: string, rows: readonly (readonly string[])[]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(" | ")} |`;
  const rule = `|${widths.map((w, c) => (c === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`;
  return [caption, "", line(rows[0]), rule, ...rows.slice(1).map(line)].join("\n");
}
