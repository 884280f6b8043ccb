// The dashboard's Policy tab with a shadow set, in a real browser (Debian's chromium via
// playwright-core): the latest differences listed with both answers, new ones arriving live, and
// "Make live" promoting the shadow set. Screenshots go to test-output/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';

const LIVE = `
version: "1"
default_action: allow
policies:
  - name: ask-deploy
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { command_matches: ["deploy *"] }
`;
const CANDIDATE = `
version: "1"
policies:
  - name: no-force-push
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["git push *--force*"] }
        message: force pushes are off
  - name: registry-watch
    match: { tool: [exec] }
    rules:
      - action: watch
        when: { command_matches: ["npm install *"] }
`;
const OUT = join(PACKAGE_ROOT, 'test-output');
const WAIT = 8000;

let srv: TestServer;
let shadowDir: string;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

before(async () => {
  shadowDir = tempDir('svc-shadow-dash-');
  writeFileSync(join(shadowDir, 'team.yaml'), CANDIDATE);
  srv = await startTestServer({ policy: LIVE, args: ['--shadow', shadowDir] });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => pageErrors.push(e.message));
});

after(async () => {
  try {
    await browser?.close();
  } finally {
    try {
      await srv?.stop();
    } finally {
      rmSync(shadowDir, { recursive: true, force: true });
      rmSync(srv.dataDir, { recursive: true, force: true });
    }
  }
});

const exec = (command: string, agent = 'claude') =>
  srv.req('POST', '/v1/tool/exec', { agent, session: 'repo/main', params: { command } });

test('policy tab lists the latest differences with both answers; a new one arrives live', async () => {
  await exec('git push --force origin main');
  await exec('npm install left-pad', 'codex');
  await exec('ls -la');
  await page.goto(`${srv.url}/dashboard/#token=${srv.token}`);
  await page.click('#tab-policy');
  const rows = page.locator('#shadow-diffs tbody tr');
  await rows.nth(1).waitFor({ timeout: WAIT });
  assert.equal(await rows.count(), 2, 'the call both sets allow is not listed');
  const first = (await rows.nth(0).textContent()) ?? '';
  assert.match(first, /codex.*npm install left-pad.*allow.*default.*watch.*registry-watch rule 1/s);
  const second = (await rows.nth(1).textContent()) ?? '';
  assert.match(second, /git push --force origin main.*allow.*deny.*no-force-push rule 1/s);
  assert.match(
    (await page.textContent('#shadow-total')) ?? '',
    /^2 since the server started: allow → deny 1, allow → watch 1$/,
  );

  await exec('git push origin main --force-with-lease');
  await rows.nth(2).waitFor({ timeout: WAIT });
  assert.match((await rows.nth(0).textContent()) ?? '', /--force-with-lease/);

  mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: join(OUT, 'dashboard-policy-shadow-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(OUT, 'dashboard-policy-shadow-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  assert.deepEqual(pageErrors, []);
});

test('"Make live" promotes the shadow set after a confirmation; the button then goes away', async () => {
  await page.click('#shadow-promote');
  await page.locator('#shadow-promote', { hasText: 'Confirm' }).click();
  await page.locator('#policy-shadow .kv', { hasText: '(the same set)' }).waitFor({ timeout: WAIT });
  assert.equal(await page.locator('#shadow-promote').count(), 0);
  const r = await exec('git push --force origin main');
  assert.equal(r.status, 403, 'the promoted rule is live');
  assert.deepEqual(pageErrors, []);
});
