// A replay worker thread (replay-ahead.ts): builds an engine over the parsed set it is given and
// answers batches of calls as if each carried no taint label. A call whose evaluation throws gets
// no answer; the main thread then decides it itself and reports what went wrong there.
import { parentPort, workerData } from 'node:worker_threads';
import { ManualClock } from '../util/clock.js';
import { answerAhead, type AheadAnswer } from './replay.js';
import { aheadEngine, type AheadBatch, type AheadSet } from './replay-ahead.js';

const set = workerData as AheadSet;
const clock = new ManualClock(0);
const engine = aheadEngine(set, clock);

parentPort?.on('message', (text: string) => {
  const batch = JSON.parse(text) as AheadBatch;
  const answers: (AheadAnswer | null)[] = batch.calls.map((c) => {
    try {
      return answerAhead(engine, clock, c.call, c.now, batch.labels);
    } catch {
      return null;
    }
  });
  parentPort?.postMessage(JSON.stringify(answers));
});
