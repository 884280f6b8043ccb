// A 400 says which field was wrong: a caller fixing a request needs the field's name, whatever
// route or check (schema or hand-written) rejected it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, BASIC_POLICY, type TestServer } from '../helpers/server.js';

let srv: TestServer;
before(async () => {
  srv = await startTestServer({ policy: BASIC_POLICY });
});
after(async () => {
  await srv.stop();
});

const ok = { agent: 'claude', session: 's1', params: { command: 'ls' } };

test('tool request: missing, mistyped and unknown fields are named', async () => {
  const cases: Array<[Record<string, unknown>, RegExp, string]> = [
    [{ session: 's1', params: { command: 'ls' } }, /\bagent is required/, 'invalid_request'],
    [{ agent: 'a', params: { command: 'ls' } }, /\bsession is required/, 'invalid_request'],
    [{ ...ok, params: 'ls' }, /\bparams must be an object/, 'invalid_request'],
    [{ ...ok, agent: 7 }, /\bagent must be a string/, 'invalid_request'],
    [{ ...ok, agent_depth: -1 }, /\bagent_depth must be >= 0/, 'invalid_request'],
    [{ ...ok, bogus: 1 }, /unknown field bogus/, 'unknown_field'],
  ];
  for (const [body, message, code] of cases) {
    const r = await srv.req('POST', '/v1/tool/exec', body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.match(String(r.body.error), message, JSON.stringify(body));
    assert.equal(r.body.code, code, JSON.stringify(body));
  }
  const test = await srv.req('POST', '/v1/test', {});
  assert.equal(test.status, 400);
  assert.match(String(test.body.error), /\bcommand is required/);
});

test('approvals: unknown field, missing agent and wrong type are named', async () => {
  const unknown = await srv.req('POST', '/v1/approvals', {
    action_version: 1,
    tool: 'exec',
    agent: 'a',
    params: {},
    colour: 'red',
  });
  assert.equal(unknown.status, 400);
  assert.equal(unknown.body.code, 'unknown_field');
  assert.match(String(unknown.body.error), /colour/);
  const missing = await srv.req('POST', '/v1/approvals', { action_version: 1, tool: 'exec', params: {} });
  assert.equal(missing.status, 400);
  assert.match(String(missing.body.error), /\bagent is required/);
  const resolve = await srv.req('POST', '/v1/approvals/nope/resolve', { approved: 'yes' });
  assert.equal(resolve.status, 400);
  assert.match(String(resolve.body.error), /\bapproved\b/);
});

test('audit: a bad date names the parameter and the value', async () => {
  const r = await srv.req('GET', '/v1/audit/events?date=2026-13-45');
  assert.equal(r.status, 400);
  assert.equal(r.body.code, 'invalid_date');
  assert.match(String(r.body.error), /date "2026-13-45"/);
  const from = await srv.req('GET', '/v1/audit/stats?from=yesterday');
  assert.equal(from.status, 400);
  assert.match(String(from.body.error), /from date "yesterday"/);
});

test('policy reload: a misspelt or mistyped option is refused by name, and does not use up the reload', async () => {
  const typo = await srv.req('POST', '/v1/policy/reload', { accept_remove: true });
  assert.equal(typo.status, 400);
  assert.equal(typo.body.code, 'unknown_field');
  assert.match(String(typo.body.error), /accept_remove\b/);
  const mistyped = await srv.req('POST', '/v1/policy/reload', { accept_removal: 'yes' });
  assert.equal(mistyped.status, 400);
  assert.match(String(mistyped.body.error), /accept_removal must be true or false/);
  const ok = await srv.req('POST', '/v1/policy/reload', { accept_removal: false });
  assert.equal(ok.status, 200);
  assert.equal(ok.body.success, true);
});
