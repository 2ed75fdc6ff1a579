/**
 * What a commit costs on Netlify's own build engine: `netlify-build
 * --offline` (harness/netlify-build/) over fresh checkouts of the project
 * with the synthetic catalogue as `content/`, as Netlify makes them. The
 * first build with an empty cache folder; the next commit (a video's title
 * edited, in a fresh clone) with the cache folder the first left; the same
 * commit again with an empty one, the clean build it is weighed against. Each
 * build timed end to end, with the steps' times its system log gives; the cache and
 * publish folders counted; the commit's publish folder compared file by file
 * with the clean one's.
 */
import { execFileSync, spawn } from "node:child_process";
import { closeSync, existsSync, openSync } from "node:fs";
import { once } from "node:events";
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { count, markdownTable } from "./markdown-table.ts";
import { differingFiles, hashes, treeSize } from "./file-tree.ts";
import { formatBytes } from "../build-scripts/pipeline/write/write-stats.ts";
import { contentRepository } from "../harness/content-repository.ts";
import { netlifyBuildBinary } from "../harness/netlify-build/netlify-build.ts";

const PROJECT_DIR = path.resolve(import.meta.dirname, "..");
const EDITOR = ["-c", "user.name=Editor", "-c", "user.email=editor@example.org"];

/** A step of the build and its time, as Netlify's system log gives it: "Build step duration: build.command completed in 1079ms". */
interface LoggedStep {
  readonly name: string;
  readonly seconds: number;
}

/** Every step's time in a system log, in its order; the whole build is "Netlify Build". */
const loggedSteps = (systemLog: string): LoggedStep[] =>
  [...systemLog.matchAll(/^Build step duration: (.+) completed in (\d+)ms$/gm)].map(([, name, ms]) => ({
    name,
    seconds: Number(ms) / 1000,
  }));

/** A build plugin's step is named after its package and event ("netlify-plugin-cache onPreBuild"); Netlify's own are not. */
const isPluginStep = ({ name }: LoggedStep) => /\son[A-Z]\w*$/.test(name);

/** The project's files as in the working tree (but its `content/`), copied into `checkout`. */
function copyProject(checkout: string): void {
  const files = execFileSync("git", ["ls-files", "-z", "-co", "--exclude-standard", "--", ".", ":(exclude)content"], {
    cwd: PROJECT_DIR,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file && existsSync(path.join(PROJECT_DIR, file))); // a file deleted but not yet committed
  execFileSync("xargs", ["-0", "cp", "--parents", "-t", checkout], { cwd: PROJECT_DIR, input: files.join("\0") });
}

/**
 * One netlify-build in `checkout` with `cacheDir`: its wall time, the steps' times of its system log (the user's log
 * rounds them and leaves out the plugins' steps), and the folders it left. Offline, the edge bundler retries
 * a fetch of Netlify's types that cannot succeed: its step takes longer than on Netlify.
 */
async function netlifyBuild(checkout: string, cacheDir: string) {
  await symlink(path.join(PROJECT_DIR, "node_modules"), path.join(checkout, "node_modules"));
  const { OUTPUT_DIR: _o, CONTENT_DIR: _c, ...env } = process.env;
  const binary = await netlifyBuildBinary();
  const systemLogFile = `${checkout}.system.log`;
  const systemLog = openSync(systemLogFile, "w");
  const started = performance.now();
  const child = spawn(binary, ["--offline", "--cacheDir", cacheDir, "--systemLogFile", "3"], {
    cwd: checkout,
    // The edge bundler takes the Deno of node_modules/.bin rather than download one.
    env: { ...env, PATH: `${path.join(PROJECT_DIR, "node_modules/.bin")}:${env.PATH}` },
    stdio: ["ignore", "pipe", "pipe", systemLog],
  });
  let log = "";
  for (const stream of [child.stdout!, child.stderr!]) stream.setEncoding("utf8").on("data", (text: string) => (log += text));
  const [code] = (await once(child, "close")) as [number | null];
  const wallSeconds = (performance.now() - started) / 1000;
  closeSync(systemLog);
  if (code !== 0) throw new Error(`netlify-build in ${checkout} exited with ${code}:\n${log}`);
  const system = await readFile(systemLogFile, "utf8");
  const steps = loggedSteps(system);
  const seconds = (name: string) => steps.find((step) => step.name === name)?.seconds;
  return {
    wallSeconds,
    netlifySeconds: seconds("Netlify Build"),
    commandSeconds: seconds("build.command"),
    edgeSeconds: seconds("Edge Functions bundling"),
    edgeRetries: system.match(/hit a transient error, retrying/g)?.length ?? 0,
    pluginSteps: steps.filter(isPluginStep),
    cache: treeSize(cacheDir),
    publish: treeSize(path.join(checkout, "_site")),
  };
}

type NetlifyBuild = Awaited<ReturnType<typeof netlifyBuild>>;

/** A clone of `from` with one video's title edited and committed. */
async function commitAnEdit(from: string, to: string): Promise<void> {
  execFileSync("git", ["clone", "-q", from, to]);
  const videos = execFileSync("git", ["ls-files", "content/videos/*.json"], { cwd: to, encoding: "utf8", maxBuffer: 1 << 28 })
    .trim()
    .split("\n");
  const video = path.join(to, videos[Math.floor(videos.length / 2)]);
  const record = JSON.parse(await readFile(video, "utf8")) as { title: string };
  await writeFile(video, `${JSON.stringify({ ...record, title: `${record.title} (edited)` }, null, 2)}\n`);
  execFileSync("git", [...EDITOR, "commit", "-q", "-am", "A title edited"], { cwd: to });
}

export async function measureNetlifyCommit(resources: number, content: string, workDir: string, log: (line: string) => void) {
  const say = (what: string, build: NetlifyBuild) =>
    log(`  netlify-build, ${what}: ${build.wallSeconds.toFixed(2)} s; ${steps(build).join(", ")}`);
  log(`  Netlify's build: a checkout of ${count(resources)} resources …`);
  await mkdir(workDir, { recursive: true });
  const repository = await contentRepository(content, workDir);
  copyProject(repository.dir);
  await repository.git("add", "-A");
  await repository.git("commit", "--quiet", "--message", "The project");
  const cacheDir = path.join(workDir, "cache");
  const first = await netlifyBuild(repository.dir, cacheDir);
  say("first (empty cache)", first);
  const commitCheckout = path.join(workDir, "commit");
  await commitAnEdit(repository.dir, commitCheckout);
  const commit = await netlifyBuild(commitCheckout, cacheDir);
  say("the next commit (the first's cache)", commit);
  const cleanCheckout = path.join(workDir, "clean");
  execFileSync("git", ["clone", "-q", commitCheckout, cleanCheckout]);
  const clean = await netlifyBuild(cleanCheckout, path.join(workDir, "clean-cache"));
  say("the same commit (empty cache)", clean);
  const differing = differingFiles(hashes(path.join(cleanCheckout, "_site")), hashes(path.join(commitCheckout, "_site")));
  log(`  the commit's publish folder against the clean build's: ${differing.length ? `${differing.length} files differ` : "equal"}`);
  return { resources, first, commit, clean, filesDiffering: differing.length };
}

export type NetlifyCommitFigures = Awaited<ReturnType<typeof measureNetlifyCommit>>;

const seconds = (s?: number) => (s === undefined ? "–" : `${s.toFixed(2)} s`);

/** A build's steps as its system log times them, Netlify's own then the plugins'. */
const steps = (build: NetlifyBuild) => [
  `Netlify Build ${seconds(build.netlifySeconds)}`,
  `build.command ${seconds(build.commandSeconds)}`,
  `Edge Functions bundling ${seconds(build.edgeSeconds)} (${build.edgeRetries} offline retries)`,
  ...build.pluginSteps.map(({ name, seconds: s }) => `${name} ${seconds(s)}`),
];

export function netlifyTable(sizes: readonly NetlifyCommitFigures[]): string {
  const rows = sizes.flatMap(({ resources, first, commit, clean, filesDiffering }) =>
    (
      [
        ["first", first, "–"],
        ["commit", commit, filesDiffering ? `no (${count(filesDiffering)} files differ)` : "yes"],
        ["clean", clean, "–"],
      ] as const
    ).map(([what, build, equal]) => [
      count(resources),
      what,
      seconds(build.wallSeconds),
      `${(build.wallSeconds / clean.wallSeconds).toFixed(2)}×`,
      seconds(build.netlifySeconds),
      seconds(build.commandSeconds),
      `${seconds(build.edgeSeconds)} (${build.edgeRetries})`,
      build.pluginSteps.map(({ name, seconds: s }) => `${name.replace(/^.*\s/, "")} ${seconds(s)}`).join(", ") || "–",
      `${count(build.cache.files)} (${formatBytes(build.cache.bytes)})`,
      `${count(build.publish.files)} (${formatBytes(build.publish.bytes)})`,
      equal,
    ]),
  );
  const caption =
    "Netlify's build (`netlify-build --offline`) of fresh checkouts: the first with an empty cache, the next commit (a title edited) with the cache the first left, the same commit with an empty cache (clean); wall time end to end, the steps' times from its system log (edge bundling: with its offline retries, which Netlify's network spares), the cache and publish folders' files (bytes) after each:";
  const header = [
    "resources",
    "build",
    "wall",
    "÷ clean",
    "Netlify Build",
    "build.command",
    "edge bundling (retries)",
    "plugin steps",
    "cache",
    "publish",
    "publish = clean",
  ];
  return markdownTable(caption, [header, ...rows]);
}
