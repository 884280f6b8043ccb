// Which policy files a command loads: a base (an explicit file or directory, a shipped profile by
// name, else the shipped standard profile) with every YAML file of <data-dir>/policies/ layered on
// top. Across layers deny wins and the strictest default_action applies, so a user file can only
// add rules, never switch the base's denies off. Replacing the base is an explicit setting
// (`svc serve --replace-base`, or "replace_base": true in <data-dir>/config.json); see
// docs/policy-layers.md.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { PACKAGE_ROOT } from '../util/version.js';

export const PROFILES = ['standard', 'strict', 'permissive', 'ci'] as const;
/** Settings file in the data dir (only `replace_base` is read from it today). */
export const DATA_DIR_CONFIG = 'config.json';

export function shippedPolicy(name: string): string {
  return join(PACKAGE_ROOT, 'policies', `${name}.yaml`);
}

function yamlFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => /\.ya?ml$/i.test(f))
      .sort()
      .map((f) => join(dir, f))
      .filter((f) => {
        try {
          return statSync(f).isFile();
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

export interface PolicyLayer {
  /** `base` is the profile (or --config); `user` a file of <data-dir>/policies/. */
  kind: 'base' | 'user';
  /** Short name: the profile name, or the file's name. */
  name: string;
  path: string;
}

export interface ResolvedConfig {
  /** What status reports as config_path (the base, or the user dir when it replaces the base). */
  display: string;
  /** Every file or directory to load, in order; each entry is one layer. */
  paths: string[];
  /** The same, named for status, the dashboard and `svc policy explain`. */
  layers: PolicyLayer[];
  /** The user's policy directory, watched for new files even when it holds none yet. */
  userDir: string;
  /** The user files replace the base instead of layering on it. */
  replaceBase: boolean;
}

/** `replace_base` from <data-dir>/config.json; a file that does not parse is an error, not a default. */
export function replaceBaseSetting(dataDir: string): boolean {
  const file = join(dataDir, DATA_DIR_CONFIG);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    throw new Error(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  const rb = (v as Record<string, unknown> | null)?.replace_base;
  if (rb === undefined) return false;
  if (typeof rb !== 'boolean') throw new Error(`${file}: replace_base must be true or false`);
  return rb;
}

/**
 * `project_policy` from <data-dir>/config.json: whether projects' own `.svc/` policies apply
 * (default true; docs/project-policy.md). A malformed value is an error, not a default.
 */
export function projectPolicySetting(dataDir: string): boolean {
  const file = join(dataDir, DATA_DIR_CONFIG);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return true;
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    throw new Error(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  const pp = (v as Record<string, unknown> | null)?.project_policy;
  if (pp === undefined) return true;
  if (typeof pp !== 'boolean') throw new Error(`${file}: project_policy must be true or false`);
  return pp;
}

function baseLayer(config: string | undefined): PolicyLayer {
  if (!config) return { kind: 'base', name: 'standard', path: shippedPolicy('standard') };
  if ((PROFILES as readonly string[]).includes(config) && !existsSync(config)) {
    return { kind: 'base', name: config, path: shippedPolicy(config) };
  }
  const abs = resolve(config);
  if (!existsSync(abs))
    throw new Error(`config ${abs} does not exist (give a policy file, a directory, or one of ${PROFILES.join(', ')})`);
  return { kind: 'base', name: basename(abs), path: abs };
}

export function resolveConfig(
  config: string | undefined,
  dataDir: string,
  opts: { replaceBase?: boolean } = {},
): ResolvedConfig {
  const userDir = resolve(join(dataDir, 'policies'));
  const replaceBase = opts.replaceBase ?? replaceBaseSetting(dataDir);
  const base = baseLayer(config);
  // The user dir named as the config is the whole set, as --replace-base would make it.
  if (base.path === userDir) {
    return {
      display: userDir,
      paths: [userDir],
      layers: [{ kind: 'user', name: basename(userDir) + '/', path: userDir }],
      userDir,
      replaceBase: true,
    };
  }
  const user: PolicyLayer[] = yamlFiles(userDir).map((f) => ({ kind: 'user', name: basename(f), path: f }));
  // Replacing the base with nothing would leave no policy at all; the base stays until a file exists.
  const layers = replaceBase && user.length ? user : [base, ...user];
  return {
    display: replaceBase && user.length ? userDir : base.path,
    paths: layers.map((l) => l.path),
    layers,
    userDir,
    replaceBase,
  };
}
