// Reads and parses a project's policy files on a worker thread, so that a large or hostile file
// in some repository never stalls the server's event loop, where every decision is answered.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { ParsedPolicyFile } from './ast.js';
import { readProjectLayer } from './project-files.js';
import { workerAnswer, type WorkerReply } from '../util/worker-answer.js';

if (!isMainThread && parentPort && (workerData as { projectLoad?: boolean } | null)?.projectLoad) {
  const { files } = workerData as { files: string[] };
  let reply: WorkerReply<ParsedPolicyFile[]>;
  try {
    reply = { ok: true, value: readProjectLayer(files) };
  } catch (err) {
    reply = { ok: false, message: (err as Error).message };
  }
  parentPort.postMessage(reply);
}

/** readProjectLayer(files) on a fresh worker; rejects with the load error, or when over budget. */
export function readProjectLayerOffThread(files: string[], budgetMs: number): Promise<ParsedPolicyFile[]> {
  const worker = new Worker(new URL(import.meta.url), { workerData: { projectLoad: true, files } });
  worker.unref();
  return workerAnswer<ParsedPolicyFile[]>(
    worker,
    budgetMs,
    () => new Error(`reading the project policy took longer than ${budgetMs} ms; abandoned`),
    'project policy worker',
  ).done;
}
