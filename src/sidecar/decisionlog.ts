// decisions.jsonl: one line per classification, appended in order. The directory is created
// 0700 and the file 0600, because redacted commands still describe what a user was doing.
import { appendFile, chmod, mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const DECISIONS_FILE = 'decisions.jsonl';

export interface DecisionRecord {
  time: string;
  tool: string;
  agent: string;
  session: string;
  run_id: string;
  policy: string;
  /** The redacted command (or parameter summary) exactly as the model saw it. */
  command: string;
  decision: 'allow' | 'deny';
  reason: string;
  provider: string;
  model: string;
  latency_ms: number;
  /** Present when the model could not be used and fail-open/closed decided. */
  error?: string;
}

export class DecisionLog {
  readonly path: string;
  private tail: Promise<void> = Promise.resolve();

  constructor(readonly dir: string) {
    this.path = join(dir, DECISIONS_FILE);
  }

  /** Creates the directory (0700) and tightens an existing file to 0600. */
  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const st = await stat(this.path).catch(() => null);
    if (st && (st.mode & 0o077) !== 0) await chmod(this.path, 0o600);
  }

  /** Appends one record; writes are serialised so lines never interleave. */
  append(record: DecisionRecord): Promise<void> {
    const line = JSON.stringify(record) + '\n';
    const next = this.tail.then(() => appendFile(this.path, line, { mode: 0o600 }));
    this.tail = next.catch(() => {});
    return next;
  }

  /** Resolves when every append so far has been written (or failed). */
  flush(): Promise<void> {
    return this.tail;
  }
}
