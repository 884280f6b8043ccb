// A policy set named on the `svc policy replay` and `svc policy diff` command lines, loaded into an
// engine. Kept apart from their argument checks so a bad argument is reported without loading
// the engine.
import { loadEngine, type Engine, type LoadEngineOptions } from '../policy/engine.js';
import { loadPolicyFiles, type LoadedPolicyFiles } from '../policy/loader.js';
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

/**
 * The parsed files of a set named on the command line, with no engine compiled over them: replay
 * compiles its own engine on each of its threads, so one compiled here would go unused (some
 * 350 ms of CPU for the standard profile). Throws what loadSet throws for a set that cannot load.
 */
export function loadSetFiles(spec: string, o: SetOptions): { loaded: LoadedPolicyFiles; set: CandidateConfig } {
  const set = candidateConfig(spec, o.config, o.dataDir);
  return { loaded: loadPolicyFiles(set.paths), set };
}
