// The shadow policy set of a running server (`svc serve --shadow DIR`, or "shadow" in
// <data-dir>/config.json): a candidate for <data-dir>/policies/, loaded by the same loader and
// watcher as the live set (same limits, hot reload, last good set kept on a broken edit), and
// decided beside it by the Gate. It never decides anything that happens: every evaluation is a
// dry run (no once-rule used, no counter shared with the live set), and its webhook rules are
// never called. A set that does not load at start is not fatal: the error is shown in
// /v1/status and the dashboard, and the directory is watched until it loads.
import { watch, type FSWatcher } from 'chokidar';
import { PolicyWatcher, RELOAD_DEBOUNCE_MS } from '../src/policy/watcher.js';
import type { Engine } from '../src/policy/engine.js';
import type { Decision, ToolCall } from '../src/policy/types.js';
import type { ShadowPolicies } from '../src/gate/types.js';
import { policySetHash } from '../src/policy/shadow.js';
import type { CandidateConfig } from '../src/policy/shadow-config.js';
import type { Clock } from '../src/util/clock.js';
import type { SharedAnalysis } from '../src/policy/shadow-cache.js';
import type { ProjectLayerSource } from '../src/policy/project-types.js';
import type { SessionLookup } from '../src/policy/session-types.js';

export interface ShadowSource extends ShadowPolicies {
  /** The candidate directory as given. */
  readonly dir: string;
  /** The loaded set, or null while it has never loaded. */
  readonly current: Engine | null;
  /** Why the last load failed (the last good set, if any, stays in use). */
  readonly lastError: string | null;
  /** Content digest of the loaded set's files (src/policy/shadow.ts policySetHash). */
  readonly hash: string | null;
  readonly layers: CandidateConfig['layers'];
  /** Loads the candidate now; throws (keeping what was loaded) when it does not load. */
  reload(): Engine;
  close(): Promise<void>;
}

export function openShadowSource(
  dir: string,
  resolveCandidate: () => CandidateConfig,
  opts: {
    clock: Clock;
    log: (m: string) => void;
    onChange?: () => void;
    shared?: SharedAnalysis;
    /** The live set's project layers: a project's rules apply to both sets alike. */
    projects?: ProjectLayerSource;
  },
): ShadowSource {
  let watcher: PolicyWatcher | null = null;
  let lastError: string | null = null;
  let hash: string | null = null;
  let layers: CandidateConfig['layers'] = [];
  let retry: FSWatcher | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const paths = () => {
    const c = resolveCandidate();
    layers = c.layers;
    return c.paths;
  };
  const installed = (e: Engine) => {
    hash = policySetHash(e.sources);
    lastError = null;
    opts.onChange?.();
  };
  const failed = (err: Error) => {
    lastError = err.message;
    opts.log(`shadow policy set ${dir} did not load: ${err.message}`);
    opts.onChange?.();
  };
  const tryOpen = (): Engine => {
    const w = new PolicyWatcher(paths, {
      clock: opts.clock,
      watchAlso: [dir],
      // Only the shadow's action, policy and rule are ever read (Gate.shadowOf): the taints a
      // call would add to its session are not worked out.
      taints: false,
      ...(opts.shared ? { shared: opts.shared } : {}),
      ...(opts.projects ? { projects: opts.projects } : {}),
      onReload: (e) => {
        opts.log(`shadow policies reloaded: ${e.policyCount} policies, ${e.ruleCount} rules`);
        installed(e);
      },
      onError: failed,
    });
    watcher = w;
    installed(w.current);
    void retry?.close();
    retry = null;
    if (!closed) w.start();
    return w.current;
  };
  try {
    tryOpen();
  } catch (err) {
    failed(err as Error);
    // Not loaded yet: look again whenever a file of the directory changes.
    retry = watch(dir, { ignoreInitial: true, depth: 0 });
    retry.on('all', () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (watcher || closed) return;
        try {
          tryOpen();
        } catch (e) {
          failed(e as Error);
        }
      }, RELOAD_DEBOUNCE_MS);
    });
  }

  return {
    dir,
    get current() {
      return watcher?.current ?? null;
    },
    get lastError() {
      return watcher?.lastError ?? lastError;
    },
    get hash() {
      return hash;
    },
    get layers() {
      return layers;
    },
    decide(call: ToolCall, session?: SessionLookup): Decision | null {
      const e = watcher?.current;
      if (!e) return null;
      // call_count rules of the candidate count in its own counter, as they would once live.
      if (!e.deterministic) e.counter.record(call.tool, opts.clock.now());
      return e.evaluate(call, { dryRun: true, session });
    },
    reload() {
      if (!watcher) {
        try {
          return tryOpen();
        } catch (err) {
          failed(err as Error);
          throw err;
        }
      }
      try {
        return watcher.reload();
      } catch (err) {
        failed(err as Error);
        throw err;
      }
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await retry?.close();
      await watcher?.close();
    },
  };
}
