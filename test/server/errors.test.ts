// The error family: every way the library says "not durable" is one 503 with its own code, the
// body shape is the same everywhere, a wrapped error keeps its cause, and no route file picks an
// error status by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { errorHandler, statusOf } from '../../server/http-errors.js';
import { SvcError, UnavailableError } from '../../src/util/errors.js';
import { AuditUnavailableError } from '../../src/audit/types.js';
import { JournalError } from '../../src/approvals/journal.js';
import { QueueFullError } from '../../src/approvals/types.js';
import { AuditQueryError } from '../../src/audit/reader.js';

const ROOT = new URL('../../../', import.meta.url).pathname;

async function answer(err: Error): Promise<{ status: number; body: Record<string, unknown>; logged: string[] }> {
  const logged: string[] = [];
  const app = Fastify({ logger: false });
  try {
    app.setErrorHandler(errorHandler({ bodyLimit: 1024, log: (m) => logged.push(m) }));
    app.get('/x', async () => {
      throw err;
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    return { status: res.statusCode, body: JSON.parse(res.body), logged };
  } finally {
    await app.close();
  }
}

test('every "could not be made durable" error is a 503 with its own stable code', async () => {
  const cases: Array<[Error, string]> = [
    [new AuditUnavailableError('disk full'), 'audit_unavailable'],
    [new JournalError('journal fsync failed'), 'approval_state_unavailable'],
    [new QueueFullError('approval queue is full'), 'approval_queue_full'],
    [new UnavailableError('audit_not_configured', 'no audit dir'), 'audit_not_configured'],
  ];
  for (const [err, code] of cases) {
    assert.ok(err instanceof UnavailableError, err.name);
    const r = await answer(err);
    assert.equal(r.status, 503, code);
    assert.deepEqual(r.body, { error: err.message, code });
  }
});

test('extra fields join the body; library errors keep their code; strangers are a logged 500', async () => {
  const extra = await answer(new SvcError('rule_exists', 'rule r already exists', { extra: { rule_name: 'r' } }));
  assert.equal(extra.status, 409);
  assert.deepEqual(extra.body, { error: 'rule r already exists', code: 'rule_exists', rule_name: 'r' });
  const query = await answer(new AuditQueryError('invalid range', 'invalid_range'));
  assert.deepEqual([query.status, query.body.code], [400, 'invalid_range']);
  const bug = await answer(new TypeError('x is undefined'));
  assert.deepEqual([bug.status, bug.body], [500, { error: 'internal error', code: 'internal_error' }]);
  assert.equal(bug.logged.length, 1);
  assert.equal(statusOf(new Error('plain')), 500);
});

test('a wrapped error keeps the original as its cause', () => {
  const original = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
  const wrapped = new JournalError('approval state could not be made durable', { cause: original });
  assert.equal(wrapped.cause, original);
  assert.equal(new UnavailableError('bulk_incomplete', 'stopped', { cause: wrapped }).cause, wrapped);
});

test('no route picks an error status or translates an error by hand', () => {
  const dir = join(ROOT, 'server');
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts') && n !== 'http-errors.ts')) {
    const src = readFileSync(join(dir, name), 'utf8');
    assert.doesNotMatch(src, /reply\.code\((4|5)\d\d\)/, `${name} answers an error status itself`);
    assert.doesNotMatch(src, /catch \(err\) \{\s*if \(err instanceof/, `${name} translates an error by hand`);
  }
});
