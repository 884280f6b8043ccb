// Shared helpers for the policy engine tests: policy files in temp dirs, engines built from
// YAML text, and call builders.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { loadEngine, type Engine, type LoadEngineOptions } from '../../src/policy/engine.js';
import type { ToolCall } from '../../src/policy/types.js';
import type { SessionLookup } from '../../src/policy/session-types.js';
import { loadCorpus } from '../../src/policy/corpus.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';

export const HOME = '/home/tester';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

export function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'svc-policy-'));
  dirs.push(d);
  return d;
}

/** Writes files (name -> YAML text) into a fresh temp dir; returns the dir. */
export function policyDir(files: Record<string, string>): string {
  const d = tempDir();
  for (const [name, text] of Object.entries(files)) writeFileSync(join(d, name), text);
  return d;
}

/** An engine over one policy file with this text. */
export function engineOf(yaml: string, opts: LoadEngineOptions = {}): Engine {
  const d = policyDir({ 'policy.yaml': yaml });
  return loadEngine(join(d, 'policy.yaml'), { home: HOME, resolveSymlinks: false, ...opts });
}

export function exec(command: string, extra: Partial<ToolCall> = {}): ToolCall {
  return { tool: 'exec', agent: 'claude-code', session: 'repo/main', params: { command }, ...extra };
}

export function read(path: string, extra: Partial<ToolCall> = {}): ToolCall {
  return { tool: 'read', agent: 'claude-code', session: 'repo/main', params: { file_path: path }, ...extra };
}

export function write(path: string, extra: Partial<ToolCall> = {}): ToolCall {
  return {
    tool: 'write',
    agent: 'claude-code',
    session: 'repo/main',
    params: { file_path: path, content: 'x' },
    ...extra,
  };
}

export function fetchCall(url: string, extra: Partial<ToolCall> = {}): ToolCall {
  return { tool: 'fetch', agent: 'claude-code', session: 'repo/main', params: { url }, ...extra };
}

/** The action a dry run decides. */
export function actionOf(engine: Engine, call: ToolCall): string {
  return engine.evaluate(call, { dryRun: true }).action;
}

/** A session with no history whose taint labels are the ones `has` says are set (read at each call). */
export function taintLookup(has: (label: string) => boolean, now = 0): SessionLookup {
  return {
    now,
    history: () => [],
    tainted: (label) => (has(label) ? { label, key: 's:s1', until: 1e15, policy: 'p' } : undefined),
  };
}

/** Every third case of the shipped corpora (all tools, attacks and benign): enough shapes to compare whole engines. */
export function shippedCorpusSample(): ReturnType<typeof loadCorpus> {
  return ['attacks.yaml', 'benign.yaml']
    .flatMap((f) => loadCorpus(join(PACKAGE_ROOT, 'test', 'corpus', f)))
    .filter((_, i) => i % 3 === 0);
}
