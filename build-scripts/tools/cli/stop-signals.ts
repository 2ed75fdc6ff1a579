/**
 * When a long-running command (`npm run serve`, `npm start`) should stop:
 * on SIGINT (Ctrl-C), on SIGTERM (a process manager; npm forwards both to
 * the command its script `exec`s), or once the process that started it is
 * gone: npm killed outright (SIGKILL) forwards nothing, and would leave the
 * command running, orphaned.
 */
const SIGNALS = ["SIGINT", "SIGTERM"] as const;

/** Calls `stop` once, with the reason; the returned function stops listening. */
export function onStop(stop: (reason: string) => void): () => void {
  const parent = process.ppid;
  const once = (reason: string) => {
    dispose();
    stop(reason);
  };
  const onSignal = (signal: NodeJS.Signals) => once(signal);
  for (const signal of SIGNALS) process.on(signal, onSignal);
  const watch = setInterval(() => {
    if (process.ppid !== parent) once("the process that started it is gone");
  }, 100);
  watch.unref();
  function dispose() {
    clearInterval(watch);
    for (const signal of SIGNALS) process.off(signal, onSignal);
  }
  return dispose;
}
