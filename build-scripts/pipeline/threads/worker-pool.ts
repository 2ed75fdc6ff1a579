/**
 * Two worker threads running one of our TypeScript modules, one per core of
 * the machine the build is measured on (docs/performance.md): each request
 * goes to the thread that owes fewer results, and its promise settles with
 * that thread's result (a thread replies in the order it was asked). Threads
 * start on first use (or by `start`, to overlap their start-up with other
 * work), hold the process open only while they owe results, and one that
 * stops rejects what it owes and is started afresh on the next request.
 *
 * Node's type stripping refuses TypeScript's parameter properties, which the
 * code uses, and a worker does not inherit tsx's loader:
 * registering tsx in each worker starts one more loader thread per worker,
 * costly in CPU and in delay (docs/performance.md). So the module is bundled
 * with esbuild (the compiler tsx itself uses) into one CommonJS script, and
 * the worker runs that. The bundle is cached between builds, so the thread
 * starts at once and boots while this thread checks the content.
 */
import type { BuildOptions } from "esbuild";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { memoized } from "../../core/memo.ts";
import { cachedBundle } from "../cache/cached-bundle.ts";

export const THREADS = 2;

const scripts = new Map<string, string>();

/** The module as one CommonJS script (once per process; across processes, see cached-bundle.ts). */
const scriptOf = (module: URL): string => memoized(scripts, module.href, () => cachedBundle(bundleOptions(module))[0].text);

/** What esbuild is asked for a worker's module (exported for the tests). */
export const bundleOptions = (module: URL): BuildOptions => ({
  entryPoints: [fileURLToPath(module)],
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node24",
  logLevel: "silent",
});

interface Owed<Result> {
  resolve(result: Result): void;
  reject(error: Error): void;
}

interface Thread<Result> {
  worker?: Worker;
  /** The results owed, in the order asked. */
  readonly owed: Owed<Result>[];
}

export interface PoolHandlers<Reply, Result> {
  /** The result thread n's reply settles its request with; a throw rejects it. Called for every reply, in the order the thread sends them. */
  result(reply: Reply, n: number): Result;
  /** Thread n stopped (before what it owed is rejected): the next one starts afresh. */
  stopped?(n: number): void;
}

export class WorkerPool<Request, Reply, Result = Reply> {
  private readonly threads: Thread<Result>[] = Array.from({ length: THREADS }, () => ({ owed: [] }));

  constructor(
    private readonly module: URL,
    private readonly handlers: PoolHandlers<Reply, Result>,
  ) {}

  /** Start the threads now, if they are not running. */
  start(): void {
    this.threads.forEach((_, n) => this.worker(n));
  }

  /**
   * Ask the thread that owes fewer results; a request that cannot be copied is rejected, and nothing is owed.
   * `transfer`: buffers moved to the thread rather than copied (see own-buffers.ts).
   */
  ask(request: Request, transfer: readonly ArrayBuffer[] = []): Promise<Result> {
    const n = this.threads.reduce((least, thread, i) => (thread.owed.length < this.threads[least].owed.length ? i : least), 0);
    const worker = this.worker(n);
    return new Promise((resolve, reject) => {
      worker.postMessage(request, [...transfer]);
      this.threads[n].owed.push({ resolve, reject });
      worker.ref();
    });
  }

  private worker(n: number): Worker {
    const thread = this.threads[n];
    if (thread.worker) return thread.worker;
    const worker = new Worker(scriptOf(this.module), { eval: true });
    worker.on("message", (reply: Reply) => {
      const owed = thread.owed.shift();
      if (thread.owed.length === 0) worker.unref(); // nothing more owed: let the process exit
      try {
        owed?.resolve(this.handlers.result(reply, n));
      } catch (error) {
        owed?.reject(error as Error);
      }
    });
    worker.on("messageerror", (error) => this.stop(n, worker, error));
    worker.on("error", (error) => this.stop(n, worker, error));
    worker.on("exit", () => this.stop(n, worker, new Error("A worker thread stopped.")));
    worker.unref(); // after adding the "message" listener, which refs the worker's port again
    thread.worker = worker;
    return worker;
  }

  /** Ends the threads and frees their memory; a later request starts them afresh. */
  async close(): Promise<void> {
    const workers = this.threads.flatMap((thread, n) => (thread.worker ? [[n, thread.worker] as const] : []));
    for (const [n, worker] of workers) this.stop(n, worker, new Error("The threads were closed."));
    await Promise.all(workers.map(([, worker]) => worker.terminate()));
  }

  /** Thread n's `worker` stopped (an event of a worker since replaced is ignored). */
  private stop(n: number, worker: Worker, error: Error): void {
    const thread = this.threads[n];
    if (thread.worker !== worker) return;
    thread.worker = undefined;
    void worker.terminate(); // if it still runs (a reply that could not be read)
    this.handlers.stopped?.(n);
    for (const owed of thread.owed.splice(0)) owed.reject(error);
  }
}
