/**
 * npm run mirror: builds the site, zips it (with a MIRROR-README) into
 * _site/downloads/catalogue-mirror.zip, then re-renders the API root's HTML
 * view so the published site links the archive with its size and date.
 *
 * The archive holds the site as built, before that link is added: a copy of
 * the site cannot contain itself, so the mirror's own root page does not
 * link to an archive it could not reach.
 */
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { formatBytes, summary } from "../../pipeline/build-report.ts";
import { runBuild } from "../../pipeline/run-build.ts";
import { apiRootData } from "../../core/catalogue/api-root.ts";
import { FORMATS } from "../../core/formats/formats.ts";
import { rootView } from "../../core/formats/views.ts";
import { MIRROR_ARCHIVE, rootFile } from "../../core/routes/output-tree.ts";
import { MIRROR_README, mirrorReadme } from "../../pipeline/mirror/mirror-readme.ts";
import { writeArchive } from "../../pipeline/mirror/write-archive.ts";
import { outputDir } from "../../core/catalogue/site-config.ts";
import { runCommand } from "./run-command.ts";
import { answerHelp } from "./help.ts";
import { ADMIN_FOLDER } from "../../core/cms/cms-config.ts";

answerHelp(`
usage: npm run mirror
Builds the site (as npm run build does) and zips it into _site/downloads/catalogue-mirror.zip, an offline mirror.
`);

const outDir = outputDir(process.env);
const FOLDER = path.basename(MIRROR_ARCHIVE, ".zip");

await runCommand(
  async () => {
    const { build, stats, seconds } = await runBuild(outDir, {
      progress: (collection, done, total) => console.log(`  ${collection}: ${done} / ${total}`),
    });
    console.log(summary(build, stats, seconds, outDir));

    const started = performance.now();
    const date = new Date();
    const archive = path.join(outDir, MIRROR_ARCHIVE);
    const downloads = path.dirname(MIRROR_ARCHIVE);
    await mkdir(path.dirname(archive), { recursive: true });
    const files = await writeArchive(archive, {
      siteDir: outDir,
      exclude: [downloads, ADMIN_FOLDER],
      folder: FOLDER,
      extra: new Map([[MIRROR_README, mirrorReadme(FOLDER, build.config, date.toISOString())]]),
      mtime: date,
      progress: (done, total) => console.log(`  archive: ${done} / ${total} files`),
    });
    const size = formatBytes((await stat(archive)).size);

    const html = FORMATS[0];
    const download = { file: MIRROR_ARCHIVE, size, date: date.toISOString() };
    await writeFile(
      path.join(outDir, rootFile(html.extension)),
      html.renderer.document(rootView(apiRootData(build.config), download), { config: build.config }),
    );
    console.log(
      `Wrote ${archive}: ${files} files, ${size}, in ${((performance.now() - started) / 1000).toFixed(2)} s; the API root's HTML view links it.`,
    );
  },
  { onError: `No mirror was made; ${outDir}/ holds the last site that built.` },
);
