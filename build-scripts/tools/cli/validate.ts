/**
 * npm run validate: checks every record in content/ against its schema and
 * the cross-record rules, and every stored translation (content/translations/), writes nothing, lists every problem (file, JSON
 * pointer, expected, found) and exits non-zero if any is an error.
 */
import { resourceCount } from "../../core/catalogue/catalogue.ts";
import { loadSiteConfig } from "../../pipeline/load/load-config.ts";
import { formatProblems } from "../../pipeline/validate/problems.ts";
import { checkContent } from "../../pipeline/prepare.ts";
import { runCommand } from "./run-command.ts";

const USAGE = `
usage: npm run validate
Checks every record of the content (env CONTENT_DIR, default content/) and every stored translation;
writes nothing, lists every problem, exits 1 if any is an error.
`;

await runCommand({ usage: USAGE }, async () => {
  const projectDir = process.cwd();
  const { contentDir } = loadSiteConfig(projectDir);
  const { content, problems } = await checkContent(projectDir, contentDir);

  if (problems.length) console.error(`${formatProblems(problems)}\n`);
  if (content) {
    const { catalogue } = content;
    const used = [...catalogue.lists.values()].filter((list) => list.length > 0).length;
    console.log(
      `${contentDir}/ is valid: ${resourceCount(catalogue)} records in ${used} collections${problems.length ? `, ${problems.length} warning(s)` : ""}.`,
    );
  } else {
    const errors = problems.filter((p) => p.severity === "error").length;
    console.error(`${contentDir}/ has ${errors} error(s): fix them and run npm run validate again.`);
    process.exitCode = 1;
  }
});
