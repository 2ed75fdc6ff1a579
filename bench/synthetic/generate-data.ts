/**
 * npm run bench:data -- --videos N --units M [--lessons L] [--seed S] [--other-scripts F] --out DIR
 * writes a synthetic catalogue (content/<collection>/*.json) for the benchmark
 * or for trying the build at size. Build it with CONTENT_DIR=DIR npm run build.
 */
import { parseArgs } from "node:util";
import { writeSyntheticCatalogue } from "./write-catalogue.ts";
import { parseShare } from "./other-scripts.ts";
import { CommandError, runCommand } from "../../build-scripts/tools/cli/run-command.ts";
import { showProgress } from "../../build-scripts/pipeline/build-report.ts";

const usage = "usage: npm run bench:data -- --videos N --units M [--lessons L] [--seed S] [--other-scripts F] --out DIR";
const HELP = `${usage}
Writes a synthetic catalogue for the benchmark; build it with CONTENT_DIR=DIR npm run build.
--other-scripts F: that share of the records (0–1, default 0) also get a title and a paragraph
in Japanese, Chinese or Thai with emoji, to measure what such text costs the search index.`;

await runCommand({ usage: HELP }, async () => {
  const { values } = parseArgs({
    options: {
      videos: { type: "string", default: "900" },
      units: { type: "string", default: "100" },
      lessons: { type: "string" },
      seed: { type: "string", default: "1" },
      "other-scripts": { type: "string", default: "0" },
      out: { type: "string" },
    },
  });

  const count = (name: string, text: string | undefined) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 0) throw new CommandError(`--${name} needs a whole number ≥ 0, got "${text}".\n${usage}`);
    return n;
  };

  if (!values.out) throw new CommandError(`--out is required.\n${usage}`);
  const units = count("units", values.units);
  const options = {
    videos: count("videos", values.videos),
    units,
    lessons: values.lessons === undefined ? Math.ceil(units / 2) : count("lessons", values.lessons),
    seed: count("seed", values.seed),
    otherScripts: parseShare(values["other-scripts"]),
  };
  const started = performance.now();
  const counts = await writeSyntheticCatalogue(options, values.out, (n) => showProgress(`  ${n} records written`));
  const summary = [...counts].map(([collection, n]) => `${collection} ${n}`).join(", ");
  console.log(`Wrote ${summary} to ${values.out}/ (seed ${options.seed}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`Build it: CONTENT_DIR=${values.out} npm run build`);
});
