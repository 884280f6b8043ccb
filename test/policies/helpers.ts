// Shared by the policy tests: shipped files, a deterministic engine, and inline-test running.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import { loadEngine, type Engine } from '../../src/policy/engine.js';
import { CORPUS_HOME } from '../../src/policy/corpus.js';
import { readSuite, runCases, type CaseOutcome } from '../../src/cli/test.js';

export const ROOT = PACKAGE_ROOT;
export const PROFILE_NAMES = ['standard', 'strict', 'permissive', 'ci'] as const;

export function profileFile(name: string): string {
  return join(ROOT, 'policies', `${name}.yaml`);
}

export function corpusFile(name: string): string {
  return join(ROOT, 'test', 'corpus', name);
}

/** The corpus is written for user "dev"; symlinks are not resolved so results never depend on this machine. */
export function engineFor(path: string | string[]): Engine {
  return loadEngine(path, { home: CORPUS_HOME, resolveSymlinks: false });
}

/** Runs a policy file's inline tests (on `engine` when one over the file is at hand); returns the failing outcomes. */
export function inlineFailures(file: string, engine: Engine = engineFor(file)): CaseOutcome[] {
  const suite = readSuite(file);
  return runCases(engine, suite.cases).filter((r) => !r.passed);
}

export function describeFailures(rs: CaseOutcome[]): string {
  return rs
    .map((r) => `${r.name}: expected ${r.expected}, got ${r.got ?? r.error} (${r.policy ?? '-'}) ${r.message ?? ''}`)
    .join('\n');
}

/** A temp dir removed after `fn`. */
export async function withTempDir<T>(fn: (dir: string) => T | Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-policy-'));
  try {
    return await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function writeFile(dir: string, name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}
