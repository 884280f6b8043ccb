// `svc serve`: the policy server (docs/cli.md).
import { join, resolve } from 'node:path';
import { parse, UsageError, type Command } from './args.js';
import { parseDuration } from '../util/duration.js';
import { defaultDataDir, ensureDataDir, lockDataDir } from '../util/datadir.js';
import type { RunningServer, ServeOptions } from '../../server/start.js';
import { table } from '../util/lookup-table.js';

const help = `usage: svc serve [options]

Runs the policy server: HTTP API, dashboard, preload socket and audit log.

options:
  --host ADDR                listen address (default 127.0.0.1)
  --port N                   port, 0 picks a free one (default 9090)
  --data-dir DIR             all state (default $SERVICE_HOME, else ~/.svc)
  --config PATH|PROFILE      the base: policy file or directory, or standard|strict|permissive|ci
                             (default standard); every <data-dir>/policies/*.yaml layers on it,
                             deny wins across layers (docs/policy-layers.md)
  --replace-base             the files in <data-dir>/policies/ are the whole set, the base is not
                             loaded (also "replace_base": true in <data-dir>/config.json)
  --shadow DIR               a candidate for <data-dir>/policies/: decided beside the live set on
                             every call, never enforced; differences are recorded, streamed and
                             counted, and "svc policy promote" makes it live (also "shadow": "DIR"
                             in <data-dir>/config.json; docs/shadow-and-replay.md)
  --no-project-policy        ignore projects' own .svc/policy.yaml layers (on by default; also
                             "project_policy": false in <data-dir>/config.json; docs/project-policy.md)
  --mode enforce|monitor     monitor = audit-only, nothing is blocked (default enforce)
  --approval-timeout D       how long an approval waits, and a run grant lives (default 2m)
  --metrics                  serve GET /metrics (admin token required)
  --socket PATH              Unix socket for the preload library (default <data-dir>/svc.sock)
  --audit-dir DIR            audit JSONL files (default <data-dir>/audit; "" turns auditing off)
  --audit-max-size SIZE      rotate an audit file past this size (default 100MiB)
  --audit-start-new-chain    start a new hash-chain segment when the old chain does not verify
  --syslog ADDR              also send audit events to syslog: udp://h:p, tcp://h:p, unix:///dev/log
  --cef                      write audit events as CEF lines (the syslog message with --syslog, else stderr)
  --audit-webhook URL        also POST audit events (batched JSON) to URL
  --preload-durable          answer preload-socket allows only after their audit event is fsynced,
                             and never from the reply cache. Without it (the default, for speed)
                             an allow on the preload socket is answered first and its audit event
                             is written and fsynced a few ms later: allows answered in the last
                             few ms before a crash, kill -9 or power loss may be missing from the
                             log (the next start records that the stop was unclean). Denies, asks
                             and every HTTP decision always wait for the fsync; when the audit
                             disk fails, preload allows wait too (and are refused) until it works
                             (docs/preload-durability.md)

When ready it prints one line "listening on http://HOST:PORT" to stdout; logs go to stderr.`;

const SIZE_UNITS: Record<string, number> = table({
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1 << 20,
  mb: 1 << 20,
  mib: 1 << 20,
  g: 1 << 30,
  gb: 1 << 30,
  gib: 1 << 30,
});

export function parseSize(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  const unit = m ? SIZE_UNITS[(m[2] ?? '').toLowerCase()] : undefined;
  if (!m || unit === undefined || Number(m[1]) <= 0)
    throw new UsageError(`invalid size "${text}": use a number like 100MiB, 512k or 1048576`);
  return Math.floor(Number(m[1]) * unit);
}

export function parseServeArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ServeOptions {
  const { values, positionals } = parse(argv, {
    host: { type: 'string' },
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    config: { type: 'string' },
    mode: { type: 'string' },
    'approval-timeout': { type: 'string' },
    metrics: { type: 'boolean' },
    socket: { type: 'string' },
    'audit-dir': { type: 'string' },
    'audit-max-size': { type: 'string' },
    'audit-start-new-chain': { type: 'boolean' },
    syslog: { type: 'string' },
    cef: { type: 'boolean' },
    'audit-webhook': { type: 'string' },
    'preload-durable': { type: 'boolean' },
    'replace-base': { type: 'boolean' },
    'no-project-policy': { type: 'boolean' },
    shadow: { type: 'string' },
  });
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const v = values as Record<string, string | boolean | undefined>;
  const port = Number(v.port ?? '9090');
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`invalid --port "${v.port}": use 0-65535`);
  const mode = (v.mode as string | undefined) ?? 'enforce';
  if (mode !== 'enforce' && mode !== 'monitor')
    throw new UsageError(`invalid --mode "${mode}": use enforce or monitor`);
  let approvalTimeoutMs = 120_000;
  if (v['approval-timeout'] !== undefined) {
    try {
      approvalTimeoutMs = parseDuration(v['approval-timeout'] as string);
    } catch (err) {
      throw new UsageError((err as Error).message, { cause: err });
    }
    if (approvalTimeoutMs <= 0) throw new UsageError('--approval-timeout must be positive');
  }
  const dataDir = resolve((v['data-dir'] as string | undefined) ?? defaultDataDir(env));
  const auditDirRaw = v['audit-dir'] as string | undefined;
  return {
    host: (v.host as string | undefined) ?? '127.0.0.1',
    port,
    dataDir,
    config: v.config as string | undefined,
    mode,
    approvalTimeoutMs,
    metrics: v.metrics === true,
    socketPath: resolve((v.socket as string | undefined) ?? join(dataDir, 'svc.sock')),
    auditDir: auditDirRaw === '' ? null : resolve(auditDirRaw ?? join(dataDir, 'audit')),
    auditMaxSizeBytes: v['audit-max-size'] ? parseSize(v['audit-max-size'] as string) : 100 * (1 << 20),
    auditStartNewChain: v['audit-start-new-chain'] === true,
    syslog: v.syslog as string | undefined,
    cef: v.cef === true,
    auditWebhook: v['audit-webhook'] as string | undefined,
    preloadDurable: v['preload-durable'] === true,
    ...(v['replace-base'] === true ? { replaceBase: true } : {}),
    ...(v['no-project-policy'] === true ? { projectPolicy: false } : {}),
    ...(typeof v.shadow === 'string' ? { shadow: shadowDir(v.shadow) } : {}),
  };
}

const serve: Command = {
  help,
  async run(argv) {
    const opts = parseServeArgs(argv);
    // Handlers go in before anything is announced: a signal that arrives right after the
    // "listening on" line (or during start-up) must still shut down cleanly with exit 0.
    let server: RunningServer | undefined;
    let stopping = false;
    const stop = (sig: string) => {
      if (stopping) return;
      stopping = true;
      process.stderr.write(`svc: ${sig} received, shutting down\n`);
      if (!server) return; // start-up finishes, then closes below
      server.close().then(
        () => process.exit(0),
        (err) => {
          process.stderr.write(`svc: shutdown failed: ${(err as Error).message}\n`);
          process.exit(1);
        },
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
    // The data dir is locked (and the lock names this process) before the server's modules load:
    // from here on the preload library sees a server starting and waits for its socket instead of
    // failing open, so a restart's window shrinks to Node's own boot.
    const lock = lockDataDir(ensureDataDir(opts.dataDir));
    let startServer: typeof import('../../server/start.js').startServer;
    try {
      ({ startServer } = await import('../../server/start.js'));
    } catch (err) {
      lock.release();
      throw err;
    }
    server = await startServer({ ...opts, lock });
    if (stopping) {
      await server.close();
      return 0;
    }
    process.stdout.write(`listening on ${server.url}\n`);
    return new Promise<number>(() => {
      /* runs until a signal */
    });
  },
};

export default serve;

function shadowDir(v: string): string {
  if (!v.trim()) throw new UsageError('--shadow needs a directory of policy files');
  return resolve(v);
}
