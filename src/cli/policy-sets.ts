// A policy set named on the `svc policy replay` and `svc policy diff` command lines, loaded into an
// engine. Kept apart from their argument checks so a bad argument is reported without loading
// the engine.
import { loadEngine, type Engine, type LoadEngineOptions } from '../policy/engine.js';
import { candidateConfig, type CandidateConfig } from '../policy/shadow-config.js';

export interface SetOptions {
  config?: string;
  dataDir: string;
}

/** Loads a policy set named on the command line (a candidate, a profile, or live). */
export function loadSet(
  spec: string,
  o: SetOptions,
  opts: LoadEngineOptions = {},
): { engine: Engine; set: CandidateConfig } {
  const set = candidateConfig(spec, o.config, o.dataDir);
  return { engine: loadEngine(set.paths, opts), set };
}
