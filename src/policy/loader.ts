// Where policies come from: one file, or a directory of *.yaml / *.yml read in filename order
// (not recursive), or several such paths in order, each one a layer (the base profile, then the
// user's files). Any bad file fails the whole load (fail closed). Policy names must be unique
// across the set. Inside a layer default_action comes from the first file that sets one; across
// layers the strictest one applies (a layer may tighten the default, never loosen it); none means
// deny.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FinalAction } from './types.js';
import type { ParsedPolicyFile } from './ast.js';
import { PolicyLoadError } from './policy-errors.js';
import { parsePolicyText, POLICY_FILE_MAX_BYTES } from './parse.js';
import { PolicyParseCache } from './parse-cache.js';
import { SHIPPED_POLICY_CACHE } from './shipped-cache.js';

export interface LoadPolicyOptions {
  /**
   * Parsed files from an earlier start (the exact same text); unset: the shipped profiles' entries
   * made at install time, nothing stored (see defaultCache).
   */
  cache?: PolicyParseCache;
}

let shippedOnly: PolicyParseCache | undefined;
/**
 * One-shot commands (svc test, explain, bench, replay, the hooks' local fallback) load the shipped
 * profile on every start; reading its install-time parse instead of parsing 200 KB of YAML is most
 * of their start-up. They store nothing: they may run without a data dir.
 */
function defaultCache(): PolicyParseCache {
  shippedOnly ??= new PolicyParseCache(null, () => {}, SHIPPED_POLICY_CACHE);
  return shippedOnly;
}

export interface LoadedPolicyFiles {
  files: ParsedPolicyFile[];
  /** Files read, in load order. */
  sources: string[];
  defaultAction: FinalAction;
  /** Some file set default_action (an empty set without one is likely a half-written file). */
  defaultActionSet: boolean;
}

const YAML_FILE = /\.ya?ml$/i;
/** deny > ask > watch > allow: the order in which layers may tighten the default. */
const STRICTNESS: Record<FinalAction, number> = { allow: 0, watch: 1, ask: 2, deny: 3 };

/** The files a config path stands for, in load order. */
export function policyFilesOf(path: string): string[] {
  let st;
  try {
    st = statSync(path);
  } catch (err) {
    throw new PolicyLoadError(
      path,
      0,
      `cannot read policy config: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  if (!st.isDirectory()) return [path];
  let names: string[];
  try {
    names = readdirSync(path);
  } catch (err) {
    throw new PolicyLoadError(
      path,
      0,
      `cannot list policy directory: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  return names
    .filter((n) => YAML_FILE.test(n))
    .sort()
    .map((n) => join(path, n))
    .filter((f) => {
      try {
        return statSync(f).isFile();
      } catch {
        return false;
      }
    });
}

export function readPolicyFile(file: string, opts: LoadPolicyOptions = {}): ParsedPolicyFile {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (err) {
    throw new PolicyLoadError(
      file,
      0,
      `cannot read policy file: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  if (size > POLICY_FILE_MAX_BYTES)
    throw new PolicyLoadError(file, 0, `policy file is ${size} bytes; the limit is ${POLICY_FILE_MAX_BYTES}`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new PolicyLoadError(
      file,
      0,
      `cannot read policy file: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  const cache = opts.cache ?? defaultCache();
  const cached = cache.get(file, text);
  if (cached) return cached;
  const parsed = parsePolicyText(text, file);
  cache.put(file, text, parsed);
  return parsed;
}

export function loadPolicyFiles(paths: string | string[], opts: LoadPolicyOptions = {}): LoadedPolicyFiles {
  const list = Array.isArray(paths) ? paths : [paths];
  const seen = new Set<string>();
  const files: ParsedPolicyFile[] = [];
  const layerOf = new Map<string, number>();
  let defaultAction: FinalAction | undefined;
  list.forEach((p, layer) => {
    let layerDefault: FinalAction | undefined;
    for (const f of policyFilesOf(p)) {
      const key = resolve(f);
      if (seen.has(key)) continue;
      seen.add(key);
      const parsed = readPolicyFile(f, opts);
      files.push(parsed);
      layerOf.set(parsed.file, layer);
      layerDefault ??= parsed.defaultAction;
    }
    if (layerDefault && (!defaultAction || STRICTNESS[layerDefault] > STRICTNESS[defaultAction]))
      defaultAction = layerDefault;
  });
  const names = new Map<string, { file: string; line: number }>();
  for (const f of files) {
    for (const p of f.policies) {
      const prev = names.get(p.name);
      if (prev && prev.file !== f.file) {
        const layered = layerOf.get(prev.file) !== layerOf.get(f.file);
        const hint = layered
          ? ' (your policy files layer on the base profile; rename the policy, or start the server with --replace-base to use only your files)'
          : '';
        throw new PolicyLoadError(
          f.file,
          p.line,
          `duplicate policy name "${p.name}" (also defined in ${prev.file}:${prev.line}); policy names must be unique across the loaded files${hint}`,
          'name',
        );
      }
      if (!prev) names.set(p.name, { file: f.file, line: p.line });
    }
  }
  return {
    files,
    sources: files.map((f) => f.file),
    defaultAction: defaultAction ?? 'deny',
    defaultActionSet: defaultAction !== undefined,
  };
}
