// Engine.deterministic: whether the same request always gets the same decision from a set, which
// is what lets the preload listener reuse an allow (server/preload-socket.ts, reply cache).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadEngine } from '../../src/policy/engine.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import { engineOf } from './helpers.js';

const rule = (extra: string) => `default_action: allow
policies:
  - name: p
    match: { tool: exec }
    rules:
      - action: deny
        when: { command_matches: ['x*'] }
${extra}`;

test('the shipped profiles and plain rules are deterministic', () => {
  for (const profile of ['standard', 'strict', 'permissive', 'ci']) {
    assert.equal(loadEngine(join(PACKAGE_ROOT, 'policies', `${profile}.yaml`)).deterministic, true, profile);
  }
  assert.equal(engineOf(rule('')).deterministic, true);
});

test('counters, expiries, one-time rules and webhooks make a set non-deterministic', () => {
  const cases: Record<string, string> = {
    call_count: `      - action: ask\n        when: { call_count: { gte: 3, window: 1m } }\n`,
    expires_at: `      - action: deny\n        expires_at: "2099-01-01T00:00:00Z"\n        when: { command_matches: ['y*'] }\n`,
    once: `      - action: allow\n        once: true\n        when: { command_matches: ['z'] }\n`,
    webhook: `      - action: webhook\n        webhook: { url: "http://127.0.0.1:9/verify" }\n        when: { command_matches: ['w*'] }\n`,
  };
  for (const [name, extra] of Object.entries(cases)) {
    assert.equal(engineOf(rule(extra)).deterministic, false, name);
  }
});
