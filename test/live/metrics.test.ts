// GET /metrics: Prometheus text from a private registry, admin only, absent when disabled.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startLive, type LiveServer } from './harness.js';

async function scrape(srv: LiveServer, token: string | null = srv.adminToken) {
  const res = await fetch(`${srv.url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** The value of one sample line, e.g. sample(text, 'service_policy_count'). */
function sample(text: string, series: string): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return undefined;
}

test('service metrics: names, labels, histogram buckets and live gauges', async () => {
  const srv = await startLive({ metrics: true });
  try {
    srv.bus.emit({ type: 'decision', tool: 'exec', action: 'deny', policy: 'block-rm', evalDurationUs: 4 });
    srv.bus.emit({ type: 'decision', tool: 'exec', action: 'deny', policy: 'block-rm', evalDurationUs: 40 });
    srv.bus.emit({ type: 'decision', tool: 'read', action: 'allow', policy: '', evalDurationUs: 700 });
    srv.bus.emit({ type: 'decision', tool: 'exec', action: 'ask', policy: 'ask-me', evalDurationUs: 1 });
    // Non-decision events do not count.
    srv.bus.emit({ type: 'approvals' });
    srv.pending.push({}, {});
    srv.clock.advance(42_000);

    const r = await scrape(srv);
    assert.equal(r.status, 200);
    assert.match(r.type, /^text\/plain; version=0\.0\.4/);
    const t = r.text;
    assert.match(t, /^# TYPE service_decisions_total counter$/m);
    assert.equal(sample(t, 'service_decisions_total{action="deny",policy="block-rm"}'), 2);
    assert.equal(sample(t, 'service_decisions_total{action="allow",policy="none"}'), 1);
    assert.equal(sample(t, 'service_decisions_total{action="ask",policy="ask-me"}'), 1);

    assert.match(t, /^# TYPE service_eval_duration_seconds histogram$/m);
    assert.equal(sample(t, 'service_eval_duration_seconds_bucket{le="0.000001"}'), 1);
    assert.equal(sample(t, 'service_eval_duration_seconds_bucket{le="0.000005"}'), 2);
    assert.equal(sample(t, 'service_eval_duration_seconds_bucket{le="0.00005"}'), 3);
    assert.equal(sample(t, 'service_eval_duration_seconds_bucket{le="0.001"}'), 4);
    assert.equal(sample(t, 'service_eval_duration_seconds_bucket{le="0.1"}'), 4);
    assert.equal(sample(t, 'service_eval_duration_seconds_bucket{le="+Inf"}'), 4);
    assert.equal(sample(t, 'service_eval_duration_seconds_count'), 4);
    assert.ok(Math.abs(sample(t, 'service_eval_duration_seconds_sum')! - 745e-6) < 1e-9);

    assert.match(t, /^# TYPE service_pending_approvals gauge$/m);
    assert.equal(sample(t, 'service_pending_approvals'), 2);
    assert.match(t, /^# TYPE service_policy_count gauge$/m);
    assert.equal(sample(t, 'service_policy_count'), 3);
    assert.match(t, /^# TYPE service_uptime_seconds gauge$/m);
    assert.equal(sample(t, 'service_uptime_seconds'), 42);

    // Gauges are read at scrape time, not cached.
    srv.pending.length = 0;
    assert.equal(sample((await scrape(srv)).text, 'service_pending_approvals'), 0);
  } finally {
    await srv.close();
  }
});

test('default runtime and process collectors are included', async () => {
  const srv = await startLive({ metrics: true });
  try {
    const t = (await scrape(srv)).text;
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'process_start_time_seconds',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_version_info',
    ]) {
      assert.match(t, new RegExp(`^# TYPE ${name} `, 'm'), name);
    }
  } finally {
    await srv.close();
  }
});

test('admin scope: 401 without or with a bad token, 403 for an eval-only token', async () => {
  const srv = await startLive({ metrics: true });
  try {
    for (const [token, status] of [
      [null, 401],
      ['wrong', 401],
      [srv.evalToken, 403],
    ] as const) {
      const r = await scrape(srv, token);
      assert.equal(r.status, status, String(token));
      const body = JSON.parse(r.text);
      assert.equal(typeof body.error, 'string');
      assert.equal(typeof body.code, 'string');
      assert.doesNotMatch(r.text, /service_/);
    }
  } finally {
    await srv.close();
  }
});

test('metrics off: /metrics is a JSON 404, even for the admin', async () => {
  const srv = await startLive({ metrics: false });
  try {
    for (const token of [srv.adminToken, null]) {
      const r = await scrape(srv, token);
      assert.equal(r.status, 404);
      assert.match(r.type, /application\/json/);
      const body = JSON.parse(r.text);
      assert.equal(typeof body.error, 'string');
      assert.equal(body.code, 'not_found');
    }
  } finally {
    await srv.close();
  }
});
