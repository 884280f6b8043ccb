// Reads and parses a project's policy files on a worker thread, so that a large or hostile file
// in some repository never stalls the server's event loop, where every decision is answered.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { ParsedPolicyFile } from './ast.js';
import { readProjectLayer } from './project-files.js';

type Reply = { ok: true; files: ParsedPolicyFile[] } | { ok: false; message: string };

if (!isMainThread && parentPort && (workerData as { projectLoad?: boolean } | null)?.projectLoad) {
  const { files } = workerData as { files: string[] };
  let reply: Reply;
  try {
    reply = { ok: true, files: readProjectLayer(files) };
  } catch (err) {
    reply = { ok: false, message: (err as Error).message };
  }
  parentPort.postMessage(reply);
}

/** readProjectLayer(files) on a fresh worker; rejects with the load error, or when over budget. */
export function readProjectLayerOffThread(files: string[], budgetMs: number): Promise<ParsedPolicyFile[]> {
  const worker = new Worker(new URL(import.meta.url), { workerData: { projectLoad: true, files } });
  worker.unref();
  return new Promise<ParsedPolicyFile[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`reading the project policy took longer than ${budgetMs} ms; abandoned`));
    }, budgetMs);
    timer.unref();
    worker.once('message', (r: Reply) => {
      clearTimeout(timer);
      void worker.terminate();
      if (r.ok) resolve(r.files);
      else reject(new Error(r.message));
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`project policy worker exited (${code}) without an answer`));
    });
  });
}
