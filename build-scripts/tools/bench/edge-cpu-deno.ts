/**
 * The edge CPU measurement (edge-cpu.ts) run under Deno, Netlify's edge
 * runtime, where its web streams and Response bodies cost what they cost on
 * Netlify (Node's own cost several times more per byte). Started by
 * `measureEdgeUnderDeno`; prints the figures as JSON.
 *
 *   deno run --allow-read … edge-cpu-deno.ts <site dir> <request kinds JSON file> <runs> <warmups> <cap ms>
 */
import { readFileSync } from "node:fs";
import process from "node:process";
import { measureEdge, type RequestKind } from "./edge-cpu.ts";
import { SiteFiles } from "../../../test/helpers/static-host.ts";

const [site, kindsFile, runs, warmups, capMs] = process.argv.slice(2);
const kinds = JSON.parse(readFileSync(kindsFile, "utf8")) as RequestKind[];
const figures = await measureEdge(new SiteFiles(site), kinds, { runs: Number(runs), warmups: Number(warmups), capMs: Number(capMs) });
console.log(JSON.stringify(figures));
