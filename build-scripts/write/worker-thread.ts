/**
 * A worker thread running one of our TypeScript modules, started on first use
 * (or by `start`, to overlap its start-up with other work), holding the
 * process open only while it owes answers.
 *
 * Node 20 cannot run TypeScript, and a worker does not inherit tsx's loader:
 * registering tsx in each worker starts one more loader thread per worker,
 * measured at about 0.3 s of CPU and 0.15 s of delay per worker. So the
 * module is bundled with esbuild (the compiler tsx itself uses) into one
 * CommonJS script, and the worker runs that.
 */
import { buildSync, version as esbuildVersion } from "esbuild";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { threadId, Worker } from "node:worker_threads";

const scripts = new Map<string, string>();
const CACHE = fileURLToPath(new URL("../../node_modules/.cache/worker-threads/", import.meta.url));

/** A bundle as cached on disk: valid while every input file has the same content. */
interface CachedBundle {
  readonly key: string;
  readonly inputs: readonly string[];
  readonly code: string;
}

function keyOf(inputs: readonly string[]): string | undefined {
  const hash = createHash("sha256").update(esbuildVersion);
  try {
    for (const file of inputs) hash.update(file).update(readFileSync(file));
  } catch {
    return undefined; // an input is gone: bundle again
  }
  return hash.digest("hex");
}

/**
 * The module's bundle: from the cache in node_modules/.cache when none of its
 * inputs changed (reading and hashing them takes a few milliseconds), else
 * bundled now, synchronously (about 110 ms, spawning esbuild), so that the
 * thread starts at once and boots while this thread checks the content.
 */
function scriptOf(module: URL): string {
  const known = scripts.get(module.href);
  if (known !== undefined) return known;
  const cacheFile = path.join(CACHE, `${createHash("sha256").update(module.href).digest("hex").slice(0, 16)}.json`);
  let cached: CachedBundle | undefined;
  try {
    cached = JSON.parse(readFileSync(cacheFile, "utf8")) as CachedBundle;
  } catch {
    cached = undefined;
  }
  let code = cached && keyOf(cached.inputs) === cached.key ? cached.code : undefined;
  if (code === undefined) {
    const result = buildSync({
      entryPoints: [fileURLToPath(module)],
      bundle: true,
      platform: "node",
      format: "cjs",
      target: "node20",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    code = result.outputFiles[0].text;
    const inputs = Object.keys(result.metafile.inputs).map((file) => path.resolve(file));
    const key = keyOf(inputs);
    try {
      mkdirSync(CACHE, { recursive: true });
      if (key) {
        // Renamed into place: builds running side by side (the tests) never read half a file.
        const temporary = `${cacheFile}.${process.pid}.${threadId}`;
        writeFileSync(temporary, JSON.stringify({ key, inputs, code } satisfies CachedBundle));
        renameSync(temporary, cacheFile);
      }
    } catch {
      // No cache (a read-only install): bundle every time.
    }
  }
  scripts.set(module.href, code);
  return code;
}

export interface ThreadHandlers<Reply> {
  /** A message from the thread; return true when it answers a request (the thread may then let the process exit). */
  reply(message: Reply): boolean;
  /** The thread failed or stopped; it is started afresh on the next request. */
  stopped(error: Error): void;
}

export class WorkerThread<Request, Reply> {
  private worker?: Worker;
  private owed = 0;

  constructor(private readonly module: URL, private readonly handlers: ThreadHandlers<Reply>) {}

  /** Start the thread now, if it is not running. */
  start(): Worker {
    this.worker ??= this.listen(new Worker(scriptOf(this.module), { eval: true }));
    return this.worker;
  }

  /** Send a request that will be answered; messages keep their order. */
  post(request: Request): void {
    const worker = this.start();
    this.owed += 1;
    worker.ref();
    worker.postMessage(request);
  }

  private listen(worker: Worker): Worker {
    worker.on("message", (message: Reply) => {
      if (this.handlers.reply(message) && --this.owed === 0) worker.unref();
    });
    worker.on("error", (error) => this.stop(error));
    worker.on("exit", () => this.stop(new Error("A worker thread stopped.")));
    worker.unref(); // after the listeners, which would hold the process open again
    return worker;
  }

  private stop(error: Error): void {
    if (!this.worker) return;
    this.worker = undefined;
    this.owed = 0;
    this.handlers.stopped(error);
  }
}
