// The in-server hook runner (svc-hook's other half): a client that hangs up ends an approval wait.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTestServer } from '../helpers/server.js';
import { TEST_POLICY } from '../integrations/helpers.js';
import { hookCall } from '../../server/hook-call.js';

const fixture = (host: string, name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../test/fixtures/hooks/${host}/${name}.json`, import.meta.url)), 'utf8');

test('a hung-up hook client stops the server waiting for its approval', async () => {
  const srv = await startTestServer({ policy: TEST_POLICY });
  try {
    const run = hookCall({ url: async () => srv.url, token: srv.token, dataDir: srv.dataDir });
    const ac = new AbortController();
    const pending = run(
      { v: 1, kind: 'hook', host: 'cursor', payload: fixture('cursor', 'ask'), cwd: '/tmp', env: {} } as any,
      {},
      { signal: ac.signal },
    );
    setTimeout(() => ac.abort(), 300);
    const out = await pending;
    // 'cancelled' (not a timeout) says it returned because of the hang-up, not the 300 s deadline.
    assert.equal(out.exit, 0);
    assert.match(out.stdout, /cancelled/);
  } finally {
    await srv.stop();
  }
});
