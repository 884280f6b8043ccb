// Tests that write the real /etc/svc (its path is fixed on purpose: no variable can move the
// trust file) take turns: a lock directory shared by every test process of the run.
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LOCK = join(tmpdir(), 'svc-test-etc-svc.lock');

/** Waits for the lock (bounded by the per-test limit) and returns its release. */
export async function lockEtcSvc(): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
