// The shipped standard profile as the effects tests see it: home /home/dev, no symlink reads.
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { loadEngine, type Engine } from '../../src/policy/engine.js';
import type { Decision, ToolCall } from '../../src/policy/types.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';

let cached: Engine | undefined;
export function standard(): Engine {
  cached ??= loadEngine(join(PACKAGE_ROOT, 'policies', 'standard.yaml'), { home: '/home/dev', resolveSymlinks: false });
  return cached;
}

export function call(tool: string, params: Record<string, unknown>): ToolCall {
  return { tool, agent: 'claude-code', session: 'repo/main', params, workdir: '/home/dev/project' };
}

export function decide(tool: string, params: Record<string, unknown>): Decision {
  return standard().evaluate(call(tool, params), { dryRun: true });
}

export function run(command: string): Decision {
  return decide('exec', { command });
}

/** Asserts the decision of an exec command, and that its message matches `msg` when given. */
export function expectExec(command: string, action: string, msg?: RegExp): void {
  const d = run(command);
  assert.equal(d.action, action, `${command}: ${d.action} (${d.policy ?? 'default'}: ${d.message})`);
  if (msg) assert.match(d.message, msg, command);
}

/** Not flagged: allow or watch. */
export function expectPasses(command: string): void {
  const d = run(command);
  assert.ok(d.action === 'allow' || d.action === 'watch', `${command}: ${d.action} (${d.policy}: ${d.message})`);
}

/** A call and what the standard profile must do with it: D = deny, A = deny or ask, B = not flagged. */
/** What a case wants: denied, stopped (deny or ask), or passed (allow or watch). */
export type Want = 'deny' | 'stop' | 'pass';

/** Whether a decision is what a case wants. */
export function meets(d: Decision, want: Want): boolean {
  return want === 'deny'
    ? d.action === 'deny'
    : want === 'stop'
      ? d.action === 'deny' || d.action === 'ask'
      : d.action === 'allow' || d.action === 'watch';
}

/** Decides one call with the standard profile and fails naming the call, the decision and its policy. */
export function expectCall(tool: string, params: Record<string, unknown>, want: Want): void {
  const d = decide(tool, params);
  assert.ok(
    meets(d, want),
    `${tool} ${JSON.stringify(params).slice(0, 200)}: want ${want}, got ${d.action} (${d.policy ?? 'default'}: ${d.message})`,
  );
}

/** expectCall wanting a stop (deny or ask), and the decision's message matching `reason` when given. */
export function expectStopped(tool: string, params: Record<string, unknown>, reason?: RegExp): void {
  expectCall(tool, params, 'stop');
  if (reason) assert.match(decide(tool, params).message, reason, JSON.stringify(params));
}

/** expectCall wanting a pass (allow or watch). */
export const expectPassed = (tool: string, params: Record<string, unknown>): void => expectCall(tool, params, 'pass');

/** expectCall for a shell command. */
export const expectCommand = (command: string, want: Want): void => expectCall('exec', { command }, want);

export type Case = ['D' | 'A' | 'B', string, Record<string, unknown>];

/** Decides every case and fails once, listing every case decided otherwise. */
export function check(cases: Case[]): void {
  const failed: string[] = [];
  for (const [want, tool, params] of cases) {
    const d = decide(tool, params);
    if (!meets(d, want === 'D' ? 'deny' : want === 'A' ? 'stop' : 'pass'))
      failed.push(
        `${want} got ${d.action} (${d.policy ?? 'default'}): ${tool} ${JSON.stringify(params).slice(0, 160)}`,
      );
  }
  assert.deepEqual(failed, []);
}

/**
 * Decides every shell command and fails once, listing each one decided otherwise. With `policy`,
 * a stopped command must be decided by that policy; a deny by another policy also counts (it is
 * stricter) unless `exact` asks for that policy whatever the want.
 */
export function checkCommands(commands: string[], want: Want, policy?: string, exact = false): void {
  const wrong: string[] = [];
  for (const command of commands) {
    const d = decide('exec', { command });
    const otherPolicy =
      policy !== undefined && d.policy !== policy && (exact || (want !== 'pass' && d.action !== 'deny'));
    if (!meets(d, want) || otherPolicy)
      wrong.push(`${command}: want ${want}${policy ? ` (${policy})` : ''}, got ${d.action} (${d.policy ?? 'default'})`);
  }
  assert.deepEqual(wrong, []);
}

/** Every call of `tool` in `list` passes (allow or watch). */
export function passes(tool: string, list: Record<string, unknown>[]): void {
  for (const p of list) expectCall(tool, p, 'pass');
}

/** Every call of `tool` in `list` is stopped (ask or deny), by a policy matching `policy` when given. */
export function stops(tool: string, list: Record<string, unknown>[], policy?: RegExp): void {
  for (const p of list) {
    expectCall(tool, p, 'stop');
    if (policy) assert.match(decide(tool, p).policy ?? '', policy, JSON.stringify(p));
  }
}

/** Shell commands as exec params. */
export const execs = (commands: string[]): Record<string, unknown>[] => commands.map((command) => ({ command }));
