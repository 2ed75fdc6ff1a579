/**
 * A small SVG line chart of build time against catalogue size (log–log), with
 * the build's wall time, its CPU time and the `cp -r` floor. Hand-written SVG.
 */
import type { SizeResult } from "./results.ts";

const W = 640;
const H = 400;
const M = { left: 64, right: 150, top: 36, bottom: 48 };
const SERIES = [
  { label: "build (wall)", color: "#1f6feb", value: (r: SizeResult) => r.build.wallSeconds },
  { label: "build (CPU)", color: "#d29922", value: (r: SizeResult) => r.build.cpuSeconds },
  { label: "cp -r floor", color: "#57606a", value: (r: SizeResult) => r.copySeconds },
];

const decades = (lo: number, hi: number) => {
  const out: number[] = [];
  for (let d = 10 ** Math.floor(Math.log10(lo)); d <= hi * 1.0001; d *= 10)
    for (const k of [1, 2, 5]) if (d * k >= lo / 1.0001 && d * k <= hi * 1.0001) out.push(d * k);
  return out;
};

export function timeChart(sizes: readonly SizeResult[], title: string): string {
  const xs = sizes.map((r) => r.resources);
  const ys = sizes.flatMap((r) => SERIES.map((s) => s.value(r))).filter((y) => y > 0);
  const [x0, x1] = [Math.min(...xs) / 1.5, Math.max(...xs) * 1.5];
  const [y0, y1] = [Math.min(...ys) / 1.5, Math.max(...ys) * 1.5];
  const px = (x: number) => M.left + ((Math.log(x) - Math.log(x0)) / (Math.log(x1) - Math.log(x0))) * (W - M.left - M.right);
  const py = (y: number) => H - M.bottom - ((Math.log(y) - Math.log(y0)) / (Math.log(y1) - Math.log(y0))) * (H - M.top - M.bottom);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${W / 2 - M.right / 2}" y="20" text-anchor="middle" font-size="14">${title}</text>`,
  ];
  for (const y of decades(y0, y1)) {
    parts.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${py(y).toFixed(1)}" y2="${py(y).toFixed(1)}" stroke="#eaeef2"/>`);
    parts.push(`<text x="${M.left - 6}" y="${(py(y) + 4).toFixed(1)}" text-anchor="end">${y} s</text>`);
  }
  for (const x of xs)
    parts.push(`<text x="${px(x).toFixed(1)}" y="${H - M.bottom + 18}" text-anchor="middle">${x.toLocaleString("en")}</text>`);
  parts.push(
    `<line x1="${M.left}" x2="${W - M.right}" y1="${H - M.bottom}" y2="${H - M.bottom}" stroke="#57606a"/>`,
    `<line x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${H - M.bottom}" stroke="#57606a"/>`,
    `<text x="${(M.left + W - M.right) / 2}" y="${H - 10}" text-anchor="middle">resources (log scale)</text>`,
    `<text transform="translate(16 ${(M.top + H - M.bottom) / 2}) rotate(-90)" text-anchor="middle">seconds (log scale)</text>`,
  );
  SERIES.forEach((series, i) => {
    const points = sizes.map((r) => `${px(r.resources).toFixed(1)},${py(series.value(r)).toFixed(1)}`);
    parts.push(`<polyline points="${points.join(" ")}" fill="none" stroke="${series.color}" stroke-width="2"/>`);
    for (const p of points) parts.push(`<circle cx="${p.split(",")[0]}" cy="${p.split(",")[1]}" r="3" fill="${series.color}"/>`);
    const ly = M.top + 10 + i * 20;
    parts.push(`<line x1="${W - M.right + 14}" x2="${W - M.right + 34}" y1="${ly}" y2="${ly}" stroke="${series.color}" stroke-width="2"/>`);
    parts.push(`<text x="${W - M.right + 40}" y="${ly + 4}">${series.label}</text>`);
  });
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}
