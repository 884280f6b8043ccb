// Which files a candidate policy set is made of. A candidate is what <data-dir>/policies/ would
// hold: a directory of YAML files (or one file) layered on the same base as the live set, with
// the same replace_base setting, so a shadow decides exactly as the live set would after
// `svc policy promote`. A shipped profile name (standard, strict, ...) is that profile alone, and
// `live` is the live set itself (docs/shadow-and-replay.md).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { DATA_DIR_CONFIG, PROFILES, resolveConfig, shippedPolicy, type ResolvedConfig } from './config-path.js';

export interface CandidateConfig {
  /** What the candidate was given as (a path, a profile name or `live`). */
  spec: string;
  display: string;
  paths: string[];
  layers: ResolvedConfig['layers'];
  /** The candidate's own directory or file (absent for a profile or `live`). */
  dir?: string;
}

/** The YAML files of a directory in load order, or the file itself. */
export function candidateFiles(path: string): string[] {
  const st = statSync(path);
  if (!st.isDirectory()) return [path];
  return readdirSync(path)
    .filter((f) => /\.ya?ml$/i.test(f))
    .sort()
    .map((f) => join(path, f))
    .filter((f) => {
      try {
        return statSync(f).isFile();
      } catch {
        return false;
      }
    });
}

/** The candidate set `spec` over the live configuration (`config` and `dataDir` as for serve). */
export function candidateConfig(
  spec: string,
  config: string | undefined,
  dataDir: string,
  opts: { replaceBase?: boolean } = {},
): CandidateConfig {
  const live = resolveConfig(config, dataDir, opts);
  if (spec === 'live') return { spec, display: live.display, paths: live.paths, layers: live.layers };
  if ((PROFILES as readonly string[]).includes(spec) && !existsSync(spec)) {
    const path = shippedPolicy(spec);
    return { spec, display: path, paths: [path], layers: [{ kind: 'base', name: spec, path }] };
  }
  const dir = resolve(spec);
  if (!existsSync(dir))
    throw new Error(
      `policy set ${dir} does not exist (give a directory of policy files, a file, live, or one of ${PROFILES.join(', ')})`,
    );
  if (dir === live.userDir) throw new Error(`${dir} is the live policy directory; name it as "live"`);
  const base = live.layers.filter((l) => l.kind === 'base');
  const user = candidateFiles(dir).map((f) => ({ kind: 'user' as const, name: basename(f), path: f }));
  const layers = live.replaceBase && user.length ? user : [...base, ...user];
  return { spec, display: dir, paths: layers.map((l) => l.path), layers, dir };
}

/** `"shadow": "DIR"` in <data-dir>/config.json, resolved against the data dir; undefined when unset. */
export function shadowSetting(dataDir: string): string | undefined {
  const file = join(dataDir, DATA_DIR_CONFIG);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    throw new Error(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  const s = (v as Record<string, unknown> | null)?.shadow;
  if (s === undefined || s === null) return undefined;
  if (typeof s !== 'string' || !s.trim()) throw new Error(`${file}: shadow must be a directory path`);
  return resolve(dataDir, s);
}
