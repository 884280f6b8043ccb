// /dashboard/: static assets without a credential, safe headers, and no way out of the folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLive } from './harness.js';
import { DASHBOARD_DIR } from '../../server/dashboard.js';

test('redirect, index, assets and their headers; no credential needed', async () => {
  const srv = await startLive();
  try {
    const redirect = await fetch(`${srv.url}/dashboard`, { redirect: 'manual' });
    assert.equal(redirect.status, 301);
    assert.equal(redirect.headers.get('location'), '/dashboard/');

    const index = await fetch(`${srv.url}/dashboard/`);
    assert.equal(index.status, 200);
    assert.match(index.headers.get('content-type') ?? '', /^text\/html/);
    const csp = index.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(index.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(index.headers.get('x-frame-options'), 'DENY');
    const html = await index.text();
    assert.match(html, /<script type="module" src="app.js"><\/script>/);

    for (const [file, type] of [
      ['app.js', /^text\/javascript/],
      ['style.css', /^text\/css/],
      ['index.html', /^text\/html/],
    ] as const) {
      const r = await fetch(`${srv.url}/dashboard/${file}`);
      assert.equal(r.status, 200, file);
      assert.match(r.headers.get('content-type') ?? '', type, file);
      assert.equal(await r.text(), readFileSync(join(DASHBOARD_DIR, file), 'utf8'), file);
    }

    for (const bad of ['nope.js', '..%2fpackage.json', '%2e%2e/%2e%2e/package.json', 'sub/app.js']) {
      const r = await fetch(`${srv.url}/dashboard/${bad}`);
      assert.equal(r.status, 404, bad);
      assert.equal(typeof (await r.json()).error, 'string');
    }
  } finally {
    await srv.close();
  }
});

test('the UI never builds markup from strings', () => {
  // Agent-supplied text must only ever reach the page as text nodes.
  for (const name of readdirSync(DASHBOARD_DIR).filter((n) => n.endsWith('.js'))) {
    const src = readFileSync(join(DASHBOARD_DIR, name), 'utf8');
    assert.doesNotMatch(src, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/, name);
  }
  const html = readFileSync(join(DASHBOARD_DIR, 'index.html'), 'utf8');
  assert.doesNotMatch(html, /<script>|\son[a-z]+=|style="/, 'no inline script, handlers or styles (CSP forbids them)');
});
