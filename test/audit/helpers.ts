// Shared bits for the audit tests: temp dirs, inputs, reading a log's lines back.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditInput } from '../../src/audit/types.js';

export function tempDir(prefix = 'svc-audit-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function cleanup(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export function input(i: number | string, over: Partial<AuditInput> = {}): AuditInput {
  return {
    agent: 'claude',
    session: 'repo/main',
    tool: 'exec',
    request: { command: `echo ${i}` },
    decision: {
      action: 'allow',
      matched_policies: ['default'],
      evaluation_time_us: 12,
      message: 'ok',
      suggestions: [],
    },
    ...over,
  };
}

/** The chain files of a dir, in chain order. */
export function auditFiles(dir: string): string[] {
  const rank = (n: string) => {
    const m = /^(\d{4}-\d{2}-\d{2})(?:\.(\d+))?\.jsonl$/.exec(n)!;
    return [m[1]!, Number(m[2] ?? 0)] as const;
  };
  return readdirSync(dir)
    .filter((n) => /^\d{4}-\d{2}-\d{2}(\.\d+)?\.jsonl$/.test(n))
    .sort((a, b) => {
      const [da, pa] = rank(a);
      const [db, pb] = rank(b);
      return da === db ? pa - pb : da < db ? -1 : 1;
    });
}

/** Every event of the log in chain order; lenient skips lines that do not parse (a torn tail). */
export function readEvents(dir: string, opts: { lenient?: boolean } = {}): any[] {
  const out: any[] = [];
  for (const f of auditFiles(dir)) {
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
      if (!line) continue;
      try {
        out.push(JSON.parse(line));
      } catch (err) {
        if (!opts.lenient) throw err;
      }
    }
  }
  return out;
}
