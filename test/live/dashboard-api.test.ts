// What the dashboard needs from the API beyond the basics: search over the audit history,
// each policy's YAML text, and the chart library served from the package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startTestServer } from '../helpers/server.js';

// Every decision is a deny, so each is durable in the log before the call is answered.
const POLICY = `version: "1"
default_action: deny
policies:
  # a comment above the policy
  - name: no-secrets
    description: keep keys private
    match: { tool: [read] }
    rules:
      - action: deny
        when: { path_matches: ["**/.ssh/**"] }
        message: ssh keys stay private
  - name: ask-deploys
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { command_matches: ["deploy *"] }
`;

test('GET /v1/audit/events?q= finds a substring of commands and paths, case-insensitively', async () => {
  const srv = await startTestServer({ policy: POLICY });
  try {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['exec', { command: 'git push origin Main' }],
      ['exec', { command: 'rm -rf build' }],
      ['read', { path: '/home/u/.ssh/id_ed25519' }],
      ['fetch', { url: 'https://example.com/main.js' }],
    ];
    for (const [tool, params] of calls) {
      const r = await srv.req('POST', `/v1/tool/${tool}`, { agent: 'a', session: 's', params });
      assert.equal(r.body.allowed, false, JSON.stringify(r.body));
    }
    const find = async (q: string) => {
      const r = await srv.req('GET', `/v1/audit/events?q=${encodeURIComponent(q)}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.total_in_file, 4);
      return (r.body.events as Array<{ tool: string }>).map((e) => e.tool).sort();
    };
    assert.deepEqual(await find('MAIN'), ['exec', 'fetch']);
    assert.deepEqual(await find('.ssh/'), ['read']);
    assert.deepEqual(await find('rm -rf'), ['exec']);
    assert.deepEqual(await find('nothing-like-this'), []);
    // With another filter: both apply.
    const both = await srv.req('GET', '/v1/audit/events?q=main&tool=exec');
    assert.deepEqual(
      both.body.events.map((e: { tool: string }) => e.tool),
      ['exec'],
    );

    const long = await srv.req('GET', `/v1/audit/events?q=${'x'.repeat(257)}`);
    assert.equal(long.status, 400);
    assert.match(long.body.error, /q/);
  } finally {
    await srv.stop();
  }
});

test("GET /v1/policy/summary carries each policy's file, line and YAML text", async () => {
  const srv = await startTestServer({ policy: POLICY });
  try {
    const r = await srv.req('GET', '/v1/policy/summary');
    assert.equal(r.status, 200);
    assert.ok(Array.isArray(r.body.rules), 'the summary is unchanged');
    const byName = new Map(
      (r.body.policies as Array<{ name: string; file: string; line: number; source: string }>).map((p) => [p.name, p]),
    );
    const secrets = byName.get('no-secrets');
    assert.ok(secrets, JSON.stringify(r.body.policies));
    assert.match(secrets.file, /test-policy\.yaml$/);
    assert.equal(
      secrets.source,
      [
        'name: no-secrets',
        'description: keep keys private',
        'match: { tool: [read] }',
        'rules:',
        '  - action: deny',
        '    when: { path_matches: ["**/.ssh/**"] }',
        '    message: ssh keys stay private',
      ].join('\n'),
    );
    assert.match(byName.get('ask-deploys')!.source, /^name: ask-deploys\n[\s\S]*command_matches: \["deploy \*"\] \}$/);
  } finally {
    await srv.stop();
  }
});

test('the chart library is served from the installed package, by fixed names only', async () => {
  const srv = await startTestServer({ policy: POLICY });
  try {
    const require = createRequire(import.meta.url);
    const js = await fetch(`${srv.url}/dashboard/vendor/uPlot.iife.min.js`);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal(js.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(await js.text(), readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8'));
    const css = await fetch(`${srv.url}/dashboard/vendor/uPlot.min.css`);
    assert.equal(css.status, 200);
    assert.match(css.headers.get('content-type') ?? '', /^text\/css/);
    for (const bad of [
      'vendor/uPlot.esm.js',
      'vendor/uPlot.d.ts',
      'vendor/%2e%2e/%2e%2e/package.json',
      'vendor/',
      '../node_modules/uplot/package.json',
    ]) {
      const res = await fetch(`${srv.url}/dashboard/${bad}`);
      assert.equal(res.status, 404, bad);
    }
  } finally {
    await srv.stop();
  }
});
