// `svc policy promote` / POST /v1/policy/promote: the live policy directory (<data-dir>/policies/)
// takes the shadow's files. The candidate is staged and loaded (with the live base) before
// anything live is touched; the live files are then moved aside and the staged ones moved in,
// each by rename inside one filesystem, and the live set is reloaded. Any failure on the way
// (a file that cannot be moved, a reload that refuses, an audit record that cannot be written)
// moves the old files back and reloads them: the old set stays live. The audit event names the
// content hash of the set before and after.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadEngine, type Engine } from '../src/policy/engine.js';
import { candidateFiles } from '../src/policy/shadow-config.js';
import { policySetHash } from '../src/policy/shadow.js';
import { serviceEvent } from '../src/audit/audit-event-builders.js';
import type { AuditWriter } from '../src/audit/types.js';
import type { PolicySource } from './context.js';
import type { ShadowSource } from './shadow-source.js';
import { SvcError } from '../src/util/errors.js';

export const PROMOTED_KIND = 'policy_promoted';

/** A promotion that did not happen; the reply says `success: false` beside the code. */
export class PromoteError extends SvcError {
  override name = 'PromoteError';
  constructor(
    override readonly code: 'shadow_not_configured' | 'shadow_not_loaded' | 'promote_failed' | 'audit_unavailable',
    message: string,
    opts: { cause?: unknown } = {},
  ) {
    super(code, message, { cause: opts.cause, extra: { success: false } });
  }
}

export interface PromoteResult {
  from_hash: string;
  to_hash: string;
  /** File names the live directory now holds (the shadow's). */
  files: string[];
  /** Live file names that the shadow did not have (moved out of the set). */
  removed: string[];
  audit_id?: string;
}

interface PromoteDeps {
  dataDir: string;
  policies: PolicySource;
  shadow: ShadowSource | null;
  audit: AuditWriter | null;
  log: (m: string) => void;
  /** Tests make one step fail to see the rollback. */
  failAt?: 'move' | 'reload' | 'audit';
}

const YAML = /\.ya?ml$/i;

function sourcesOf(e: unknown): string[] {
  const s = (e as { sources?: unknown }).sources;
  return Array.isArray(s) ? (s as string[]) : [];
}

/** One promotion at a time: a second waits for the first. */
let running: Promise<unknown> = Promise.resolve();

export function promoteShadow(d: PromoteDeps): Promise<PromoteResult> {
  const next = running.then(() => promoteNow(d));
  running = next.catch(() => undefined);
  return next;
}

async function promoteNow(d: PromoteDeps): Promise<PromoteResult> {
  const shadow = d.shadow;
  if (!shadow)
    throw new PromoteError('shadow_not_configured', 'no shadow policy set is configured (svc serve --shadow DIR)');
  if (!shadow.current || shadow.lastError)
    throw new PromoteError(
      'shadow_not_loaded',
      `the shadow policy set does not load; nothing was changed: ${shadow.lastError ?? 'not loaded'}`,
    );
  const userDir = join(d.dataDir, 'policies');
  const fromHash = policySetHash(sourcesOf(d.policies.current));
  const names = candidateFiles(shadow.dir).map((f) => basename(f));
  const work = mkdtempSync(join(d.dataDir, '.promote-'));
  const staged = join(work, 'next');
  const previous = join(work, 'previous');
  mkdirSync(staged, { mode: 0o700 });
  mkdirSync(previous, { mode: 0o700 });
  const movedOut: string[] = [];
  const movedIn: string[] = [];
  /** Set when the old files could not all be put back: they stay in the work directory. */
  let keep = false;
  const rollback = () => {
    try {
      for (const n of movedIn.splice(0)) rmSync(join(userDir, n), { force: true });
      for (const n of [...movedOut]) {
        renameSync(join(previous, n), join(userDir, n));
        movedOut.shift();
      }
    } catch (err) {
      keep = true;
      d.log(`a failed promotion could not put every file back; they are in ${previous}: ${(err as Error).message}`);
    }
    try {
      d.policies.reload({ acceptRemoval: true });
    } catch (err) {
      d.log(`after a failed promotion the previous set did not reload: ${(err as Error).message}`);
    }
  };
  try {
    for (const n of names) writeFileSync(join(staged, n), readFileSync(join(shadow.dir, n)), { mode: 0o600 });
    // What will be live, loaded as it will be (the live base, then the staged files) before any
    // live file moves: a candidate that does not load never reaches the live directory.
    const base = (d.policies.layers ?? []).filter((l) => l.kind === 'base').map((l) => l.path);
    const stagedFiles = names.map((n) => join(staged, n));
    try {
      loadEngine(d.policies.replaceBase && stagedFiles.length ? stagedFiles : [...base, ...stagedFiles]);
    } catch (err) {
      throw new PromoteError(
        'shadow_not_loaded',
        `the shadow set does not load; nothing was changed: ${(err as Error).message}`,
        { cause: err },
      );
    }
    const live = readdirSync(userDir).filter((n) => YAML.test(n));
    try {
      for (const n of live) {
        renameSync(join(userDir, n), join(previous, n));
        movedOut.push(n);
      }
      if (d.failAt === 'move') throw new Error('injected failure while moving files');
      for (const n of names) {
        renameSync(join(staged, n), join(userDir, n));
        movedIn.push(n);
      }
    } catch (err) {
      rollback();
      throw new PromoteError(
        'promote_failed',
        `promotion failed, the previous set stays live: ${(err as Error).message}`,
        {
          cause: err,
        },
      );
    }
    let engine: Engine;
    try {
      if (d.failAt === 'reload') throw new Error('injected reload failure');
      engine = d.policies.reload({ acceptRemoval: true }) as Engine;
    } catch (err) {
      rollback();
      throw new PromoteError(
        'promote_failed',
        `the promoted set did not load, the previous set stays live: ${(err as Error).message}`,
        { cause: err },
      );
    }
    const toHash = policySetHash(sourcesOf(engine));
    const removed = live.filter((n) => !names.includes(n));
    let auditId: string | undefined;
    if (d.audit) {
      try {
        if (d.failAt === 'audit') throw new Error('injected audit failure');
        const ev = await d.audit.append(
          serviceEvent(PROMOTED_KIND, 'promoted', `shadow policy set ${shadow.dir} promoted to live`, {
            from_hash: fromHash,
            to_hash: toHash,
            shadow_dir: shadow.dir,
            files: names,
            removed,
          }),
        );
        auditId = ev?.id;
      } catch (err) {
        // An unrecorded change of the live set is not made.
        rollback();
        throw new PromoteError(
          'audit_unavailable',
          `the promotion could not be recorded, the previous set stays live: ${(err as Error).message}`,
          { cause: err },
        );
      }
    }
    d.log(`shadow set promoted: ${fromHash} -> ${toHash}`);
    return { from_hash: fromHash, to_hash: toHash, files: names, removed, ...(auditId ? { audit_id: auditId } : {}) };
  } finally {
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
}
