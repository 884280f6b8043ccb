// Signed resolve URLs: a 32-byte key file created 0600 and reused; signatures bound to one
// approval id and an expiry; tampering, another id or a passed expiry fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Signer, SIGNED_URL_TTL_MS } from '../../src/auth/signing.js';

test('the key is generated once (32 bytes, 0600) and reused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-sign-'));
  try {
    const a = Signer.open(dir);
    const key = readFileSync(join(dir, 'signing.key'));
    assert.equal(key.length, 32);
    assert.equal(statSync(join(dir, 'signing.key')).mode & 0o777, 0o600);
    const b = Signer.open(dir);
    assert.equal(a.sign('X', 1), b.sign('X', 1));
    writeFileSync(join(dir, 'signing.key'), 'short');
    assert.throws(() => Signer.open(dir), /exactly 32 bytes/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('verify: right id and time pass; another id, tampering, bad exp or expiry fail', () => {
  const s = Signer.fromKey(Buffer.alloc(32, 7));
  const now = Date.UTC(2026, 0, 1);
  const { sig, exp } = s.query('01ABC', now);
  assert.equal(Number(exp), Math.floor((now + SIGNED_URL_TTL_MS) / 1000));
  assert.equal(s.verify('01ABC', sig, exp, now), true);
  assert.equal(s.verify('01ABC', sig, exp, Number(exp) * 1000 + 999), true, 'valid through the expiry second');
  assert.equal(s.verify('01ABC', sig, exp, Number(exp) * 1000 + 1000), false);
  assert.equal(s.verify('01ABD', sig, exp, now), false);
  assert.equal(s.verify('01ABC', sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A'), exp, now), false);
  assert.equal(s.verify('01ABC', sig, String(Number(exp) + 1), now), false);
  assert.equal(s.verify('01ABC', sig, 'soon', now), false);
  assert.equal(s.verify('01ABC', '', exp, now), false);
  const url = s.resolveUrl('http://127.0.0.1:9090/', '01ABC', now);
  assert.match(url, /^http:\/\/127\.0\.0\.1:9090\/v1\/approvals\/01ABC\/resolve\?sig=[\w-]+&exp=\d+$/);
  assert.ok(!/[=+/]$/.test(sig), 'base64url without padding');
});
