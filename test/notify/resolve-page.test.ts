// The page a notification's approve/deny link opens, in a real browser: opening it resolves
// nothing (link previews fetch links too); its button resolves through the signed route.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { Signer } from '../../src/auth/signing.js';
import { startTestServer, ASK_DEPLOY_POLICY } from '../helpers/server.js';

test('the confirm page resolves only on its button, through the signed link', async () => {
  const srv = await startTestServer({ policy: ASK_DEPLOY_POLICY });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const ask = await srv.req('POST', '/v1/tool/exec', {
      agent: 'bot',
      session: 's',
      params: { command: 'deploy prod' },
    });
    const id = ask.body.approval_id as string;
    const { sig, exp } = Signer.open(srv.dataDir, { create: false }).query(id, Date.now());
    const link = (approved: boolean) =>
      `${srv.url}/dashboard/resolve.html?id=${id}&sig=${encodeURIComponent(sig)}&exp=${exp}&approved=${approved}`;

    await page.goto(link(false));
    assert.match((await page.textContent('#resolve-question')) ?? '', new RegExp(`^Deny approval ${id}\\?`));
    assert.equal(
      (await srv.req('GET', `/v1/approvals/${id}`)).body.status,
      'pending',
      'opening the link changed nothing',
    );

    await page.goto(link(true));
    assert.match((await page.textContent('#resolve-question')) ?? '', new RegExp(`^Approve approval ${id}\\?`));
    await page.click('#resolve-confirm');
    await page.waitForFunction(() => (document.getElementById('resolve-result')?.textContent ?? '') !== '');
    assert.equal(await page.textContent('#resolve-result'), `Done: approval ${id} is approved.`);
    const detail = (await srv.req('GET', `/v1/approvals/${id}`)).body;
    assert.equal(detail.status, 'approved');
    assert.equal(detail.resolved_by, 'signed-link');

    // A forged signature is refused and says so on the page.
    await page.goto(link(true).replace(/sig=[^&]+/, 'sig=forged'));
    await page.click('#resolve-confirm');
    await page.waitForFunction(() => (document.getElementById('resolve-result')?.textContent ?? '') !== '');
    assert.match((await page.textContent('#resolve-result')) ?? '', /^Not done: invalid or expired signature/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await srv.stop();
  }
});
