// `svc policy promote` / POST /v1/policy/promote: the live policy directory (<data-dir>/policies/)
// takes the shadow's files. The candidate is staged and loaded (with the live base) before
// anything live is touched. Then a journal (<data-dir>/promote.journal, written by rename) names
// the files about to move; the live files are moved aside and the staged ones moved in, each by
// rename inside one filesystem; the live set is reloaded and the promotion recorded; only then is
// the journal marked done and removed. Any failure on the way (a file that cannot be moved, a
// reload that refuses, an audit record that cannot be written) moves the old files back and
// reloads them. A crash on the way leaves the journal: the next start undoes the moves before the
// live set loads (recoverPromotion), and records that it did. So the live set is the old one or
// the new one, never a mix and never neither. See docs/shadow-and-replay.md.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { loadEngine, type Engine } from '../src/policy/engine.js';
import { candidateFiles } from '../src/policy/shadow-config.js';
import { policySetHash } from '../src/policy/shadow.js';
import { serviceEvent } from '../src/audit/audit-event-builders.js';
import type { AuditInput, AuditWriter } from '../src/audit/types.js';
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
  /**
   * Tests make one step fail to see the rollback, or stop dead at a step (`crash-*`: nothing after
   * it runs, as if the process died there) to see what the next start makes of it.
   */
  failAt?: 'move' | 'reload' | 'audit' | 'crash-moving' | 'crash-moved' | 'crash-recorded';
}

/** The journal of a promotion under way, in the data dir. */
export const PROMOTE_JOURNAL = 'promote.journal';
export const PROMOTE_ROLLED_BACK_KIND = 'policy_promote_rolled_back';

interface PromoteJournal {
  /** The work directory (in the data dir): next/ holds staged files, previous/ the live ones. */
  work: string;
  /** Live file names moved to previous/. */
  out: string[];
  /** Staged file names moved into the live directory. */
  in: string[];
  from_hash: string;
  to_hash: string;
  shadow_dir: string;
  /** 'moving' until the promotion is recorded; 'done' after (only cleaning up is left). */
  state: 'moving' | 'done';
}

/** Thrown by a `crash-*` test step: nothing after it runs, not even the cleanup. */
class SimulatedCrash extends SvcError {
  override name = 'SimulatedCrash';
  constructor(message: string) {
    super('simulated_crash', message);
  }
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
  let live: string[] = [];
  /** Set when the work directory must stay: files could not all be put back, or a simulated crash. */
  let keep = false;
  const crashAt = (step: NonNullable<PromoteDeps['failAt']>) => {
    if (d.failAt !== step) return;
    keep = true;
    throw new SimulatedCrash(`simulated crash at ${step}`);
  };
  const rollback = () => {
    try {
      undoMoves(userDir, staged, previous, names, live);
      removeJournal(d.dataDir);
    } catch (err) {
      // The journal stays: the next start tries again before the live set loads.
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
    let toHash: string;
    try {
      const next = loadEngine(d.policies.replaceBase && stagedFiles.length ? stagedFiles : [...base, ...stagedFiles]);
      // File names and bytes are what the live set will load: the same hash.
      toHash = policySetHash(next.sources);
    } catch (err) {
      throw new PromoteError(
        'shadow_not_loaded',
        `the shadow set does not load; nothing was changed: ${(err as Error).message}`,
        { cause: err },
      );
    }
    live = readdirSync(userDir).filter((n) => YAML.test(n));
    const journal: PromoteJournal = {
      work: basename(work),
      out: live,
      in: names,
      from_hash: fromHash,
      to_hash: toHash,
      shadow_dir: shadow.dir,
      state: 'moving',
    };
    const moveFailed = (err: unknown) => {
      rollback();
      return new PromoteError(
        'promote_failed',
        `promotion failed, the previous set stays live: ${(err as Error).message}`,
        {
          cause: err,
        },
      );
    };
    try {
      writeJournal(d.dataDir, journal);
      for (const n of live) renameSync(join(userDir, n), join(previous, n));
    } catch (err) {
      throw moveFailed(err);
    }
    // Between the two moves the live directory holds neither set: the journal covers this.
    crashAt('crash-moving');
    try {
      if (d.failAt === 'move') throw new Error('injected failure while moving files');
      for (const n of names) renameSync(join(staged, n), join(userDir, n));
      fsyncDir(userDir);
    } catch (err) {
      throw moveFailed(err);
    }
    crashAt('crash-moved');
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
    const loadedHash = policySetHash(sourcesOf(engine));
    const removed = live.filter((n) => !names.includes(n));
    let auditId: string | undefined;
    if (d.audit) {
      try {
        if (d.failAt === 'audit') throw new Error('injected audit failure');
        const ev = await d.audit.append(
          serviceEvent(PROMOTED_KIND, 'promoted', `shadow policy set ${shadow.dir} promoted to live`, {
            from_hash: fromHash,
            to_hash: loadedHash,
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
    crashAt('crash-recorded');
    // Recorded: from here on the new set stays whatever happens; only cleaning up is left.
    try {
      writeJournal(d.dataDir, { ...journal, state: 'done' });
      rmSync(work, { recursive: true, force: true });
      removeJournal(d.dataDir);
    } catch (err) {
      d.log(`a promotion's work files could not be removed (the next start does): ${(err as Error).message}`);
    }
    d.log(`shadow set promoted: ${fromHash} -> ${loadedHash}`);
    return {
      from_hash: fromHash,
      to_hash: loadedHash,
      files: names,
      removed,
      ...(auditId ? { audit_id: auditId } : {}),
    };
  } finally {
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Puts the live files back: the staged files that were moved in are removed (a staged file still
 * in next/ never moved), the live files moved aside come back. Safe to run again after a crash
 * in the middle of it.
 */
function undoMoves(userDir: string, staged: string, previous: string, moveIn: string[], moveOut: string[]): void {
  for (const n of moveIn) if (!existsSync(join(staged, n))) rmSync(join(userDir, n), { force: true });
  for (const n of moveOut) if (existsSync(join(previous, n))) renameSync(join(previous, n), join(userDir, n));
  fsyncDir(userDir);
}

function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Written whole or not at all: a temporary file, fsync, rename, fsync of the directory. */
function writeJournal(dataDir: string, j: PromoteJournal): void {
  const file = join(dataDir, PROMOTE_JOURNAL);
  const tmp = `${file}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeFileSync(fd, JSON.stringify(j));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  fsyncDir(dataDir);
}

function removeJournal(dataDir: string): void {
  rmSync(join(dataDir, PROMOTE_JOURNAL), { force: true });
  fsyncDir(dataDir);
}

const NAME = /^[^/\\\0]+$/;
const WORK = /^\.promote-[A-Za-z0-9]+$/;

function readJournal(file: string): PromoteJournal | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let j: Partial<PromoteJournal>;
  try {
    j = JSON.parse(text) as Partial<PromoteJournal>;
  } catch {
    j = {};
  }
  const names = (x: unknown) => Array.isArray(x) && x.every((n) => typeof n === 'string' && NAME.test(n));
  if (
    typeof j.work !== 'string' ||
    !WORK.test(j.work) ||
    !names(j.out) ||
    !names(j.in) ||
    (j.state !== 'moving' && j.state !== 'done')
  )
    throw new Error(
      `${file} is not a promotion journal this version can read; the live policy directory may be incomplete: check <data-dir>/policies/ against the audit log, then remove the file`,
    );
  return {
    work: j.work,
    out: j.out as string[],
    in: j.in as string[],
    from_hash: String(j.from_hash ?? ''),
    to_hash: String(j.to_hash ?? ''),
    shadow_dir: String(j.shadow_dir ?? ''),
    state: j.state,
  };
}

export interface RecoveredPromotion {
  from_hash: string;
  to_hash: string;
  shadow_dir: string;
  /** The live files put back. */
  restored: string[];
  /** The shadow files taken out again. */
  withdrawn: string[];
}

/**
 * Run at start, before the live set loads: a promotion the last run did not finish is undone
 * (the old files come back) unless it had been recorded, in which case only its work files go.
 * Returns what was undone, for the audit record (recoveryEvent), or null. Throws when a journal
 * is there but cannot be read or undone: the server must not start on a half-moved directory.
 */
export function recoverPromotion(dataDir: string, log: (m: string) => void): RecoveredPromotion | null {
  const file = join(dataDir, PROMOTE_JOURNAL);
  const j = readJournal(file);
  if (!j) {
    // Work directories without a journal are from the staging step: nothing live was touched.
    for (const n of safeReaddir(dataDir)) if (WORK.test(n)) rmSync(join(dataDir, n), { recursive: true, force: true });
    return null;
  }
  const work = join(dataDir, j.work);
  if (j.state === 'done') {
    rmSync(work, { recursive: true, force: true });
    removeJournal(dataDir);
    log(`a recorded promotion's work files were removed (${j.from_hash} -> ${j.to_hash})`);
    return null;
  }
  undoMoves(join(dataDir, 'policies'), join(work, 'next'), join(work, 'previous'), j.in, j.out);
  rmSync(work, { recursive: true, force: true });
  removeJournal(dataDir);
  log(`a promotion cut short by a stop was undone: ${j.to_hash} is not live, ${j.from_hash} is`);
  return { from_hash: j.from_hash, to_hash: j.to_hash, shadow_dir: j.shadow_dir, restored: j.out, withdrawn: j.in };
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The audit record of a promotion undone at start. */
export function recoveryEvent(r: RecoveredPromotion): AuditInput {
  return serviceEvent(
    PROMOTE_ROLLED_BACK_KIND,
    'rolled_back',
    `a promotion of ${r.shadow_dir || 'the shadow set'} did not finish before the server stopped; the previous set was put back`,
    { ...r },
  );
}
