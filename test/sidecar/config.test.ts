import { test } from 'node:test';
import assert from 'node:assert/strict';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { configFromEnv, isLoopbackHost, SidecarConfigError, BUILTIN_SYSTEM_PROMPT } from '../../src/sidecar/index.js';
import { TokenBucket } from '../../src/sidecar/index.js';
import { ManualClock } from '../../src/util/clock.js';

test('defaults: loopback 8090, 60/min, 10 s timeout, fail-open, local server without keys', () => {
  const c = configFromEnv({});
  assert.equal(c.host, '127.0.0.1');
  assert.equal(c.port, 8090);
  assert.equal(c.rateLimitPerMinute, 60);
  assert.equal(c.timeoutMs, 4000);
  assert.equal(c.failOpen, true);
  assert.equal(c.provider, 'ollama');
  assert.equal(c.baseUrl, 'http://localhost:11434');
  assert.equal(c.requestedProvider, null);
  assert.match(c.fallback ?? '', /no OPENAI_API_KEY or ANTHROPIC_API_KEY.*local model server/);
  assert.equal(c.logDir, join(homedir(), '.svc', 'verify'));
  assert.equal(c.systemPrompt, BUILTIN_SYSTEM_PROMPT);
  assert.equal(configFromEnv({ SERVICE_HOME: '/srv/svc' }).logDir, '/srv/svc/verify');
  assert.equal(configFromEnv({ VERIFY_LOG_DIR: '/var/log/verify' }).logDir, '/var/log/verify');
});

test('provider choice: openai when its key is set, else anthropic, else the local server', () => {
  const o = configFromEnv({ OPENAI_API_KEY: 'k1', ANTHROPIC_API_KEY: 'k2' });
  assert.equal(o.provider, 'openai');
  assert.equal(o.model, 'gpt-4o-mini');
  assert.equal(o.baseUrl, 'https://api.openai.com/v1');
  assert.equal(o.fallback, null);
  const a = configFromEnv({ ANTHROPIC_API_KEY: 'k2' });
  assert.equal(a.provider, 'anthropic');
  assert.equal(a.baseUrl, 'https://api.anthropic.com');
  const custom = configFromEnv({
    OPENAI_API_KEY: 'k',
    OPENAI_BASE_URL: 'https://llm.example.com/v1/',
    VERIFY_MODEL: 'qwen2.5',
  });
  assert.equal(custom.baseUrl, 'https://llm.example.com/v1');
  assert.equal(custom.model, 'qwen2.5');
  assert.equal(custom.modelSource, 'VERIFY_MODEL');
});

test('a requested hosted provider without its key falls back to the local server and says so', () => {
  const o = configFromEnv({ VERIFY_PROVIDER: 'openai', OLLAMA_URL: 'http://127.0.0.1:9999' });
  assert.equal(o.provider, 'ollama');
  assert.equal(o.requestedProvider, 'openai');
  assert.equal(o.baseUrl, 'http://127.0.0.1:9999');
  assert.match(o.fallback ?? '', /OPENAI_API_KEY is not set/);
  const a = configFromEnv({ VERIFY_PROVIDER: 'Anthropic', OPENAI_API_KEY: 'k' });
  assert.equal(a.provider, 'ollama');
  assert.match(a.fallback ?? '', /ANTHROPIC_API_KEY is not set/);
  // An OpenAI-compatible server on this machine needs no key.
  const local = configFromEnv({ VERIFY_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1' });
  assert.equal(local.provider, 'openai');
  assert.equal(local.fallback, null);
});

test('non-loopback binds are refused unless VERIFY_ALLOW_REMOTE=1', () => {
  for (const host of ['0.0.0.0', '192.168.1.10', '::', 'example.com']) {
    assert.throws(
      () => configFromEnv({ VERIFY_HOST: host }),
      (e: Error) => e instanceof SidecarConfigError && /VERIFY_ALLOW_REMOTE=1/.test(e.message),
      host,
    );
  }
  assert.equal(configFromEnv({ VERIFY_HOST: '0.0.0.0', VERIFY_ALLOW_REMOTE: '1' }).host, '0.0.0.0');
  for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1'])
    assert.ok(isLoopbackHost(host), host);
});

test('bad values are one clear error each', () => {
  const bad: [Record<string, string>, RegExp][] = [
    [{ VERIFY_PORT: 'http' }, /VERIFY_PORT must be a whole number/],
    [{ VERIFY_PORT: '70000' }, /VERIFY_PORT must be between 0 and 65535/],
    [{ VERIFY_RATE_LIMIT: '0' }, /VERIFY_RATE_LIMIT must be between 1/],
    [{ VERIFY_TIMEOUT_MS: '-5' }, /VERIFY_TIMEOUT_MS must be a whole number/],
    [{ VERIFY_FAIL_OPEN: 'maybe' }, /VERIFY_FAIL_OPEN must be 1 or 0/],
    [{ VERIFY_PROVIDER: 'gemini' }, /VERIFY_PROVIDER must be one of openai, anthropic, ollama/],
    [{ OPENAI_BASE_URL: 'not a url' }, /OPENAI_BASE_URL must be an http\(s\) URL/],
    [{ OLLAMA_URL: 'ftp://host' }, /OLLAMA_URL must be an http\(s\) URL/],
    [{ ANTHROPIC_BASE_URL: 'https://u:p@host' }, /must not carry credentials/],
    [{ VERIFY_EXTRA_RULES: 'x'.repeat(20000) }, /VERIFY_EXTRA_RULES is longer than/],
  ];
  for (const [env, msg] of bad)
    assert.throws(
      () => configFromEnv(env),
      (e: Error) => e instanceof SidecarConfigError && msg.test(e.message),
      JSON.stringify(env).slice(0, 60),
    );
  assert.equal(configFromEnv({ VERIFY_FAIL_OPEN: '0' }).failOpen, false);
  assert.equal(configFromEnv({ VERIFY_FAIL_OPEN: 'false' }).failOpen, false);
  assert.equal(configFromEnv({ VERIFY_PORT: '0' }).port, 0);
});

test('VERIFY_SYSTEM_PROMPT replaces the built-in prompt and VERIFY_EXTRA_RULES is appended', () => {
  assert.equal(configFromEnv({ VERIFY_SYSTEM_PROMPT: 'Be strict.' }).systemPrompt, 'Be strict.');
  const both = configFromEnv({ VERIFY_SYSTEM_PROMPT: 'Be strict.', VERIFY_EXTRA_RULES: 'Never allow kubectl delete.' });
  assert.equal(both.systemPrompt, 'Be strict.\n\nAdditional rules from the operator:\nNever allow kubectl delete.');
  const extra = configFromEnv({ VERIFY_EXTRA_RULES: 'Deny terraform destroy.' });
  assert.ok(extra.systemPrompt.startsWith(BUILTIN_SYSTEM_PROMPT));
  assert.ok(extra.systemPrompt.endsWith('Deny terraform destroy.'));
});

test('the token bucket allows a burst of N, then refills N per minute', () => {
  const clock = new ManualClock();
  const b = new TokenBucket(6, clock);
  for (let i = 0; i < 6; i++) assert.ok(b.take(), `call ${i}`);
  assert.equal(b.take(), false);
  assert.equal(b.retryAfterMs(), 10_000);
  clock.advance(9_999);
  assert.equal(b.take(), false);
  clock.advance(1);
  assert.ok(b.take());
  clock.advance(10 * 60_000);
  for (let i = 0; i < 6; i++) assert.ok(b.take());
  assert.equal(b.take(), false, 'an idle bucket holds no more than N');
});
