// Which policy files a command loads (CONTRACT.md `--config`): an explicit file or directory, a
// shipped profile by name, else <data-dir>/policies/ when it holds YAML, else the shipped standard.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PACKAGE_ROOT } from '../util/version.js';

export const PROFILES = ['standard', 'strict', 'permissive', 'ci'] as const;
/** Files in the user's policy dir that only add durable allows on top of whatever else loads. */
const OVERRIDE_FILES = /^(auto-allowed|user-overrides)\.ya?ml$/i;

export function shippedPolicy(name: string): string {
  return join(PACKAGE_ROOT, 'policies', `${name}.yaml`);
}

function yamlFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((f) => /\.ya?ml$/i.test(f));
  } catch {
    return [];
  }
}

export interface ResolvedConfig {
  /** What status reports as config_path. */
  display: string;
  /** Every file or directory to load, in order. */
  paths: string[];
  /** The user's policy directory, watched for learned rules even when it is not loaded yet. */
  userDir: string;
}

export function resolveConfig(config: string | undefined, dataDir: string): ResolvedConfig {
  const userDir = join(dataDir, 'policies');
  const userFiles = yamlFiles(userDir);
  const overrides = userFiles.filter((f) => OVERRIDE_FILES.test(f)).map((f) => join(userDir, f));
  if (config) {
    if ((PROFILES as readonly string[]).includes(config) && !existsSync(config)) {
      const p = shippedPolicy(config);
      return { display: p, paths: [p, ...overrides], userDir };
    }
    const abs = resolve(config);
    if (!existsSync(abs)) throw new Error(`config ${abs} does not exist (give a policy file, a directory, or one of ${PROFILES.join(', ')})`);
    if (statSync(abs).isDirectory() || abs === userDir) return { display: abs, paths: [abs], userDir };
    return { display: abs, paths: [abs, ...overrides.filter((o) => o !== abs)], userDir };
  }
  if (userFiles.length > overrides.length) return { display: userDir, paths: [userDir], userDir };
  const std = shippedPolicy('standard');
  return { display: std, paths: [std, ...overrides], userDir };
}
