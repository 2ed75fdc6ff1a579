/**
 * Preloaded into a command by tests (NODE_OPTIONS="--import <this file>"),
 * to meet read failures a test cannot otherwise cause: tests run as root,
 * whom no file permission stops. Env FAILING_READS maps file names to what
 * happens when the command opens one: "EACCES" fails as a file the user may
 * not read would, "vanish" removes the file first (as if deleted between the
 * listing of its folder and its reading). Plain JavaScript: it loads before tsx.
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";

const failing = JSON.parse(process.env.FAILING_READS ?? "{}");
const openSync = fs.openSync;

fs.openSync = function (file, ...rest) {
  const what = failing[path.basename(String(file))];
  if (what === "vanish") fs.rmSync(file, { force: true });
  if (what === "EACCES") {
    throw Object.assign(new Error(`EACCES: permission denied, open '${file}'`), { code: "EACCES", syscall: "open", path: String(file) });
  }
  return openSync.call(this, file, ...rest);
};
// Modules that import { openSync } from "node:fs" see the replacement too.
syncBuiltinESMExports();
