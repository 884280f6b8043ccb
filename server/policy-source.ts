// The live policy set of a running server: a PolicyWatcher (hot reload, last good set kept on a
// broken edit, call counts carried over) over whatever the config resolves to right now, so a
// first learned rule (auto-allowed.yaml appearing) joins the set on the next reload.
import { PolicyWatcher } from '../src/policy/watcher.js';
import type { Clock } from '../src/util/clock.js';
import type { Bus } from '../src/audit/bus.js';
import type { ResolvedConfig } from '../src/policy/config-path.js';
import type { PolicySource } from './context.js';

export interface LivePolicySource extends PolicySource {
  readonly display: string;
  close(): Promise<void>;
}

export function openPolicySource(
  resolveConfig: () => ResolvedConfig,
  opts: { clock: Clock; bus: Bus; log: (m: string) => void; debounceMs?: number },
): LivePolicySource {
  let config = resolveConfig();
  const announce = (error?: string) =>
    opts.bus.emit({ type: 'policy_reloaded', policyCount: watcher.current.policyCount, ruleCount: watcher.current.ruleCount, ...(error ? { error } : {}) });
  const watcher = new PolicyWatcher(
    () => {
      config = resolveConfig();
      return config.paths;
    },
    {
      clock: opts.clock,
      debounceMs: opts.debounceMs,
      watchAlso: [config.userDir],
      onReload: (e) => {
        opts.log(`policies reloaded: ${e.policyCount} policies, ${e.ruleCount} rules`);
        announce();
      },
      onError: (err) => {
        opts.log(`policy reload failed; keeping the last good set: ${err.message}`);
        announce(err.message);
      },
    },
  );
  watcher.start();
  return {
    get current() {
      return watcher.current;
    },
    get lastError() {
      return watcher.lastError;
    },
    get display() {
      return config.display;
    },
    reload: () => {
      try {
        return watcher.reload();
      } catch (err) {
        announce((err as Error).message);
        throw err;
      }
    },
    close: () => watcher.close(),
  };
}
