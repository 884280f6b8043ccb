import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  redact,
  redactDetailed,
  redactValue,
  isSecretKey,
  REDACTED,
  RULES,
  CATEGORIES,
} from '../../src/redact/index.js';
import { POSITIVE, NEGATIVE } from './fixtures.js';

test('the marker is [REDACTED] and every spec category has a named rule', () => {
  assert.equal(REDACTED, '[REDACTED]');
  const names = RULES.map((r) => r.name);
  assert.equal(new Set(names).size, names.length, 'rule names are unique');
  for (let c = 1; c <= 13; c++) {
    assert.ok(
      RULES.some((r) => r.category === c),
      `category ${c} (${CATEGORIES[c as keyof typeof CATEGORIES]}) has a rule`,
    );
  }
});

test('fixtures cover every category with a positive and a false-positive case', () => {
  for (let c = 0; c <= 13; c++) {
    assert.ok(
      POSITIVE.some((p) => p.category === c),
      `positive fixture for category ${c}`,
    );
    assert.ok(
      NEGATIVE.some((n) => n.category === c),
      `negative fixture for category ${c}`,
    );
  }
});

for (const fx of POSITIVE) {
  test(`category ${fx.category}: redacts ${fx.input.slice(0, 60)}`, () => {
    const r = redactDetailed(fx.input);
    assert.equal(r.text, fx.expected);
    assert.equal(r.redacted, true);
    assert.ok(
      r.categories.includes(fx.category as never),
      `category ${fx.category} fired (got ${r.categories.join(',')} via ${r.rules.join(',')})`,
    );
    for (const s of fx.secrets) assert.ok(!r.text.includes(s), `secret ${s} is gone`);
  });
}

for (const fx of NEGATIVE) {
  test(`category ${fx.category}: keeps ${fx.input.slice(0, 60)}`, () => {
    const r = redact(fx.input);
    assert.equal(r.text, fx.input);
    assert.equal(r.redacted, false);
  });
}

test('redaction keeps the surrounding command readable and is idempotent', () => {
  const cmd = 'curl -H "Authorization: Bearer abc123" -u bob:pw9 https://bob:pw9@api.example.com/x?token=t0k&n=1';
  const once = redact(cmd).text;
  assert.equal(
    once,
    'curl -H "Authorization: Bearer [REDACTED]" -u bob:[REDACTED] https://[REDACTED]@api.example.com/x?token=[REDACTED]&n=1',
  );
  assert.deepEqual(redact(once), { text: once, redacted: false });
});

test('all secrets of a combined command are removed in one pass', () => {
  const combined = POSITIVE.map((p) => p.input).join(' ; ');
  const out = redact(combined).text;
  for (const p of POSITIVE)
    for (const s of p.secrets) assert.ok(!out.includes(s), `secret ${s} survived the combined command`);
});

test('short password flags only count after login and mysql commands', () => {
  assert.equal(
    redact('docker login -u me -p hunter2 registry.io').text,
    'docker login -u me -p [REDACTED] registry.io',
  );
  assert.equal(redact('mysql -u root -pS3cret db -e "select 1"').text, 'mysql -u root -p[REDACTED] db -e "select 1"');
  for (const keep of ['mysql -u root -p db', 'mkdir -p /tmp/x', 'docker login -u me -p $PW r.io', 'ls -p; login -f x'])
    assert.equal(redact(keep).text, keep);
});

test('a private key block without its END line is still redacted', () => {
  const out = redact(
    'cat <<EOF\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\nAAAAAAABAAAAMwAAAAtzc2gtZWQ',
  ).text;
  assert.equal(out, 'cat <<EOF\n-----BEGIN OPENSSH PRIVATE KEY-----[REDACTED]');
});

test('quoted and escaped JSON values keep their quotes', () => {
  assert.equal(redact('{\\"client_secret\\": \\"abc def\\"}').text, '{\\"client_secret\\": \\"[REDACTED]\\"}');
  assert.equal(redact("PASSWORD='two words' make").text, "PASSWORD='[REDACTED]' make");
  assert.equal(redact('--token "unterminated').text, '--token "[REDACTED]');
});

test('isSecretKey recognises secret-sounding names and leaves others', () => {
  for (const k of [
    'password',
    'PASSWD',
    'db_password',
    'secret',
    'client_secret',
    'token',
    'GITHUB_TOKEN',
    'api_key',
    'apiKey',
    'X-Api-Key',
    'authorization',
    'Authorization',
    'private_key',
    'privateKey',
    'aws_secret_access_key',
    'refresh_token',
    'cookie',
  ]) {
    assert.ok(isSecretKey(k), k);
  }
  for (const k of [
    'command',
    'path',
    'url',
    'max_tokens',
    'token_count',
    'secret_name',
    'keyboard',
    'passenger',
    'author',
  ]) {
    assert.ok(!isSecretKey(k), k);
  }
});

test('redactValue walks objects and arrays deeply and replaces secret-named values whole', () => {
  const input = {
    command: 'curl -H "Authorization: Bearer abc123xyz" https://x',
    password: 'hunter2',
    nested: {
      list: ['plain', 'export GITHUB_TOKEN=ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ab', { apiKey: 'short' }],
      headers: { 'X-Auth-Token': 'whatever', Accept: 'application/json' },
      pin: { secret: 1234 },
      credentials: { user: 'bob', pass: ['a', 'b'] },
    },
    count: 3,
    ok: true,
    none: null,
  };
  const before = JSON.stringify(input);
  const { value, redacted } = redactValue(input);
  assert.equal(redacted, true);
  assert.equal(JSON.stringify(input), before, 'the input is not modified');
  assert.deepEqual(value, {
    command: 'curl -H "Authorization: Bearer [REDACTED]" https://x',
    password: REDACTED,
    nested: {
      list: ['plain', 'export GITHUB_TOKEN=[REDACTED]', { apiKey: REDACTED }],
      headers: { 'X-Auth-Token': REDACTED, Accept: 'application/json' },
      pin: { secret: REDACTED },
      credentials: { user: REDACTED, pass: [REDACTED, REDACTED] },
    },
    count: 3,
    ok: true,
    none: null,
  });
});

test('redactValue reports false when nothing changed, and handles strings, cycles and special objects', () => {
  assert.deepEqual(redactValue({ a: 'ls -la', b: [1, 2] }), { value: { a: 'ls -la', b: [1, 2] }, redacted: false });
  assert.deepEqual(redactValue('AKIAIOSFODNN7EXAMPLE'), { value: REDACTED, redacted: true });
  assert.deepEqual(redactValue(42), { value: 42, redacted: false });
  const cyclic: Record<string, unknown> = { token: 'abc' };
  cyclic.self = cyclic;
  const out = redactValue(cyclic).value as Record<string, unknown>;
  assert.equal(out.token, REDACTED);
  assert.equal(out.self, out);
  const when = new Date(0);
  assert.equal((redactValue({ when }).value as { when: Date }).when, when);
});

const MIB = 1 << 20;
const fill = (unit: string): string => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);
// No wall-clock bounds here (they fail on a loaded machine): a pattern that backtracks
// catastrophically on these inputs would not finish at all and runs into the per-test time
// limit of test/run.mjs. bench/redact.bench.ts measures the time per MiB.

test('1 MiB of ordinary text with secrets sprinkled in is redacted quickly', () => {
  const chunk =
    'cd /srv/app && git status && ls -la /tmp; echo "build ok" ' +
    POSITIVE[Math.floor(POSITIVE.length / 2)]!.input +
    '\n';
  const text = fill(chunk);
  const r = redact(text);
  assert.equal(r.redacted, true);
  assert.ok(r.text.includes('cd /srv/app && git status'), 'the ordinary text is kept');
});

test('adversarial 1 MiB inputs are answered (no catastrophic backtracking)', () => {
  const shapes = [
    'a',
    '0123456789abcdef',
    'aB3+/',
    'a-',
    "token='x",
    'Bearer ',
    "-H 'X-Y: ",
    'http://u:',
    'sk-',
    'Authorization: ',
    '-----BEGIN RSA PRIVATE KEY-----',
    'my_secret_token: "abc',
    '--password ',
    'AKIA',
    'eyJabcdefghij.',
    'X-Foo-',
    'login ',
    'mysql a',
  ];
  for (const s of shapes) {
    const text = fill(s) + 'g';
    const r = redact(text);
    assert.ok(r.text.length > 0, `${JSON.stringify(s)} repeated to 1 MiB gave an answer`);
  }
});
