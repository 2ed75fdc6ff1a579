/**
 * npm run validate: checks every record in content/ against its schema and
 * the cross-record rules, writes nothing, lists every problem (file, JSON
 * pointer, expected, found) and exits non-zero if any is an error.
 */
import { schemaValidators } from "../../pipeline/cache/cached-validators.ts";
import { resourceCount } from "../../core/catalogue/catalogue.ts";
import { loadSiteConfig } from "../../pipeline/load/load-config.ts";
import { readSources } from "../../pipeline/load/read-sources.ts";
import { formatProblems } from "../../pipeline/validate/problems.ts";
import { validateSources } from "../../pipeline/validate/validate-catalogue.ts";
import { runCommand } from "./run-command.ts";

await runCommand(async () => {
  const projectDir = process.cwd();
  const { contentDir } = loadSiteConfig(projectDir);
  const { catalogue, problems } = validateSources(await readSources(projectDir, contentDir), await schemaValidators());

  if (problems.length) console.error(`${formatProblems(problems)}\n`);
  if (catalogue) {
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
