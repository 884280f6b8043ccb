// The dashboard in a real browser (Debian's chromium via playwright-core) against a real server:
// what an operator sees and what their clicks do to agents' calls.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';

const POLICY = `
version: "1"
default_action: allow
policies:
  - name: ask-me
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { command_matches: ["ask-me *", "<img*"] }
        message: this command needs a human
      - action: deny
        when: { command_matches: ["rm -rf *"] }
        message: no recursive deletes
`;
const XSS = '<img src=x onerror=alert(1)>';
const OUT = join(PACKAGE_ROOT, 'test-output');
const WAIT = 8000;

let srv: TestServer;
let dataDir: string;
let browser: Browser;
let page: Page;
const dialogs: string[] = [];
const pageErrors: string[] = [];
const cspErrors: string[] = [];

before(async () => {
  dataDir = tempDir('svc-dash-');
  srv = await startTestServer({ policy: POLICY, dataDir });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
});

after(async () => {
  try {
    await browser?.close();
  } finally {
    try {
      await srv?.stop();
    } finally {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }
});

let n = 0;
/** An exec call that the policy sends for approval; returns the approval id. */
async function ask(command: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await srv.req('POST', '/v1/tool/exec', {
    agent: 'agent-a',
    session: 'sess-1',
    tool_call_id: `c${++n}`,
    params: { command },
    ...extra,
  });
  assert.equal(r.status, 202, JSON.stringify(r.body));
  return r.body.approval_id;
}

const card = (text: string) => page.locator('#active-list > .card', { hasText: text });
const notice = (text: string | RegExp) => page.locator('#notices .notice', { hasText: text });
const pendingIds = async () =>
  ((await srv.req('GET', '/v1/approvals')).body.approvals as Array<{ id: string }>).map((a) => a.id);
const statusOf = async (id: string) => (await srv.req('GET', `/v1/approvals/${id}`)).body.status;
/** Closes every notice; one may time out by itself meanwhile, so no click waits on a given one. */
const dismissNotices = () =>
  page.evaluate(() => document.querySelectorAll<HTMLButtonElement>('#notices .notice-close').forEach((b) => b.click()));
const gone = (text: string) => card(text).waitFor({ state: 'detached', timeout: WAIT });

test('asks for the token, rejects a wrong one, and takes one from the #token= fragment', async () => {
  await page.goto(`${srv.url}/dashboard/`);
  await page.locator('#gate').waitFor({ state: 'visible' });
  await page.fill('#gate-token', 'not-the-token');
  await page.click('#gate button[type=submit]');
  await page.locator('#gate-error', { hasText: 'rejected' }).waitFor({ timeout: WAIT });
  assert.equal(await page.textContent('#conn-text'), 'Not connected');
  await page.fill('#gate-token', srv.ctx.tokens.create('agent-x', ['eval']).token);
  await page.click('#gate button[type=submit]');
  await page.locator('#gate-error', { hasText: 'lacks admin scope' }).waitFor({ timeout: WAIT });

  await page.goto(`${srv.url}/dashboard/#token=${srv.token}`);
  await page.locator('#conn[data-state="live"]').waitFor({ timeout: WAIT });
  assert.ok(!page.url().includes(srv.token), 'the token is removed from the address bar');
  assert.equal(await page.locator('#gate').isVisible(), false);
  assert.equal(await page.textContent('#stat-mode'), 'enforce');
  assert.equal(await page.textContent('#stat-policies'), '1');
  await page.locator('.empty', { hasText: 'Nothing is waiting' }).waitFor();
});

const exec = (command: string, extra: Record<string, unknown> = {}) =>
  srv.req('POST', '/v1/tool/exec', { agent: 'agent-ov', session: 'sess-ov', params: { command }, ...extra });
const tileValue = (kind: string) => page.locator(`#tile-${kind} .tile-value`);

test('overview: live counts and a drawn chart that match the decisions made', async () => {
  await page.click('#tab-overview');
  await page.locator('#tile-total .tile-value', { hasText: '0' }).waitFor({ timeout: WAIT });
  await page.locator('#chart-rate canvas').waitFor({ timeout: WAIT });

  // Made while the tab is open: they arrive over the SSE stream.
  for (const c of ['echo ov 1', 'echo ov 2', 'echo ov 3']) assert.equal((await exec(c)).body.allowed, true);
  for (const c of ['rm -rf /tmp/ov1', 'rm -rf /tmp/ov2'])
    assert.equal((await exec(c, { run_id: 'run-ov' })).body.allowed, false);
  const asked = await exec('ask-me ov', { run_id: 'run-ov' });
  assert.equal(asked.status, 202);

  const expect = async () => {
    for (const [kind, n] of [
      ['allow', '3'],
      ['deny', '2'],
      ['ask', '1'],
      ['total', '6'],
    ] as const) {
      await page.locator(`#tile-${kind} .tile-value`, { hasText: new RegExp(`^${n}$`) }).waitFor({ timeout: WAIT });
    }
    // The chart holds the same decisions, minute by minute.
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#chart-rate')?.dataset.total === '6', null, {
      timeout: WAIT,
    });
    const data = await page.locator('#chart-rate').evaluate((el) => ({ ...(el as HTMLElement).dataset }));
    assert.deepEqual([data.allow, data.deny, data.ask, data.watch], ['3', '2', '1', '0']);
    assert.ok((await page.locator('#chart-rate canvas').count()) >= 1);
    assert.ok((await page.locator('#chart-latency canvas').count()) >= 1);
    assert.match((await tileValue('latency').textContent()) ?? '', /^\d+(\.\d)? (µs|ms) \/ \d+(\.\d)? (µs|ms)$/);
    assert.match((await page.textContent('#top-agents')) ?? '', /agent-ov\s*6/);
    assert.match((await page.textContent('#top-policies')) ?? '', /ask-me\s*3 · 2 denied/);
    assert.match((await page.textContent('#recent-blocks')) ?? '', /rm -rf \/tmp\/ov2/);
    await page.locator('#chain-state', { hasText: 'intact' }).waitFor({ timeout: WAIT });
  };
  await expect();
  // The same numbers when read back from the log rather than the stream.
  await page.click('#tab-history');
  await page.click('#tab-overview');
  await expect();
  const logged = (await srv.req('GET', '/v1/audit/events?limit=500')).body.events as Array<{
    decision: { action: string };
  }>;
  assert.equal(logged.filter((e) => ['allow', 'deny', 'ask', 'watch'].includes(e.decision.action)).length, 6);

  // A deny opens in the drawer: its chain hash, the policy's YAML, the rest of its run.
  await page.locator('#recent-blocks button.what', { hasText: 'rm -rf /tmp/ov1' }).click();
  const drawer = page.locator('#drawer');
  await drawer.locator('pre.yaml', { hasText: 'name: ask-me' }).waitFor({ timeout: WAIT });
  assert.match((await drawer.locator('code.hash').first().textContent()) ?? '', /^sha256:[0-9a-f]{64}$/);
  await drawer.locator('.related li').nth(2).waitFor({ timeout: WAIT });
  assert.equal(await drawer.locator('.related li').count(), 3, 'the two denies and the ask of run-ov');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });

  await srv.req('POST', `/v1/approvals/${asked.body.approval_id}/resolve`, { approved: false });
  await page.click('#tab-active');
  await page.locator('.empty', { hasText: 'Nothing is waiting' }).waitFor({ timeout: WAIT });
});

test('a new approval appears live; agent text is shown as text, never run', async () => {
  await ask(XSS, { run_id: 'solo-x' });
  const c = card(XSS);
  await c.waitFor({ timeout: WAIT });
  assert.equal(await c.locator('.card-head .what').textContent(), XSS);
  assert.match((await c.locator('pre.review').textContent()) ?? '', /onerror=alert\(1\)/);
  // The command shows once; the full request waits behind a toggle.
  const visible = (await c.innerText()).split(XSS).length - 1;
  assert.equal(visible, 1, await c.innerText());
  assert.equal(await c.locator('pre.review').isVisible(), false);
  await c.locator('summary', { hasText: 'Full request' }).click();
  assert.equal(await c.locator('pre.review').isVisible(), true);
  assert.equal(await page.locator('#active-list img').count(), 0, 'no element was created from agent text');
  assert.equal(await page.textContent('#stat-pending'), '1');
  assert.match((await c.textContent()) ?? '', /agent-a/);
  assert.match((await c.textContent()) ?? '', /expires in \d:\d\d/);
  assert.deepEqual(dialogs, []);
});

test('approve and deny a single card', async () => {
  const [id] = await pendingIds();
  await card(XSS).getByRole('button', { name: 'Approve', exact: true }).click();
  await gone(XSS);
  assert.equal(await statusOf(id!), 'approved');
  await notice('Approved').waitFor();

  const denyId = await ask('ask-me drop table');
  await card('ask-me drop table').getByRole('button', { name: 'Deny', exact: true }).click();
  await gone('ask-me drop table');
  assert.equal(await statusOf(denyId), 'denied');
});

test('keyboard: j moves focus between cards, a approves, d denies', async () => {
  const first = await ask('ask-me key one');
  const second = await ask('ask-me key two');
  await card('ask-me key two').waitFor({ timeout: WAIT });
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('j');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent?.includes('ask-me key one')), true);
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await page.keyboard.press('a');
  await gone('ask-me key one');
  assert.equal(await statusOf(first), 'approved');
  // Focus moved on to the remaining card.
  await page.waitForFunction(() => document.activeElement?.textContent?.includes('ask-me key two'));
  await page.keyboard.press('d');
  await gone('ask-me key two');
  assert.equal(await statusOf(second), 'denied');
  assert.match((await page.textContent('#help')) ?? '', /j.*k.*a approve.*d deny/s);
});

test('keyboard: d on a whole run asks for a second d; another key cancels', async () => {
  const ids = [await ask('ask-me kbd 1', { run_id: 'run-K' }), await ask('ask-me kbd 2', { run_id: 'run-K' })];
  const cluster = page.locator('#active-list > .card.cluster', { hasText: 'run-K' });
  await cluster.locator('.count', { hasText: '2 pending' }).waitFor({ timeout: WAIT });
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('j');
  await page.keyboard.press('d');
  await cluster.locator('.key-confirm', { hasText: 'Deny all 2 pending calls of run' }).waitFor({ timeout: WAIT });
  for (const id of ids) assert.equal(await statusOf(id), 'pending');
  await page.keyboard.press('Escape');
  await cluster.locator('.key-confirm').waitFor({ state: 'detached' });
  for (const id of ids) assert.equal(await statusOf(id), 'pending');
  await page.keyboard.press('d');
  await cluster.locator('.key-confirm').waitFor();
  await page.keyboard.press('d');
  await cluster.waitFor({ state: 'detached', timeout: WAIT });
  for (const id of ids) assert.equal(await statusOf(id), 'denied');
  await notice('Denied 2 pending calls').waitFor();
  await dismissNotices();
});

test('allow future on a run group: its pending calls pass and the next call is allowed without a card', async () => {
  for (const c of ['ask-me step 1', 'ask-me step 2', 'ask-me step 3']) await ask(c, { run_id: 'run-A' });
  const cluster = page.locator('#active-list > .card.cluster', { hasText: 'run-A' });
  await cluster.locator('.count', { hasText: '3 pending' }).waitFor({ timeout: WAIT });
  const future = cluster.getByRole('button', { name: 'Allow future · 2 min' });
  await future.click();
  await cluster.getByRole('button', { name: /Confirm/ }).click();
  await cluster.waitFor({ state: 'detached', timeout: WAIT });
  await notice(/next calls are allowed for 2 min/).waitFor();
  assert.deepEqual(await pendingIds(), []);

  const next = await srv.req('POST', '/v1/tool/exec', {
    agent: 'agent-a',
    session: 'sess-1',
    run_id: 'run-A',
    params: { command: 'ask-me step 4' },
  });
  assert.equal(next.status, 200, JSON.stringify(next.body));
  assert.equal(next.body.allowed, true);
  await page.waitForTimeout(500);
  assert.equal(await page.locator('#active-list > .card').count(), 0);
});

test('deny pending on a run group', async () => {
  const ids = [await ask('ask-me bad 1', { run_id: 'run-B' }), await ask('ask-me bad 2', { run_id: 'run-B' })];
  const cluster = page.locator('#active-list > .card.cluster', { hasText: 'run-B' });
  await cluster.getByRole('button', { name: 'Deny pending (2)' }).click({ timeout: WAIT });
  await cluster.waitFor({ state: 'detached', timeout: WAIT });
  for (const id of ids) assert.equal(await statusOf(id), 'denied');
  await notice('Denied 2 pending calls').waitFor();
});

test('a bulk action that races another resolver shows a notice and refreshes (409)', async () => {
  const ids = [
    await ask('ask-me race 1', { run_id: 'run-C' }),
    await ask('ask-me race 2', { run_id: 'run-C' }),
    await ask('ask-me race 3', { run_id: 'run-C' }),
  ];
  const cluster = page.locator('#active-list > .card.cluster', { hasText: 'run-C' });
  await cluster.locator('.count', { hasText: '3 pending' }).waitFor({ timeout: WAIT });
  // Someone else approves one approval between the page's fresh read and its bulk request.
  await page.route('**/v1/approvals/bulk-resolve', async (route) => {
    await srv.req('POST', `/v1/approvals/${ids[0]}/resolve`, { approved: true, resolved_by: 'other' });
    await route.continue();
  });
  await cluster.getByRole('button', { name: 'Approve pending (3)' }).click();
  await notice(/409/).waitFor({ timeout: WAIT });
  await page.unroute('**/v1/approvals/bulk-resolve');
  // Refreshed: two left, now shown as a group of two.
  await page.locator('#active-list > .card.cluster .count', { hasText: '2 pending' }).waitFor({ timeout: WAIT });
  assert.equal(await statusOf(ids[1]!), 'pending');
  await page.locator('#active-list > .card.cluster').getByRole('button', { name: 'Deny pending (2)' }).click();
  await page.locator('#active-list > .card.cluster').waitFor({ state: 'detached', timeout: WAIT });
});

test('a partly applied bulk action (503) is reported with its counts, and the list refreshed', async () => {
  const ids = [await ask('ask-me half 1', { run_id: 'run-D' }), await ask('ask-me half 2', { run_id: 'run-D' })];
  const cluster = page.locator('#active-list > .card.cluster', { hasText: 'run-D' });
  await cluster.locator('.count', { hasText: '2 pending' }).waitFor({ timeout: WAIT });
  // The server's documented 503 body (docs/api.md, bulk-resolve), as if a concurrent expiry hit mid-way.
  await page.route('**/v1/approvals/bulk-resolve', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'a listed approval changed concurrently',
        code: 'bulk_race',
        resolved: 1,
        ids: [ids[0]],
        reviewed_ids: ids,
        race_covered_ids: [],
        scope: 'run',
        future_calls_authorized: false,
        unresolved_reviewed_ids: [ids[1]],
        refresh_required: true,
      }),
    }),
  );
  await cluster.getByRole('button', { name: /Allow future/ }).click();
  await cluster.getByRole('button', { name: /Confirm/ }).click();
  await notice(/partly resolved \(503\): 1 committed, 1 still pending, no future calls authorized/).waitFor({
    timeout: WAIT,
  });
  await page.unroute('**/v1/approvals/bulk-resolve');
  await cluster.getByRole('button', { name: 'Deny pending (2)' }).click();
  await cluster.waitFor({ state: 'detached', timeout: WAIT });
});

test('a redacted approval shows no secret and offers no "always allow"; countdowns tick', async () => {
  await ask('ask-me login --password=hunter2');
  const c = card('ask-me login');
  await c.waitFor({ timeout: WAIT });
  const text = (await c.textContent()) ?? '';
  assert.doesNotMatch(text, /hunter2/);
  assert.match(text, /\[REDACTED\]/);
  assert.equal(await c.getByRole('button', { name: 'Always allow' }).count(), 0);
  await c.locator('.note', { hasText: 'Redacted' }).waitFor();
  const expiry = c.locator('.expiry');
  const first = await expiry.textContent();
  await page.waitForFunction((prev) => document.querySelector('#active-list .expiry')?.textContent !== prev, first, {
    timeout: 3000,
  });
  await c.getByRole('button', { name: 'Deny', exact: true }).click();
  await gone('ask-me login');
});

test('always allow stores a rule: the same call passes, the rule is listed and can be deleted', async () => {
  const cmd = 'ask-me build --release';
  await ask(cmd);
  const c = card(cmd);
  await c.waitFor({ timeout: WAIT });
  await c.getByRole('button', { name: 'Always allow' }).click();
  await c.getByRole('button', { name: 'Confirm: always allow' }).click();
  await gone(cmd);
  await notice('saved an allow rule').waitFor();
  const again = await srv.req('POST', '/v1/tool/exec', {
    agent: 'agent-a',
    session: 'sess-1',
    params: { command: cmd },
  });
  assert.equal(again.status, 200, JSON.stringify(again.body));

  await page.click('#tab-policy');
  const row = page.locator('table.learned tr', { hasText: cmd });
  await row.waitFor({ timeout: WAIT });
  await row.getByRole('button', { name: 'Delete' }).click();
  await row.getByRole('button', { name: 'Confirm delete' }).click();
  await row.waitFor({ state: 'detached', timeout: WAIT });
  const asksAgain = await srv.req('POST', '/v1/tool/exec', {
    agent: 'agent-a',
    session: 'sess-1',
    params: { command: cmd },
  });
  assert.equal(asksAgain.status, 202);
  await srv.req('POST', `/v1/approvals/${asksAgain.body.approval_id}/resolve`, { approved: false });

  await page.getByRole('button', { name: 'Reload policies' }).click();
  await page.locator('.reload-result', { hasText: /Reloaded: \d+ polic/ }).waitFor({ timeout: WAIT });
  await page.click('#tab-active');
});

test('history: pages of 50, live rows on the first page, and tracing a run', async () => {
  for (let i = 0; i < 60; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, j) =>
        srv.req('POST', '/v1/tool/exec', {
          agent: 'agent-h',
          session: 'sess-h',
          run_id: i + j >= 55 ? 'run-H' : undefined,
          params: { command: `echo history ${i + j}` },
        }),
      ),
    );
  }
  await page.click('#tab-history');
  const rows = page.locator('table.events tr.event');
  await page.locator('.summary', { hasText: 'Showing 1–50' }).waitFor({ timeout: WAIT });
  assert.equal(await rows.count(), 50);
  const firstRow = await rows.first().textContent();

  const older = page.getByRole('button', { name: 'Older ›' }).first();
  await older.click();
  await page.locator('.summary', { hasText: 'Showing 51–' }).waitFor({ timeout: WAIT });
  assert.notEqual(await rows.first().textContent(), firstRow);
  await page.getByRole('button', { name: '‹ Newer' }).first().click();
  await page.locator('.summary', { hasText: 'Showing 1–50' }).waitFor({ timeout: WAIT });
  assert.equal(await rows.first().textContent(), firstRow);

  await srv.req('POST', '/v1/tool/exec', {
    agent: 'agent-h',
    session: 'sess-h',
    params: { command: 'echo arrived live' },
  });
  await page
    .locator('table.events tr.event')
    .first()
    .filter({ hasText: 'echo arrived live' })
    .waitFor({ timeout: WAIT });
  assert.equal(await rows.count(), 50, 'still one page');

  await page.locator('table.events button.run', { hasText: 'run-H' }).first().click();
  await page.locator('.trace', { hasText: 'run-H' }).waitFor({ timeout: WAIT });
  await page.waitForFunction(() => {
    const runs = [...document.querySelectorAll('table.events tr.event td[data-label="Run"]')].map(
      (td) => td.textContent,
    );
    return runs.length > 0 && runs.every((t) => t === 'run-H');
  });
  assert.equal(await rows.count(), 5);
  // Details open on click, in the drawer.
  await rows.first().locator('button.what').click();
  await page.locator('#drawer .event-details', { hasText: 'Event id' }).waitFor();
  await page.locator('#drawer .related li').nth(4).waitFor({ timeout: WAIT });
  await page.locator('#drawer button[aria-label="Close details"]').click();
  await page.locator('#drawer').waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Show all runs' }).click();
  await page.locator('.trace').waitFor({ state: 'hidden' });
});

test('history: typing in the search keeps only the rows whose command matches', async () => {
  await page.click('#tab-history');
  const rows = page.locator('table.events tr.event');
  await page.locator('.summary', { hasText: 'Showing 1–50' }).waitFor({ timeout: WAIT });
  await page.locator('#history-search').fill('HISTORY 5');
  // "echo history 5" and "echo history 50".."59", from the whole day, case-insensitively.
  await page.locator('.summary', { hasText: /Showing 1–11 .*filtered/ }).waitFor({ timeout: WAIT });
  const whats = await rows.locator('button.what').allTextContents();
  assert.equal(whats.length, 11);
  for (const w of whats) assert.match(w, /^echo history 5\d?$/);
  // A new matching call appears live; one that does not match stays out.
  await srv.req('POST', '/v1/tool/exec', {
    agent: 'agent-h',
    session: 'sess-h',
    params: { command: 'echo history 5 live' },
  });
  await srv.req('POST', '/v1/tool/exec', {
    agent: 'agent-h',
    session: 'sess-h',
    params: { command: 'echo unrelated' },
  });
  await rows.first().filter({ hasText: 'echo history 5 live' }).waitFor({ timeout: WAIT });
  assert.equal(await rows.filter({ hasText: 'unrelated' }).count(), 0);
  await page.locator('#history-search').fill('no such command anywhere');
  await page.locator('.summary', { hasText: 'No events match these filters' }).waitFor({ timeout: WAIT });
  await page.locator('#history-search').fill('');
  await page.locator('.summary', { hasText: 'Showing 1–50' }).waitFor({ timeout: WAIT });
});

test('policy tab: load state, layers when the server reports them, and the rule text', async () => {
  await page.click('#tab-policy');
  await page.locator('#policy-ok', { hasText: 'Loaded without errors' }).waitFor({ timeout: WAIT });
  // The real server reports its layers: the base profile (here the test's policy file) at least.
  await page.locator('#policy-layers li').first().waitFor({ timeout: WAIT });
  const src = page.locator('#policy-sources details[data-name="ask-me"]');
  await src.locator('summary').click();
  const yaml = (await src.locator('pre.yaml').textContent()) ?? '';
  assert.match(yaml, /^name: ask-me\n/);
  assert.match(yaml, /command_matches: \["rm -rf \*"\]/);

  // A server that reports layers and a failed edit: both are shown.
  await page.route('**/v1/status', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({
      response: res,
      json: {
        ...body,
        policy_layers: [
          { kind: 'profile', name: 'standard', path: '/opt/svc/policies/standard.yaml' },
          { kind: 'project', name: 'svc.yaml', path: '/work/app/.svc/svc.yaml' },
        ],
        policy_error: '/work/app/.svc/svc.yaml: line 4: unknown key "rulez"',
        project_layers: [
          {
            root: '/work/repo',
            files: ['/work/repo/.svc/policy.yaml'],
            policy_count: 1,
            rule_count: 2,
            refused: ['/work/repo/.svc/policy.yaml:6: policy "x": an allow rule is refused'],
          },
        ],
      },
    });
  });
  await page.click('#tab-history');
  await page.click('#tab-policy');
  await page
    .locator('#policy-errors .load-errors', { hasText: 'line 4: unknown key "rulez"' })
    .waitFor({ timeout: WAIT });
  const layers = (await page.textContent('#policy-layers')) ?? '';
  assert.match(layers, /profile\s*standard.*project\s*svc\.yaml/s);
  // A repository's own layer, with what it refused.
  assert.match(layers, /\/work\/repo 1 policies, 2 rules/);
  assert.match(layers, /refused: \/work\/repo\/\.svc\/policy\.yaml:6: .*an allow rule is refused/);
  await page.unroute('**/v1/status');
  await page.click('#tab-active');
});

test('screenshots at laptop and phone widths', async () => {
  mkdirSync(OUT, { recursive: true });
  await page.click('#tab-active');
  for (const c of ['ask-me deploy web', 'ask-me migrate db', 'ask-me restart api'])
    await ask(c, { run_id: 'run-shots' });
  await ask(XSS);
  await ask('ask-me rotate keys --region eu-west-1 --all-accounts --reason "quarterly rotation"', {
    run_id: 'solo-run',
  });
  await page.locator('#active-list > .card').nth(2).waitFor({ timeout: WAIT });
  // Notices from earlier steps float over the page; dismiss them as an operator would.
  await dismissNotices();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.click('#tab-active');
    await page.screenshot({ path: join(OUT, `dashboard-active-${width}.png`), fullPage: true });
    await page.click('#tab-overview');
    await page.locator('#chart-rate canvas').waitFor();
    await page.locator('#tile-total .tile-value').waitFor();
    await page.screenshot({ path: join(OUT, `dashboard-overview-${width}.png`), fullPage: true });
    await page.click('#tab-history');
    await page.locator('.summary', { hasText: 'Showing' }).waitFor();
    await page.screenshot({ path: join(OUT, `dashboard-history-${width}.png`) });
    await page.locator('table.events tr.event button.what').first().click();
    await page.locator('#drawer .event-details').first().waitFor();
    await page.screenshot({ path: join(OUT, `dashboard-drawer-${width}.png`) });
    await page.keyboard.press('Escape');
    await page.click('#tab-policy');
    await page.locator('#panel-policy .kv-row').first().waitFor();
    await page.screenshot({ path: join(OUT, `dashboard-policy-${width}.png`), fullPage: true });
  }
  // The Overview in the dark scheme: the chart axes take the page's colours.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.click('#tab-history');
  await page.click('#tab-overview');
  await page.locator('#chart-rate canvas').waitFor();
  await page.screenshot({ path: join(OUT, 'dashboard-overview-1440-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.click('#tab-active');
  assert.deepEqual(dialogs, []);
  assert.deepEqual(cspErrors, [], 'the page and uPlot need nothing the CSP forbids');
});

test('survives a server restart: reconnects and shows the state', async () => {
  const before = (await pendingIds()).length;
  assert.ok(before >= 4);
  const port = srv.port;
  await srv.stop();
  await page.locator('#conn[data-state="reconnecting"]').waitFor({ timeout: WAIT });
  srv = await startTestServer({ policy: POLICY, dataDir, args: ['--port', String(port)] });
  await page.locator('#conn[data-state="live"]').waitFor({ timeout: 20_000 });
  assert.equal(await page.textContent('#stat-pending'), String(before));
  // The stream works again: a new approval appears without a reload.
  await ask('ask-me after restart');
  await card('ask-me after restart').waitFor({ timeout: WAIT });
  assert.deepEqual(dialogs, []);
  assert.deepEqual(pageErrors, []);
});
