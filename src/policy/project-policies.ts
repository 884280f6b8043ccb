// Project layers (docs/project-policy.md): each repository may carry its own policy in
// `.svc/`, applied to the calls made in it on top of the base and the user's files, stricter
// only. This keeps, per project root, the layer in force (a small engine of the project's own
// rules), the identity of the files it was read from, and its errors.
//
// Per call the cost is a cached root lookup and an lstat of the project's files (one when it has
// no .svc directory). A changed file is read again: on the calling thread for one-shot commands
// (svc test, the hooks' local fallback), on a worker thread in the server, where a call waits for
// that read a bounded time and otherwise goes on with the layer last read well. A file that does
// not load keeps that last good layer for its root (or none), with the error in status and audit.
import { statSync } from 'node:fs';
import type { Clock } from '../util/clock.js';
import { systemClock } from '../util/clock.js';
import type { ParsedPolicyFile } from './ast.js';
import { Engine } from './engine.js';
import { formatLocation, type PolicyDiagnostic } from './policy-errors.js';
import { findProjectRoot, probeProject, readProjectLayer, type ProjectProbe } from './project-files.js';
import { readProjectLayerOffThread } from './project-load-worker.js';
import { restrictProjectLayer } from './project-restrict.js';
import type { SharedAnalysis } from './shadow-cache.js';
import type { ProjectLayer, ProjectLayerSource, ProjectLayerStatus } from './project-types.js';

export type { ProjectLayer, ProjectLayerStatus } from './project-types.js';

/** Project roots whose layer is kept; the least recently loaded goes first. */
export const PROJECT_MAX_ROOTS = 64;
/** Working directories whose root is remembered, and for how long (a `git init` is seen after). */
const WORKDIR_CACHE_SIZE = 1024;
const WORKDIR_TTL_MS = 2000;
/** A worker read taking longer is abandoned and reported. */
export const PROJECT_LOAD_BUDGET_MS = 10_000;
/** How long a call waits for a changed project file to be read before going on without it. */
export const PROJECT_WAIT_MS = 3000;
/** Worker reads at once; more wait their turn (many repositories cannot crowd the CPU). */
const MAX_CONCURRENT_LOADS = 2;

export interface ProjectReport {
  root: string;
  kind: 'project_policy_refused' | 'project_policy_load_failed';
  message: string;
  files: string[];
}

export interface ProjectPoliciesOptions {
  /** sync: read on the calling thread (one-shot commands); async: on a worker, see prepare(). */
  mode: 'sync' | 'async';
  clock?: Clock;
  home?: string;
  /** The svc data directory: a `.svc` that is this directory is never a project's. */
  dataDir?: string;
  shared?: SharedAnalysis;
  budgetMs?: number;
  waitMs?: number;
  /** A layer read with refusals, or that failed (once per change of its files). */
  onReport?: (r: ProjectReport) => void;
  /** Some project's layer in force changed (read, dropped): answers given before may differ now. */
  onChange?: () => void;
}

interface RootState {
  root: string;
  probe: ProjectProbe;
  /** ident of the files the layer (or the error) was read from. */
  readIdent: string | null;
  layer: ProjectLayer | null;
  refused: PolicyDiagnostic[];
  error: string | null;
  loading?: { ident: string; done: Promise<void> };
}

function describe(d: PolicyDiagnostic): string {
  return formatLocation(d.file, d.line) + d.problem;
}

export class ProjectPolicies implements ProjectLayerSource {
  private readonly roots = new Map<string, RootState>();
  private readonly workdirs = new Map<string, { root: string | null; at: number }>();
  private readonly clock: Clock;
  private readonly skipDir: { dev: number; ino: number } | undefined;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly opts: ProjectPoliciesOptions) {
    this.clock = opts.clock ?? systemClock;
    if (opts.dataDir) {
      try {
        const st = statSync(opts.dataDir);
        this.skipDir = { dev: st.dev, ino: st.ino };
      } catch {
        this.skipDir = undefined;
      }
    }
  }

  /** The project root of a working directory (cached a short while), or null. */
  rootOf(workdir: string | undefined): string | null {
    if (!workdir || workdir[0] !== '/') return null;
    const now = this.clock.now();
    const hit = this.workdirs.get(workdir);
    if (hit && now - hit.at < WORKDIR_TTL_MS) return hit.root;
    const root = findProjectRoot(workdir);
    if (hit) this.workdirs.delete(workdir);
    else if (this.workdirs.size >= WORKDIR_CACHE_SIZE) {
      const oldest = this.workdirs.keys().next().value;
      if (oldest !== undefined) this.workdirs.delete(oldest);
    }
    this.workdirs.set(workdir, { root, at: now });
    return root;
  }

  /**
   * The layer in force for a call made in `workdir`, or null. In sync mode a changed file is read
   * now; in async mode this only returns what prepare() made ready.
   */
  layerFor(workdir: string | undefined): ProjectLayer | null {
    const root = this.rootOf(workdir);
    if (!root) return null;
    if (this.opts.mode === 'async') return this.roots.get(root)?.layer ?? null;
    const st = this.look(root);
    if (st && st.readIdent !== st.probe.ident) this.loadSync(st);
    return st?.layer ?? null;
  }

  /**
   * Async mode: makes the layer of `workdir` current before a call is decided. Undefined (no
   * wait) when nothing changed; otherwise a promise that settles once the read is done, or after
   * the wait limit (the read then goes on, and the call is decided with the last good layer).
   */
  prepare(workdir: string | undefined): Promise<void> | undefined {
    if (this.opts.mode !== 'async') return undefined;
    const root = this.rootOf(workdir);
    if (!root) return undefined;
    const st = this.look(root);
    if (!st || st.readIdent === st.probe.ident) return undefined;
    const ident = st.probe.ident;
    if (st.loading?.ident !== ident) st.loading = { ident, done: this.loadAsync(st, ident) };
    const done = st.loading.done;
    const waitMs = this.opts.waitMs ?? PROJECT_WAIT_MS;
    return new Promise<void>((resolve) => {
      const t = setTimeout(resolve, waitMs);
      t.unref();
      void done.finally(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  /** Every project layer seen (with files), for status. */
  status(): ProjectLayerStatus[] {
    return [...this.roots.values()].map((st) => ({
      root: st.root,
      files: st.layer?.files ?? [],
      policy_count: st.layer?.engine.policyCount ?? 0,
      rule_count: st.layer?.engine.ruleCount ?? 0,
      refused: st.refused.map(describe),
      ...(st.error ? { error: st.error } : {}),
    }));
  }

  /** Refreshes the probe of a root; drops a root whose project no longer has policy files. */
  private look(root: string): RootState | null {
    const st = this.roots.get(root);
    const probe = probeProject(root, st?.probe, this.skipDir);
    if (!probe.files.length) {
      if (st) {
        this.roots.delete(root);
        this.opts.onChange?.();
      }
      return null;
    }
    if (st) {
      st.probe = probe;
      return st;
    }
    if (this.roots.size >= PROJECT_MAX_ROOTS) {
      const oldest = this.roots.keys().next().value;
      if (oldest !== undefined) this.roots.delete(oldest);
    }
    const fresh: RootState = { root, probe, readIdent: null, layer: null, refused: [], error: null };
    this.roots.set(root, fresh);
    return fresh;
  }

  private loadSync(st: RootState): void {
    const ident = st.probe.ident;
    try {
      this.install(st, ident, readProjectLayer(st.probe.files));
    } catch (err) {
      this.fail(st, ident, err as Error);
    }
  }

  private async loadAsync(st: RootState, ident: string): Promise<void> {
    await this.turn();
    try {
      const files = await readProjectLayerOffThread(st.probe.files, this.opts.budgetMs ?? PROJECT_LOAD_BUDGET_MS);
      // A newer read started meanwhile (or the root was dropped): that one speaks.
      if (st.loading?.ident === ident && this.roots.get(st.root) === st) this.install(st, ident, files);
    } catch (err) {
      if (st.loading?.ident === ident && this.roots.get(st.root) === st) this.fail(st, ident, err as Error);
    } finally {
      if (st.loading?.ident === ident) delete st.loading;
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private turn(): Promise<void> {
    if (this.running < MAX_CONCURRENT_LOADS) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.waiting.push(() => {
        this.running++;
        resolve();
      }),
    );
  }

  private install(st: RootState, ident: string, parsed: ParsedPolicyFile[]): void {
    const { files, refused } = restrictProjectLayer(parsed);
    let engine: Engine;
    try {
      engine = new Engine(files, 'allow', {
        defaultActionSet: false,
        clock: this.clock,
        ...(this.opts.home ? { home: this.opts.home } : {}),
        ...(this.opts.shared ? { shared: this.opts.shared } : {}),
        ...(st.layer ? { counter: st.layer.engine.counter } : {}),
      });
    } catch (err) {
      this.fail(st, ident, err as Error);
      return;
    }
    const byName = new Map<string, string>();
    for (const f of files) for (const p of f.policies) byName.set(p.name, f.file);
    st.layer = { root: st.root, files: files.map((f) => f.file), engine, fileOf: (n) => byName.get(n) };
    st.readIdent = ident;
    st.refused = refused;
    st.error = null;
    this.opts.onChange?.();
    if (refused.length)
      this.opts.onReport?.({
        root: st.root,
        kind: 'project_policy_refused',
        message: refused.map(describe).join('; '),
        files: st.layer.files,
      });
  }

  private fail(st: RootState, ident: string, err: Error): void {
    st.readIdent = ident;
    st.error = `${err.message}${st.layer ? '; the last good project layer stays in force' : '; the project layer is not applied'}`;
    this.opts.onReport?.({
      root: st.root,
      kind: 'project_policy_load_failed',
      message: st.error,
      files: st.probe.files,
    });
  }
}
