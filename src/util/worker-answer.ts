// One answer from a worker thread within a time budget: both policy loaders (the user's files
// and a project's) parse on a fresh worker so a large or hostile file never stalls the event
// loop that answers every decision, and abandon it when it takes too long.
import type { Worker } from 'node:worker_threads';

/** What a loader worker posts back: its result, or the message of the error it hit. */
export type WorkerReply<T> = { ok: true; value: T } | { ok: false; message: string };

export interface WorkerAnswer<T> {
  done: Promise<T>;
  /** Stops waiting and terminates the worker (the promise stays pending). */
  cancel(): void;
}

/**
 * The first reply of `worker`, or a rejection: `overBudget()` after `budgetMs`, the worker's
 * error, or `what` exiting without a reply. The worker is terminated once it has answered.
 */
export function workerAnswer<T>(
  worker: Worker,
  budgetMs: number,
  overBudget: () => Error,
  what: string,
): WorkerAnswer<T> {
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => {
      void worker.terminate();
      reject(overBudget());
    }, budgetMs);
    timer.unref();
    worker.once('message', (r: WorkerReply<T>) => {
      clearTimeout(timer);
      void worker.terminate();
      if (r.ok) resolve(r.value);
      else reject(new Error(r.message));
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}) without an answer`));
    });
  });
  return {
    done,
    cancel() {
      clearTimeout(timer);
      void worker.terminate();
    },
  };
}
