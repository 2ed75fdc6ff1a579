/**
 * Deno, Netlify's edge runtime, as the `deno` devDependency installs it: the
 * package of this platform, node_modules/@deno/<os>-<arch>[-<libc>]/deno,
 * which runs as it is even when npm skipped the wrapper's postinstall. The
 * tests and the benchmark run the edge function with it.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PROJECT_DIR = fileURLToPath(new URL("../", import.meta.url));

export function denoBinary(): string {
  const scope = path.join(PROJECT_DIR, "node_modules/@deno");
  const name = process.platform === "win32" ? "deno.exe" : "deno";
  const found = existsSync(scope) ? readdirSync(scope).map((dir) => path.join(scope, dir, name)) : [];
  const binaries = found.filter((file) => existsSync(file));
  if (binaries.length !== 1) {
    throw new Error(
      `Expected one Deno binary under ${scope}/*/${name}, found ${binaries.length}: run npm install (deno is a devDependency).`,
    );
  }
  return binaries[0];
}

/**
 * Deno kept off the network: no update check, no remote modules, npm packages
 * only from node_modules (the edge imports Lunr by name, and Netlify's bundler
 * takes it from there too), its cache in `denoDir`.
 */
export const DENO_FLAGS = ["--no-prompt", "--no-remote", "--node-modules-dir=manual", "--no-lock"];
export const denoEnv = (denoDir: string) => ({ DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" });
