// Reads and parses policy files on a worker thread, so a reload never stalls the server's event
// loop: a large file takes seconds to parse, and every HTTP and socket decision waits on that
// loop. The main thread only compiles the parsed result.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { loadPolicyFiles, type LoadedPolicyFiles } from './loader.js';
import { PolicyLoadError } from './policy-errors.js';
import { workerAnswer, type WorkerReply } from '../util/worker-answer.js';

/** A reload whose parse takes longer than this is abandoned and reported; the old set stays. */
export const POLICY_LOAD_BUDGET_MS = 30_000;

if (!isMainThread && parentPort && (workerData as { policyLoad?: boolean } | null)?.policyLoad) {
  const { paths } = workerData as { paths: string[] };
  let reply: WorkerReply<LoadedPolicyFiles>;
  try {
    reply = { ok: true, value: loadPolicyFiles(paths) };
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
  return workerAnswer<LoadedPolicyFiles>(
    worker,
    budgetMs,
    () =>
      new PolicyLoadError(paths.join(', '), 0, `loading the policy files took longer than ${budgetMs} ms; abandoned`),
    'policy load worker',
  );
}
