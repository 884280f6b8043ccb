// Two guards around the audit log for paths that answer an allow before its record is durable
// (the preload socket's fast path, docs/preload-durability.md):
// - a failing append (full disk, I/O error) switches those paths to durable answers until an
//   append succeeds again, so a full disk refuses instead of allowing without a record; the
//   lazily answered allows whose records were lost are counted and put on the record once the
//   log takes records again;
// - a marker file present while the server runs: found at start, it means the last run did not
//   stop cleanly, and that is recorded, since allows answered in its last milliseconds may be
//   missing from the log.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceEvent } from '../src/audit/audit-event-builders.js';
import type { AuditEvent, AuditInput } from '../src/audit/types.js';

export const RUNNING_MARKER = 'svc.running';
export const UNCLEAN_STOP_KIND = 'unclean_stop';
export const RECORDS_LOST_KIND = 'audit_records_lost';

type Append = (input: AuditInput, opts?: { lazy?: boolean }) => Promise<AuditEvent>;

export interface AuditHealth {
  /** The last append failed and none has succeeded since. */
  readonly failing: boolean;
  /** Lazily answered allows whose records could not be written, not yet put on the record. */
  readonly lost: number;
}

/**
 * Wraps `audit.append` in place (every holder of the object sees it). `onChange` hears when
 * appends start failing and when they work again.
 */
export function guardAudit(audit: { append: Append }, onChange: (failing: boolean, why: string) => void): AuditHealth {
  const state = { failing: false, lost: 0 };
  const real = audit.append.bind(audit);
  let reporting = false;
  const reportLost = () => {
    if (reporting || state.lost === 0) return;
    reporting = true;
    const n = state.lost;
    real(
      serviceEvent(
        RECORDS_LOST_KIND,
        'recorded',
        `${n} allow${n === 1 ? '' : 's'} answered before ${n === 1 ? 'its' : 'their'} audit record could be written ${n === 1 ? 'has' : 'have'} no record (the audit log was failing)`,
        { count: n },
      ),
    )
      .then(
        () => (state.lost -= n),
        () => {},
      )
      .finally(() => (reporting = false));
  };
  audit.append = (input, opts) =>
    real(input, opts).then(
      (ev) => {
        if (state.failing) {
          state.failing = false;
          onChange(false, 'audit appends succeed again');
        }
        reportLost();
        return ev;
      },
      (err: Error) => {
        if (opts?.lazy) state.lost++;
        if (!state.failing) {
          state.failing = true;
          onChange(true, err.message);
        }
        throw err;
      },
    );
  return {
    get failing() {
      return state.failing;
    },
    get lost() {
      return state.lost;
    },
  };
}

/** Marks the data dir as served; returns what the marker of an unclean previous stop said, if any. */
export function markRunning(dataDir: string, now: number): { previous: string } | null {
  const file = join(dataDir, RUNNING_MARKER);
  let previous: string | null = null;
  try {
    previous = readFileSync(file, 'utf8').trim();
  } catch {
    /* clean: no marker */
  }
  writeFileSync(file, JSON.stringify({ pid: process.pid, started_at: new Date(now).toISOString() }) + '\n', {
    mode: 0o600,
  });
  return previous === null ? null : { previous };
}

export function markStopped(dataDir: string): void {
  rmSync(join(dataDir, RUNNING_MARKER), { force: true });
}

export function uncleanStopEvent(previous: string, fastAllows: boolean): AuditInput {
  let detail: Record<string, unknown> = {};
  try {
    const p = JSON.parse(previous) as { pid?: unknown; started_at?: unknown };
    detail = { previous_pid: p.pid, previous_started_at: p.started_at };
  } catch {
    /* a damaged marker still means an unclean stop */
  }
  const msg = fastAllows
    ? 'the previous run stopped without a clean shutdown; preload allows answered in its last few milliseconds may be missing from the audit log'
    : 'the previous run stopped without a clean shutdown';
  return serviceEvent(UNCLEAN_STOP_KIND, 'recorded', msg, detail);
}
