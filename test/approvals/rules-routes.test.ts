// Rule routes through the real app: list, learn, delete and their status codes (401/403 each).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bootApp, type TestApp } from './app.js';

async function withApp(fn: (t: TestApp) => Promise<void>) {
  const t = await bootApp();
  try {
    await fn(t);
  } finally {
    await t.destroy();
  }
}

const learn = (t: TestApp, body: unknown, token?: string | null) => t.req('POST', '/v1/rules/learn', body, token);

test('learn: 201 with rule_name/pattern/created and a reload, 409 with the existing pattern, listed, deleted', () =>
  withApp(async (t) => {
    const r = await learn(t, { tool: 'exec', args: 'ls -la *.log', decision: 'allow', source: 'dashboard' });
    assert.equal(r.status, 201);
    assert.match(r.body.rule_name, /^user-allow-[0-9a-f]+$/);
    assert.equal(r.body.pattern, 'ls -la [*].log');
    assert.equal(r.body.created, true);
    assert.equal(t.reloads(), 1);
    const dup = await learn(t, { tool: 'exec', args: 'ls -la *.log', decision: 'allow' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.pattern, 'ls -la [*].log');
    assert.equal(dup.body.rule_name, r.body.rule_name);
    const list = await t.req('GET', '/v1/rules/auto-allowed');
    assert.equal(list.status, 200);
    assert.equal(list.body.rules.length, 1);
    const rule = list.body.rules[0];
    assert.deepEqual(Object.keys(rule).sort(), ['command_pattern', 'created', 'index', 'name', 'path_pattern', 'tool']);
    assert.equal(rule.index, 0);
    assert.equal(rule.tool, 'exec');
    const del = await t.req('DELETE', `/v1/rules/auto-allowed/${encodeURIComponent(r.body.rule_name)}`);
    assert.equal(del.status, 200);
    assert.deepEqual(del.body, { deleted: r.body.rule_name });
    assert.equal(t.reloads(), 2);
    assert.deepEqual((await t.req('GET', '/v1/rules/auto-allowed')).body, { rules: [] });
    assert.equal((await t.req('DELETE', `/v1/rules/auto-allowed/${r.body.rule_name}`)).status, 404);
  }));

test('learn: 400 for bad bodies, unsupported tools, deny, and arguments that redaction would alter', () =>
  withApp(async (t) => {
    for (const b of [
      '{',
      { tool: 'exec', decision: 'allow' },
      { tool: 'fetch', args: 'https://x', decision: 'allow' },
      { tool: 'exec', args: 'ls', decision: 'deny' },
      { tool: 'exec', args: 'ls', decision: 'allow', extra: 1 },
      { tool: 'exec', args: 'aws s3 ls --profile x AKIAABCDEFGHIJKLMNOP', decision: 'allow' },
    ]) {
      assert.equal((await learn(t, b)).status, 400, JSON.stringify(b));
    }
    assert.equal(t.reloads(), 0);
  }));

test('learn: 429 beyond about 5 writes per second, fine again once the clock moves', () =>
  withApp(async (t) => {
    for (let i = 0; i < 5; i++)
      assert.equal((await learn(t, { tool: 'exec', args: `make ${i}`, decision: 'allow' })).status, 201);
    const limited = await learn(t, { tool: 'exec', args: 'make 5', decision: 'allow' });
    assert.equal(limited.status, 429);
    t.clock.advance(1000);
    assert.equal((await learn(t, { tool: 'exec', args: 'make 5', decision: 'allow' })).status, 201);
  }));

test('delete: exact URL-encoded names, 400 for an empty name, 404 for a missing file or name', () =>
  withApp(async (t) => {
    assert.equal((await t.req('DELETE', '/v1/rules/auto-allowed/user-allow-0')).status, 404, 'no file');
    mkdirSync(join(t.dataDir, 'policies'), { recursive: true });
    writeFileSync(
      join(t.dataDir, 'policies', 'auto-allowed.yaml'),
      'policies:\n  - name: "auto allow exact & named/rule"\n    match: { tool: [exec] }\n    rules: [{ action: allow, when: { command_matches: ["x"] } }]\n',
    );
    assert.equal((await t.req('DELETE', '/v1/rules/auto-allowed/0')).status, 404);
    assert.equal((await t.req('DELETE', '/v1/rules/auto-allowed/')).status, 400);
    assert.equal((await t.req('DELETE', '/v1/rules/auto-allowed')).status, 400);
    const name = 'auto allow exact & named/rule';
    const r = await t.req('DELETE', `/v1/rules/auto-allowed/${encodeURIComponent(name)}`);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { deleted: name });
  }));

test('500 when auto-allowed.yaml is not valid YAML (never overwritten)', () =>
  withApp(async (t) => {
    mkdirSync(join(t.dataDir, 'policies'), { recursive: true });
    writeFileSync(join(t.dataDir, 'policies', 'auto-allowed.yaml'), 'policies: [\n - oops');
    assert.equal((await t.req('GET', '/v1/rules/auto-allowed')).status, 500);
    assert.equal((await learn(t, { tool: 'exec', args: 'make', decision: 'allow' })).status, 500);
    assert.equal((await t.req('DELETE', '/v1/rules/auto-allowed/x')).status, 500);
  }));

test('auth: 401 without or with a bad token and 403 for an eval token on every rule route', () =>
  withApp(async (t) => {
    const evalTok = t.ctx.tokens.create('claude-code', ['eval']).token;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/v1/rules/auto-allowed'],
      ['POST', '/v1/rules/learn', { tool: 'exec', args: 'make', decision: 'allow' }],
      ['DELETE', '/v1/rules/auto-allowed/user-allow-0'],
    ];
    for (const [m, u, b] of calls) {
      assert.equal((await t.req(m, u, b, null)).status, 401, `${m} ${u}`);
      assert.equal((await t.req(m, u, b, 'nope')).status, 401, `${m} ${u}`);
      assert.equal((await t.req(m, u, b, evalTok)).status, 403, `${m} ${u}`);
    }
    assert.equal(t.reloads(), 0);
  }));
