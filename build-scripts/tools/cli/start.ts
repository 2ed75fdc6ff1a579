/**
 * npm start: build the site (the build script's own command, in a child
 * process), then serve it in this process (serve.ts). The build inherits
 * PORT, so unless BASE_URL says otherwise the site is built for the address
 * it is served at. A stop signal during the build stops the build too.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { npmScriptCommand } from "./npm-scripts.ts";
import { onStop, runCommand } from "./run-command.ts";

const USAGE = `
usage: npm start
Builds the site (npm run build), then serves it (npm run serve) at http://127.0.0.1:8080/ (env PORT).
`;

await runCommand({ usage: USAGE }, async () => {
  const [command, args] = npmScriptCommand(process.cwd(), "build");
  const build = spawn(command, args, { stdio: "inherit" });
  const stopListening = onStop(() => build.kill("SIGTERM"));
  const [code] = (await once(build, "exit")) as [number | null];
  stopListening();
  // The build has said what went wrong.
  if (code !== 0) process.exit(code ?? 1);
  await import("./serve.ts");
});
