// Reads and parses policy files on a worker thread, so a reload never stalls the server's event
// loop: a large file takes seconds to parse, and every HTTP and socket decision waits on that
// loop. The main thread only compiles the parsed result.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { loadPolicyFiles, type LoadedPolicyFiles } from './loader.js';
import { PolicyLoadError } from './policy-errors.js';

/** A reload whose parse takes longer than this is abandoned and reported; the old set stays. */
export const POLICY_LOAD_BUDGET_MS = 30_000;

type Reply = { ok: true; loaded: LoadedPolicyFiles } | { ok: false; message: string; file?: string; line?: number };

if (!isMainThread && parentPort && (workerData as { policyLoad?: boolean } | null)?.policyLoad) {
  const { paths } = workerData as { paths: string[] };
  let reply: Reply;
  try {
    reply = { ok: true, loaded: loadPolicyFiles(paths) };
  } catch (err) {
    reply = { ok: false, message: (err as Error).message };
  }
  parentPort.postMessage(reply);
}

/** loadPolicyFiles(paths) on a fresh worker; rejects with the load error, or when over budget. */
export function loadPolicyFilesOffThread(
  paths: string[],
  budgetMs = POLICY_LOAD_BUDGET_MS,
): { done: Promise<LoadedPolicyFiles>; cancel(): void } {
  const worker = new Worker(new URL(import.meta.url), { workerData: { policyLoad: true, paths } });
  worker.unref();
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<LoadedPolicyFiles>((resolve, reject) => {
    timer = setTimeout(() => {
      void worker.terminate();
      reject(
        new PolicyLoadError(paths.join(', '), 0, `loading the policy files took longer than ${budgetMs} ms; abandoned`),
      );
    }, budgetMs);
    timer.unref();
    worker.once('message', (r: Reply) => {
      clearTimeout(timer);
      void worker.terminate();
      if (r.ok) resolve(r.loaded);
      else reject(new Error(r.message));
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`policy load worker exited (${code}) without an answer`));
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
