// The policy set an offline command (svc test, svc bench, svc policy explain) evaluates with:
// chosen exactly as `svc serve` chooses it, so what these commands say is what the server does.
import { resolveConfig } from './config-path.js';
import { defaultDataDir } from '../util/datadir.js';
import { loadEngine, type Engine, type LoadEngineOptions } from '../policy/engine.js';

export interface OfflineEngine {
  engine: Engine;
  /** What was loaded, for the report header. */
  display: string;
}

/** `config` is a file, a directory or a profile name; undefined picks the serve default. */
export function openOfflineEngine(config: string | undefined, dataDir?: string, opts: LoadEngineOptions = {}): OfflineEngine {
  const resolved = resolveConfig(config, dataDir ?? defaultDataDir());
  return { engine: loadEngine(resolved.paths, opts), display: resolved.display };
}
