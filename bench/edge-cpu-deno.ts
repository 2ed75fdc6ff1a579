/**
 * The edge CPU measurement (edge-cpu.ts) run under Deno, Netlify's edge
 * runtime, where its web streams and Response bodies cost what they cost on
 * Netlify (Node's own cost several times more per byte). Started by
 * `measureEdgeUnderDeno`; prints the figures as JSON.
 *
 *   deno run --allow-read … edge-cpu-deno.ts <site dir> <request kinds as JSON> <runs> <warmups>
 */
import process from "node:process";
import { measureEdge, type RequestKind } from "./edge-cpu.ts";
import { SiteFiles } from "../harness/static-host.ts";

const [site, kinds, runs, warmups] = process.argv.slice(2);
const figures = await measureEdge(new SiteFiles(site), JSON.parse(kinds) as RequestKind[], {
  runs: Number(runs),
  warmups: Number(warmups),
});
console.log(JSON.stringify(figures));
