// An event stream opened with a per-agent token ends when that token is revoked, as every other
// request with it starts failing; a stream on another credential goes on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer } from '../helpers/server.js';
import { openStream } from '../live/harness.js';

test(
  'revoking the token of an open event stream ends that stream; other streams go on',
  { timeout: 30_000 },
  async () => {
    const s = await startTestServer();
    try {
      const { token, record } = s.ctx.tokens.create('dashboard-bot', ['admin']);
      const revoked = await openStream(s.url, { token });
      const admin = await openStream(s.url, { token: s.token });
      assert.equal(revoked.status, 200);
      await revoked.until((x) => x.messages.some((m) => m.type === 'connected'));
      await admin.until((x) => x.messages.some((m) => m.type === 'connected'));
      s.ctx.tokens.revoke(record.id);
      await revoked.until((x) => x.ended, 20_000);
      assert.deepEqual(revoked.messages.at(-1), { type: 'revoked', message: 'the token of this stream was revoked' });
      assert.equal(
        (await s.req('GET', '/v1/status', undefined, token)).status,
        401,
        'the token is refused elsewhere too',
      );
      // The admin stream still receives events.
      s.ctx.bus.emit({ type: 'approvals' });
      await admin.until((x) => x.messages.some((m) => m.type === 'approvals'));
      assert.equal(admin.ended, false);
      admin.close();
    } finally {
      await s.stop();
    }
  },
);
