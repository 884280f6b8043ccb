// The live policy set of a running server: loaded once at start (a failure refuses to start),
// reloaded on file changes and on demand; a broken edit keeps the last good engine and is
// reported in status and the log.
import { watch, type FSWatcher } from 'chokidar';
import { dirname } from 'node:path';
import { statSync } from 'node:fs';
import { loadEngine } from '../src/policy/engine.js';
import type { PolicyEngine } from '../src/policy/types.js';
import type { Clock } from '../src/util/clock.js';
import type { Bus } from '../src/util/bus.js';
import type { ResolvedConfig } from '../src/cli/config-path.js';
import type { PolicySource } from './context.js';

/** Editors write in bursts (truncate, write, rename); wait for the burst to settle. */
const DEBOUNCE_MS = 300;

export interface LivePolicySource extends PolicySource {
  readonly display: string;
  close(): Promise<void>;
}

export function openPolicySource(
  resolveConfig: () => ResolvedConfig,
  opts: { clock: Clock; bus: Bus; log: (m: string) => void; debounceMs?: number },
): LivePolicySource {
  let config = resolveConfig();
  const load = (c: ResolvedConfig) => loadEngine(c.paths, { clock: opts.clock, onOnceConsumed: () => tryReload('once rule consumed') });
  let current: PolicyEngine = load(config);
  let lastError: string | null = null;
  let timer: NodeJS.Timeout | undefined;

  const reload = (): PolicyEngine => {
    // Re-resolve: a first learned rule creates auto-allowed.yaml, which must join the set.
    const next = resolveConfig();
    try {
      current = load(next);
    } catch (err) {
      lastError = (err as Error).message;
      opts.bus.emit({ type: 'policy_reloaded', policyCount: current.policyCount, ruleCount: current.ruleCount, error: lastError });
      throw err;
    }
    if (next.paths.join('\0') !== config.paths.join('\0')) watcher?.add(next.paths);
    config = next;
    lastError = null;
    opts.bus.emit({ type: 'policy_reloaded', policyCount: current.policyCount, ruleCount: current.ruleCount });
    return current;
  };

  function tryReload(why: string) {
    try {
      reload();
      opts.log(`policies reloaded (${why}): ${current.policyCount} policies, ${current.ruleCount} rules`);
    } catch (err) {
      opts.log(`policy reload failed (${why}); keeping the last good set: ${(err as Error).message}`);
    }
  }

  // Watch every configured path plus the user's policy directory (where learned rules appear).
  const targets = new Set<string>([...config.paths, config.userDir]);
  for (const p of config.paths) {
    try {
      if (!statSync(p).isDirectory()) targets.add(dirname(p));
    } catch {
      /* a path that vanished is reported by the next load */
    }
  }
  let watcher: FSWatcher | undefined = watch([...targets], {
    ignoreInitial: true,
    depth: 0,
    ignored: (p, st) => !!st?.isFile() && !/\.ya?ml$/i.test(p),
  });
  watcher.on('all', (_event, path) => {
    if (!/\.ya?ml$/i.test(path)) return;
    clearTimeout(timer);
    timer = setTimeout(() => tryReload(`${path} changed`), opts.debounceMs ?? DEBOUNCE_MS);
  });
  watcher.on('error', (err) => opts.log(`policy watcher error: ${(err as Error).message}`));

  return {
    get current() {
      return current;
    },
    get lastError() {
      return lastError;
    },
    get display() {
      return config.display;
    },
    reload,
    async close() {
      clearTimeout(timer);
      const w = watcher;
      watcher = undefined;
      await w?.close();
    },
  };
}
