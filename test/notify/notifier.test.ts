// Notifications for new approvals: off until configured; desktop (a stand-in notify-send) and
// Slack, Discord, ntfy and JSON webhooks received by a local server; signed links; secrets
// redacted; bounded retries with a doubling backoff; a per-minute cap; a config others can read
// is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bus } from '../../src/audit/bus.js';
import { ManualClock } from '../../src/util/clock.js';
import { Signer } from '../../src/auth/signing.js';
import { Notifier } from '../../src/notify/notifier.js';
import { parseNotifyConfig, NotifyConfigError } from '../../src/notify/notify-config.js';

interface Got {
  path: string;
  body: any;
  headers: IncomingMessage['headers'];
}

/** A local webhook receiver; `status(path, n)` says what the n-th request to path gets. */
async function receiver(status: (path: string, n: number) => number = () => 200) {
  const got: Got[] = [];
  const counts = new Map<string, number>();
  const srv = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const n = (counts.get(req.url!) ?? 0) + 1;
      counts.set(req.url!, n);
      got.push({ path: req.url!, body: JSON.parse(data), headers: req.headers });
      res.writeHead(status(req.url!, n)).end('{}');
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  return { got, url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => srv.close(() => r())) };
}

const SECRET = 'ghp_' + 'Z'.repeat(36);

function approval(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    status: 'pending',
    tool: 'exec',
    agent: 'codex',
    command: `deploy prod --token ${SECRET}`,
    message: 'deploys need a human',
    expires_at: '2026-01-01T00:02:00.000Z',
    action: { params: { command: `deploy prod --token ${SECRET}` } },
    ...extra,
  };
}

function fixture(config?: string, mode = 0o600) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-notify-'));
  const data = join(dir, 'data');
  const bin = join(dir, 'bin');
  mkdirSync(data);
  mkdirSync(bin);
  if (config !== undefined) {
    writeFileSync(join(data, 'notify.yaml'), config);
    chmodSync(join(data, 'notify.yaml'), mode);
  }
  const pending: Record<string, unknown>[] = [];
  const logs: string[] = [];
  const delays: number[] = [];
  const bus = new Bus();
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const signer = Signer.fromKey(Buffer.alloc(32, 7));
  const notifier = new Notifier({
    dataDir: data,
    bus,
    clock,
    approvals: { list: () => ({ approvals: pending }) },
    signer,
    serverUrl: async () => 'http://127.0.0.1:9090',
    log: (m) => logs.push(m),
    env: { PATH: `${bin}:/usr/bin:/bin` },
    sleep: async (ms) => {
      delays.push(ms);
    },
  });
  return {
    dir,
    data,
    bin,
    pending,
    logs,
    delays,
    clock,
    signer,
    notifier,
    add(a: Record<string, unknown>) {
      pending.push(a);
    },
    cleanup: async () => {
      await notifier.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test('off until configured: no file, nothing is sent', async () => {
  const rx = await receiver();
  const f = fixture();
  try {
    f.add(approval('A1'));
    await f.notifier.flush();
    assert.equal(rx.got.length, 0);
    assert.deepEqual(f.logs, []);
  } finally {
    await f.cleanup();
    await rx.close();
  }
});

test('a new approval reaches the desktop and every webhook format, with signed links and secrets redacted', async () => {
  const rx = await receiver();
  const f = fixture();
  try {
    const argsFile = join(f.dir, 'notify-send.args');
    writeFileSync(
      join(f.bin, 'notify-send'),
      `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > '${argsFile}'\n`,
    );
    chmodSync(join(f.bin, 'notify-send'), 0o755);
    writeFileSync(
      join(f.data, 'notify.yaml'),
      `public_url: https://svc.example.net/
desktop: true
webhooks:
  - {type: slack, url: "${rx.url}/slack/T0/B0/secretpath"}
  - {type: discord, url: "${rx.url}/discord/123/secret"}
  - {type: ntfy, url: "${rx.url}/svc-asks", token: tk_test}
  - {type: json, url: "${rx.url}/json"}
`,
    );
    chmodSync(join(f.data, 'notify.yaml'), 0o600);
    f.add(approval('A1', { agent: '@everyone <!channel>' }));
    await f.notifier.flush();

    const by = (p: string) => rx.got.find((g) => g.path === p)!;
    assert.equal(rx.got.length, 4);
    for (const g of rx.got) assert.ok(!JSON.stringify(g.body).includes(SECRET), `secret leaked to ${g.path}`);

    const slack = by('/slack/T0/B0/secretpath').body;
    assert.match(slack.text, /approval needed/);
    const section = slack.blocks[0].text.text as string;
    assert.match(section, /deploy prod --token \[REDACTED/);
    assert.match(section, /&lt;!channel&gt;/, 'a Slack mention in agent text is escaped');
    const [approve, deny] = slack.blocks[1].elements;
    assert.equal(approve.text.text, 'Approve');
    const link = new URL(approve.url);
    assert.equal(link.origin + link.pathname, 'https://svc.example.net/dashboard/resolve.html');
    assert.equal(link.searchParams.get('id'), 'A1');
    assert.equal(link.searchParams.get('approved'), 'true');
    assert.ok(
      f.signer.verify('A1', link.searchParams.get('sig')!, link.searchParams.get('exp')!, f.clock.now()),
      'the link carries a valid signature',
    );
    assert.equal(new URL(deny.url).searchParams.get('approved'), 'false');

    const discord = by('/discord/123/secret').body;
    assert.deepEqual(discord.allowed_mentions, { parse: [] });
    assert.match(
      discord.embeds[0].description,
      /\[Approve\]\(https:\/\/svc\.example\.net\/dashboard\/resolve\.html\?id=A1&sig=/,
    );

    const ntfy = by('/');
    assert.equal(ntfy.body.topic, 'svc-asks');
    assert.equal(ntfy.headers.authorization, 'Bearer tk_test');
    const act = ntfy.body.actions[0];
    assert.equal(act.action, 'http');
    assert.equal(act.method, 'POST');
    assert.equal(act.body, '{"approved":true}');
    assert.match(act.url, /^https:\/\/svc\.example\.net\/v1\/approvals\/A1\/resolve\?sig=[\w-]+&exp=\d+$/);

    const json = by('/json').body;
    assert.equal(json.event, 'approval_requested');
    assert.equal(json.approval_id, 'A1');
    assert.equal(json.reason, 'deploys need a human');

    const args = readFileSync(argsFile, 'utf8').split('\n');
    assert.equal(args[0], '--app-name=svc');
    assert.equal(args[2], 'svc: approval needed (exec)');
    assert.match(
      args.slice(3).join('\n'),
      /wants to run exec: deploy prod --token \[REDACTED[^\n]*\n[\s\S]*svc approve A1/,
    );
    assert.ok(!args.join('\n').includes(SECRET));

    // Announced once: listing it again sends nothing more.
    await f.notifier.flush();
    assert.equal(rx.got.length, 4);
  } finally {
    await f.cleanup();
    await rx.close();
  }
});

test('retries are bounded and back off by doubling; a 4xx is not retried; failures are logged without the secret path', async () => {
  const rx = await receiver((path, n) => (path === '/flaky' ? (n <= 2 ? 503 : 200) : path === '/down' ? 500 : 400));
  const f = fixture(`retries: 2\nretry_backoff: 250ms\nwebhooks:\n  - {type: json, url: "${rx.url}/flaky"}\n`);
  try {
    f.add(approval('R1'));
    await f.notifier.flush();
    assert.equal(rx.got.filter((g) => g.path === '/flaky').length, 3);
    assert.deepEqual(f.delays, [250, 500]);

    writeFileSync(
      join(f.data, 'notify.yaml'),
      `retries: 1\nretry_backoff: 100ms\nwebhooks:\n  - {type: json, url: "${rx.url}/down"}\n  - {type: slack, url: "${rx.url}/bad/SECRETPATH"}\n`,
    );
    f.clock.advance(1000);
    f.add(approval('R2'));
    await f.notifier.flush();
    assert.equal(rx.got.filter((g) => g.path === '/down').length, 2, 'one try and one retry');
    assert.equal(rx.got.filter((g) => g.path === '/bad/SECRETPATH').length, 1, 'a 400 is final');
    assert.ok(
      f.logs.some((l) => /json webhook 127\.0\.0\.1:\d+ failed for approval R2 \(HTTP 500\)/.test(l)),
      f.logs.join('\n'),
    );
    assert.ok(!f.logs.join('\n').includes('SECRETPATH'));
  } finally {
    await f.cleanup();
    await rx.close();
  }
});

test('at most max_per_minute notifications a minute; the rest are held back and said so', async () => {
  const rx = await receiver();
  const f = fixture(`max_per_minute: 2\nwebhooks:\n  - {type: json, url: "${rx.url}/j"}\n`);
  try {
    for (let i = 1; i <= 5; i++) f.add(approval(`C${i}`));
    await f.notifier.flush();
    assert.deepEqual(
      rx.got.map((g) => g.body.approval_id),
      ['C1', 'C2'],
    );
    assert.ok(f.logs.some((l) => /more than 2 asks in a minute; holding back/.test(l)));
    f.clock.advance(61_000);
    f.add(approval('C6'));
    await f.notifier.flush();
    assert.deepEqual(
      rx.got.map((g) => g.body.approval_id),
      ['C1', 'C2', 'C6'],
    );
    assert.ok(f.logs.some((l) => /3 notifications held back/.test(l)));
  } finally {
    await f.cleanup();
    await rx.close();
  }
});

test('a notify.yaml others can read is refused (it holds secrets) and nothing is sent', async () => {
  const rx = await receiver();
  const f = fixture(`webhooks:\n  - {type: json, url: "${rx.url}/j"}\n`, 0o644);
  try {
    f.add(approval('P1'));
    await f.notifier.flush();
    assert.equal(rx.got.length, 0);
    assert.ok(
      f.logs.some((l) => /notify: off: .*readable by others \(mode 644\).*chmod 600/.test(l)),
      f.logs.join('\n'),
    );
  } finally {
    await f.cleanup();
    await rx.close();
  }
});

test('bad configurations are named precisely', () => {
  const bad: Array<[string, RegExp]> = [
    ['webhooks:\n  - {type: teams, url: "https://x"}', /webhooks\[0\]\.type must be one of slack, discord, ntfy, json/],
    ['webhooks:\n  - {type: slack, url: "ftp://x"}', /webhooks\[0\]\.url must start with http/],
    ['webhooks:\n  - {type: ntfy, url: "https://ntfy.sh/"}', /must name the ntfy topic/],
    ['retries: 50', /retries must be a whole number from 0 to 5/],
    ['link_ttl: forever', /link_ttl: invalid duration/],
    ['max_per_minut: 3', /unknown key max_per_minut/],
    ['desktop: yes please', /desktop must be true or false/],
  ];
  for (const [text, re] of bad)
    assert.throws(
      () => parseNotifyConfig(text),
      (e: Error) => e instanceof NotifyConfigError && re.test(e.message),
      text,
    );
  const ok = parseNotifyConfig('');
  assert.equal(ok.desktop, false);
  assert.deepEqual(ok.webhooks, []);
});
