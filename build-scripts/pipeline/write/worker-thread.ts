/**
 * A worker thread running one of our TypeScript modules, started on first use
 * (or by `start`, to overlap its start-up with other work), holding the
 * process open only while it owes answers.
 *
 * Node 20 cannot run TypeScript, and a worker does not inherit tsx's loader:
 * registering tsx in each worker starts one more loader thread per worker,
 * costly in CPU and in delay (docs/performance.md). So the
 * module is bundled with esbuild (the compiler tsx itself uses) into one
 * CommonJS script, and the worker runs that. The bundle is cached between
 * builds, so the thread starts at once and boots while this thread checks the
 * content.
 */
import type { BuildOptions } from "esbuild";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { cachedBundle } from "../cache/cached-bundle.ts";

const scripts = new Map<string, string>();

/** The module as one CommonJS script (once per process; across processes, see cached-bundle.ts). */
function scriptOf(module: URL): string {
  let script = scripts.get(module.href);
  if (script === undefined) {
    script = cachedBundle(bundleOptions(module))[0].text;
    scripts.set(module.href, script);
  }
  return script;
}

/** What esbuild is asked for a worker's module (exported for the tests). */
export const bundleOptions = (module: URL): BuildOptions => ({
  entryPoints: [fileURLToPath(module)],
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  logLevel: "silent",
});

export interface ThreadHandlers<Reply> {
  /** The thread's answer to one request (in the order they were posted). */
  reply(message: Reply): void;
  /** The thread failed or stopped; it is started afresh on the next request. */
  stopped(error: Error): void;
}

export class WorkerThread<Request, Reply> {
  private worker?: Worker;
  private owed = 0;

  constructor(
    private readonly module: URL,
    private readonly handlers: ThreadHandlers<Reply>,
  ) {}

  /** Start the thread now, if it is not running. */
  start(): Worker {
    this.worker ??= this.listen(new Worker(scriptOf(this.module), { eval: true }));
    return this.worker;
  }

  /** Send a request that will be answered; messages keep their order. */
  post(request: Request): void {
    const worker = this.start();
    worker.postMessage(request); // throws if the request cannot be copied: then nothing is owed
    this.owed += 1;
    worker.ref();
  }

  private listen(worker: Worker): Worker {
    worker.on("message", (message: Reply) => {
      if (--this.owed === 0) worker.unref(); // nothing more owed: let the process exit
      this.handlers.reply(message);
    });
    worker.on("messageerror", (error) => this.stop(error));
    worker.on("error", (error) => this.stop(error));
    worker.on("exit", () => this.stop(new Error("A worker thread stopped.")));
    worker.unref(); // after adding the "message" listener, which refs the worker's port again
    return worker;
  }

  private stop(error: Error): void {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    this.owed = 0;
    void worker.terminate(); // if it still runs (a reply that could not be read)
    this.handlers.stopped(error);
  }
}
