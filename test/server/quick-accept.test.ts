// The quick check that spares the first request of a start from loading ajv: whatever it
// accepts, ajv (as fastify builds it, with the server's options) accepts and leaves unchanged;
// everything else still gets ajv's verdict and message through the server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { quickAccept } from '../../server/quick-accept.js';
import { toolRequestSchema } from '../../server/call.js';
import { startTestServer } from '../helpers/server.js';

type Validate = ((data: unknown) => boolean) & { errors?: unknown };
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const buildAjv = fromFastify('@fastify/ajv-compiler') as () => (
  external: unknown,
  options: unknown,
) => (route: { schema: unknown; method: string; url: string; httpPart: string }) => Validate;
// the options server/app.ts gives fastify
const compileAjv = buildAjv()(
  {},
  { customOptions: { removeAdditional: false, coerceTypes: false, validateSchema: false } },
);

const SCHEMAS: Record<string, [schema: unknown, valid: Record<string, unknown>]> = {
  tool: [toolRequestSchema, { agent: 'a', session: 's', params: { command: 'ls' } }],
  params: [{ type: 'object', required: ['toolName'], properties: { toolName: { type: 'string' } } }, { toolName: 'x' }],
  test: [
    {
      type: 'object',
      required: ['command'],
      additionalProperties: false,
      properties: {
        command: { type: 'string', minLength: 1 },
        tool: { type: 'string', maxLength: 3 },
        n: { type: 'number', minimum: -1, maximum: 2 },
      },
    },
    { command: 'ls' },
  ],
};

// A deterministic stream of values near the valid ones: wrong types, missing and extra keys,
// prototype keys, surrogate pairs at the length bounds, fractions, negatives, arrays, null.
function* values(valid: Record<string, unknown>, seed: number, count: number): Generator<unknown> {
  let s = seed;
  const rnd = (n: number) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % n;
  };
  const leaves: unknown[] = [
    'ls',
    '',
    'a',
    'abcd',
    '\u{1F600}',
    '\u{1F600}\u{1F600}\u{1F600}',
    '\ud800',
    '\ud800\udc00x',
    0,
    -0,
    1,
    -1,
    1.5,
    2,
    3,
    1e300,
    true,
    false,
    null,
    [],
    ['x'],
    {},
    { command: 'ls' },
  ];
  const keys = [
    'agent',
    'session',
    'params',
    'run_id',
    'tool_call_id',
    'workdir',
    'cwd',
    'input',
    'response',
    'enforce',
    'verification',
    'agent_depth',
    'toolName',
    'command',
    'tool',
    'n',
    'extra',
    '__proto__',
    'constructor',
    'toString',
  ];
  for (let i = 0; i < count; i++) {
    if (rnd(20) === 0) {
      yield leaves[rnd(leaves.length)];
      continue;
    }
    const o: Record<string, unknown> = rnd(3) ? { ...valid } : {};
    const edits = rnd(3);
    for (let e = 0; e < edits; e++) {
      const k = keys[rnd(keys.length)] ?? 'x';
      if (rnd(5) === 0) delete o[k];
      else
        Object.defineProperty(o, k, {
          value: leaves[rnd(leaves.length)],
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    yield JSON.parse(JSON.stringify(o)) as unknown;
  }
}

test('whatever the quick check accepts, ajv accepts and leaves unchanged', () => {
  for (const [name, [schema, valid]] of Object.entries(SCHEMAS)) {
    const quick = quickAccept(schema);
    assert.ok(quick, `${name}: the route's schema gets a quick check`);
    const ajv = compileAjv({ schema, method: 'POST', url: '/x', httpPart: 'body' });
    let accepted = 0;
    let rejected = 0;
    for (const v of values(valid, name.length, 20_000)) {
      const before = JSON.stringify(v);
      const ok = ajv(v);
      assert.equal(JSON.stringify(v), before, `${name}: ajv changed ${before}`);
      if (quick(v)) {
        accepted++;
        assert.equal(ok, true, `${name}: quick accepted what ajv rejects: ${before}`);
      } else if (!ok) rejected++;
    }
    // both kinds occur, so the comparison above means something
    assert.ok(accepted > 100 && rejected > 100, `${name}: ${accepted} accepted, ${rejected} rejected`);
  }
});

test('the bodies agents send pass the quick check; a schema it does not understand gets none', () => {
  const quick = quickAccept(toolRequestSchema);
  assert.ok(quick);
  assert.equal(quick({ agent: 'a', session: 's', params: { command: 'git status' } }), true);
  assert.equal(quick({ agent: 'a', session: 's', params: {}, run_id: 'r', agent_depth: 2, enforce: true }), true);
  assert.equal(quick({ agent: 'a', session: 's', params: {}, agent_depth: -1 }), false);
  assert.equal(quick({ agent: 'a', session: 's', params: {}, unknown: 1 }), false);
  for (const schema of [
    { type: 'object', properties: { a: { type: 'string', default: 'x' } } },
    { type: 'string', pattern: '^a' },
    { type: ['string', 'null'] },
    { type: 'array', items: { type: 'string' } },
    { type: 'object', properties: { a: { type: 'string', format: 'uri' } } },
    { type: 'string', minLength: '1' },
    { enum: ['a'] },
  ])
    assert.equal(quickAccept(schema), undefined, JSON.stringify(schema));
});

test('a body the quick check does not accept still gets ajv: the same 400 and message', async () => {
  const srv = await startTestServer();
  try {
    const post = (body: unknown) => srv.req('POST', '/v1/tool/exec', body);
    assert.equal((await post({ agent: 'a', session: 's', params: { command: 'ls' } })).status, 200);
    const extra = await post({ agent: 'a', session: 's', params: { command: 'ls' }, colour: 'red' });
    assert.equal(extra.status, 400);
    assert.deepEqual([extra.body.error, extra.body.code], ['invalid request: unknown field colour', 'unknown_field']);
    const wrong = await post({ agent: 'a', session: 's', params: { command: 'ls' }, agent_depth: 1.5 });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error, 'invalid request: agent_depth must be an integer');
    const missing = await post({ agent: 'a', params: { command: 'ls' } });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error, 'invalid request: session is required');
  } finally {
    await srv.stop();
  }
});
