// The policy set an offline command (svc test, svc bench, svc policy explain) evaluates with:
// chosen exactly as `svc serve` chooses it, so what these commands say is what the server does.
import { projectPolicySetting, resolveConfig, type PolicyLayer } from './config-path.js';
import { ProjectPolicies } from './project-policies.js';
import { defaultDataDir } from '../util/datadir.js';
import { resolve } from 'node:path';
import { loadEngine, type Engine, type LoadEngineOptions } from './engine.js';
import { paramsFor } from './accessors.js';
import type { ToolCall } from './types.js';
import { withScripts } from './script-files.js';

export interface OfflineEngine {
  engine: Engine;
  /** What was loaded, for the report header. */
  display: string;
  /** The layers: the base profile, then each user file. */
  layers: PolicyLayer[];
}

/**
 * `config` is a file, a directory or a profile name; undefined picks the serve default. Projects'
 * own layers apply as the server applies them, read on this thread (a one-shot command), unless
 * <data-dir>/config.json turns them off or `projects: false` is given.
 */
export function openOfflineEngine(
  config: string | undefined,
  dataDir?: string,
  opts: Omit<LoadEngineOptions, 'projects'> & { projects?: false } = {},
): OfflineEngine {
  const dir = dataDir ?? defaultDataDir();
  const resolved = resolveConfig(config, dir);
  const { projects: off, ...rest } = opts;
  const projects =
    off !== false && projectPolicySetting(dir)
      ? new ProjectPolicies({
          mode: 'sync',
          dataDir: dir,
          ...(rest.home ? { home: rest.home } : {}),
          ...(rest.clock ? { clock: rest.clock } : {}),
        })
      : undefined;
  return {
    engine: loadEngine(resolved.paths, { ...rest, ...(projects ? { projects } : {}) }),
    display: resolved.display,
    layers: resolved.layers,
  };
}

/** One call from a command line argument and the usual flags (--tool, --agent, --session, --workdir). */
export function offlineCall(arg: string, v: Record<string, unknown>): OfflineEngine & { call: ToolCall } {
  const tool = (v.tool as string | undefined) ?? 'exec';
  const { engine, display, layers } = openOfflineEngine(
    v.config as string | undefined,
    v['data-dir'] as string | undefined,
  );
  // the scripts it runs are read from disk, as the server's gate reads them
  const call: ToolCall = withScripts({
    tool,
    agent: (v.agent as string | undefined) ?? 'cli',
    session: (v.session as string | undefined) ?? '',
    params: paramsFor(tool, arg),
    workdir: resolve((v.workdir as string | undefined) ?? process.cwd()),
  });
  return { engine, display, layers, call };
}
