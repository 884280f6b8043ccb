// The live policy set of a running server: a PolicyWatcher (hot reload, last good set kept on a
// broken edit, call counts carried over) over whatever the config resolves to right now: the base
// profile with every file of <data-dir>/policies/ layered on it (see docs/policy-layers.md).
//
// A file of the set in force that disappears (deleted, renamed away) never loosens the set on its
// own: the last good set stays in force, status names the missing files, and only the file coming
// back or an explicit reload with acceptRemoval (POST /v1/policy/reload {"accept_removal":true},
// `svc policy reload --accept-removal`) or a restart drops it.
import { PolicyWatcher } from '../src/policy/watcher.js';
import { policyFilesOf } from '../src/policy/loader.js';
import type { Clock } from '../src/util/clock.js';
import type { Bus } from '../src/audit/bus.js';
import type { PolicyLayer, ResolvedConfig } from '../src/policy/config-path.js';
import type { PolicySource } from './context.js';
import type { PolicyParseCache } from '../src/policy/parse-cache.js';
import { resolve } from 'node:path';
import type { SharedAnalysis } from '../src/policy/shadow-cache.js';
import type { ProjectPolicies } from '../src/policy/project-policies.js';
import { SvcError } from '../src/util/errors.js';

export interface LivePolicySource extends PolicySource {
  readonly display: string;
  close(): Promise<void>;
}

export class PolicyFilesMissingError extends SvcError {
  override name = 'PolicyFilesMissingError';
  constructor(readonly missing: string[]) {
    super(
      'policy_files_missing',
      `policy file${missing.length === 1 ? '' : 's'} ${missing.join(', ')} disappeared; the last good set stays in force ` +
        `until ${missing.length === 1 ? 'it returns' : 'they return'} or an operator runs "svc policy reload --accept-removal"`,
    );
  }
}

function filesOf(paths: string[]): Set<string> {
  const out = new Set<string>();
  for (const p of paths) {
    try {
      for (const f of policyFilesOf(p)) out.add(resolve(f));
    } catch {
      /* a vanished base path lists nothing */
    }
  }
  return out;
}

export function openPolicySource(
  resolveConfig: () => ResolvedConfig,
  opts: {
    clock: Clock;
    bus: Bus;
    log: (m: string) => void;
    debounceMs?: number;
    parseCache?: PolicyParseCache;
    shared?: SharedAnalysis;
    projects?: ProjectPolicies;
  },
): LivePolicySource {
  let config = resolveConfig();
  /** The config of the set in force (config may be a newer one that failed to load). */
  let inForce = config;
  let missing: string[] = [];
  let acceptRemoval = false;
  /** Files of the set in force (resolved paths). */
  let sources: string[] = [];
  const announce = (error?: string) =>
    opts.bus.emit({
      type: 'policy_reloaded',
      policyCount: watcher.current.policyCount,
      ruleCount: watcher.current.ruleCount,
      ...(error ? { error } : {}),
      ...(missing.length ? { missing: [...missing] } : {}),
    });
  const watcher = new PolicyWatcher(
    () => {
      const next = resolveConfig();
      const now = filesOf(next.paths);
      const gone = sources.filter((f) => !now.has(f));
      if (gone.length && !acceptRemoval) {
        missing = gone;
        throw new PolicyFilesMissingError(gone);
      }
      config = next;
      return next.paths;
    },
    {
      clock: opts.clock,
      debounceMs: opts.debounceMs,
      parseCache: opts.parseCache,
      ...(opts.shared ? { shared: opts.shared } : {}),
      ...(opts.projects ? { projects: opts.projects } : {}),
      watchAlso: [config.userDir],
      onLoadStart: () => opts.bus.emit({ type: 'policy_loading' }),
      onReload: (e) => {
        inForce = config;
        sources = e.sources.map((f) => resolve(f));
        missing = [];
        opts.log(
          `policies reloaded: ${e.policyCount} policies, ${e.ruleCount} rules (${config.layers.map((l) => l.name).join(' + ')})`,
        );
        announce();
      },
      onError: (err) => {
        opts.log(`policy reload failed; keeping the last good set: ${err.message}`);
        announce(err.message);
      },
    },
  );
  sources = watcher.current.sources.map((f) => resolve(f));
  watcher.start();
  return {
    get current() {
      return watcher.current;
    },
    get lastError() {
      return watcher.lastError;
    },
    get display() {
      return inForce.display;
    },
    get layers(): PolicyLayer[] {
      return inForce.layers;
    },
    get replaceBase() {
      return inForce.replaceBase;
    },
    get missing() {
      return [...missing];
    },
    reload: (o: { acceptRemoval?: boolean } = {}) => {
      acceptRemoval = o.acceptRemoval === true;
      try {
        return watcher.reload();
      } catch (err) {
        announce((err as Error).message);
        throw err;
      } finally {
        acceptRemoval = false;
      }
    },
    close: () => watcher.close(),
  };
}
