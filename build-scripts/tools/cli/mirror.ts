/**
 * npm run mirror: the site, its offline archives (the mirror, the reader and
 * the reader as a ZIM file for Kiwix) and what the next run keeps
 * (pipeline/mirror/make-mirror.ts).
 */
import { outputDir } from "../../core/catalogue/site-config.ts";
import { cacheDir } from "../../pipeline/build-state.ts";
import { makeMirror } from "../../pipeline/mirror/make-mirror.ts";
import { runCommand } from "./run-command.ts";

const outDir = outputDir(process.env);
const COMMAND = {
  usage: `
usage: npm run mirror
Builds the site (as npm run build does) and zips it into _site/downloads/catalogue-mirror.zip, an offline mirror
(unless the site holds more bytes than config.mirrorMaxBytes in package.json, or env MIRROR_MAX_BYTES), and writes
_site/downloads/catalogue-reader.zip, the offline reader: every view, search and format in a few files, and
_site/downloads/catalogue.zim, the offline reader as a ZIM file for Kiwix (with Node's zlib Zstandard, from 22.15).
It keeps its state, rendered records and archives in ${cacheDir(outDir)}/; the next run writes the site from them
and redoes only what the records' changes reach.
`,
  onError: `No mirror was made; ${outDir}/ holds the last site that built, or a part of an update (the next run builds it all).`,
};

await runCommand(COMMAND, () => makeMirror(process.cwd(), outDir));
