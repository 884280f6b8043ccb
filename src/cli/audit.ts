// `svc audit verify | tail | stats`: check the hash chain, follow decisions live, summarise.
// verify and stats read the files directly (no server needed); tail follows the newest audit
// file on disk, or the running server's SSE stream with --url.
import { join, resolve } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import { parse, UsageError, type Command } from './args.js';
import { defaultDataDir } from '../util/datadir.js';
import { systemClock } from '../util/clock.js';
import { verifyChain, type VerifyResult } from '../audit/verify.js';
import { anchorKeyPath, anchorPath, readAnchorKey } from '../audit/anchor.js';
import { checkAgainstSink } from '../audit/sink-check.js';
import { AuditReader, AuditQueryError } from '../audit/reader.js';
import { followDisk, followSse, formatEvent, lastEvents, type Printer } from '../audit/follow.js';
import { serviceToken, serviceUrl } from './client.js';
import { table } from '../util/lookup-table.js';

const COMMON = `Options for every subcommand:
  --data-dir DIR    the data directory (default $SERVICE_HOME, else ~/.svc)
  --audit-dir DIR   the audit files (default <data-dir>/audit)`;

const HELP: Record<string, string> = table({
  verify: `usage: svc audit verify [--audit-dir DIR] [--data-dir DIR] [--against-sink FILE] [--json]

Re-computes every event's hash (sha256 over prev_hash + the RFC 8785 canonical event) and checks
that each event links to the one before it, across every file, day and rotation part, and that
the anchor (<data-dir>/audit-anchor.json) still matches the log. Breaks recorded by
"svc serve --audit-start-new-chain" are accepted and listed. An unfinished last line (a crash in
mid-write, never acknowledged) is reported; the server cuts it when it next starts.
Anchors are signed with <data-dir>/audit-anchor.key: when the key is readable, an anchor that is
unsigned or whose signature does not verify is an error, and so is a log of 100 or more events
without an anchor. Events cut after the last anchor need an off-box copy to be found:
--against-sink compares the log with what a sink received.
Exit 0 when the chain is intact; 1 naming the first bad file and line and what is wrong.
  --against-sink FILE  a sink's copy (e.g. the file syslog writes the --syslog messages to): every
                    event and anchor in it must be in the log with the same hash
  --json            print the result as JSON
${COMMON}`,
  tail: `usage: svc audit tail [--audit-dir DIR] [--data-dir DIR] [-n N] [--no-follow] [--json] [--url URL]

Prints the last N audit events (default 10), then follows new ones as they are written, by
watching the newest audit file on disk (no server or token needed). Secrets are redacted.
Colour when stdout is a terminal (NO_COLOR turns it off).
  -n, --lines N     how many recent events to print first (default 10, 0 for none)
  --no-follow       print the recent events and exit
  --json            one redacted JSON event per line
  --url URL         follow the running server's live stream (GET /v1/events/stream) instead of
                    the files; the token is SERVICE_TOKEN, else <data-dir>/token. "--url ''"
                    uses SERVICE_URL (default http://127.0.0.1:9090)
${COMMON}`,
  stats: `usage: svc audit stats [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--audit-dir DIR] [--data-dir DIR] [--json]

Counts the events of a range of UTC days (each end defaults to today, at most 366 days) by
decision, tool, agent and session, reading the files directly.
  --json            print the counts as JSON (the shape of GET /v1/audit/stats)
${COMMON}`,
});

const GENERAL = `usage: svc audit <verify|tail|stats> [options]

  verify   check the hash chain of every audit file; exit 1 naming the first bad file and line
  tail     print recent decisions and follow new ones live
  stats    count events by decision, tool, agent and session over a range of days

Run 'svc audit SUBCOMMAND --help' for its options.`;

function dirs(values: Record<string, unknown>): { dataDir: string; auditDir: string } {
  const dataDir = values['data-dir'] ? resolve(String(values['data-dir'])) : defaultDataDir();
  const auditDir = values['audit-dir'] ? resolve(String(values['audit-dir'])) : join(dataDir, 'audit');
  return { dataDir, auditDir };
}

const dirOptions = { 'audit-dir': { type: 'string' }, 'data-dir': { type: 'string' } } as const;

async function verify(argv: string[]): Promise<number> {
  const { values } = parse(
    argv,
    { ...dirOptions, json: { type: 'boolean' }, 'against-sink': { type: 'string' } },
    false,
  );
  const { dataDir, auditDir } = dirs(values);
  if (!existsSync(auditDir) || !statSync(auditDir).isDirectory()) {
    process.stderr.write(`svc audit verify: no audit directory at ${auditDir} (use --audit-dir)\n`);
    return 1;
  }
  const sinkFile = values['against-sink'] as string | undefined;
  if (sinkFile !== undefined && !existsSync(sinkFile))
    throw new UsageError(`--against-sink: no file at ${resolve(sinkFile)}`);
  const anchorKey = readAnchorKey(dataDir);
  const r = await verifyChain(auditDir, { anchorPath: anchorPath(dataDir), anchorKey, requireAnchor: true });
  const sink = sinkFile !== undefined ? await checkAgainstSink(auditDir, resolve(sinkFile)) : null;
  if (values.json) {
    process.stdout.write(
      JSON.stringify(
        {
          ...summary(r, auditDir),
          anchor_key: anchorKey ? 'checked' : 'unreadable',
          ...(sink ? { sink } : {}),
          ok: r.ok && (sink?.ok ?? true),
        },
        null,
        2,
      ) + '\n',
    );
  } else {
    process.stdout.write(describe(r, auditDir));
    if (!anchorKey)
      process.stdout.write(
        `  warning: ${anchorKeyPath(dataDir)} is not readable, so anchor signatures were not checked\n`,
      );
    if (sink?.ok && sink.newest)
      process.stdout.write(
        `  sink copy: all ${sink.entries} events and anchors in ${sinkFile} are in the log (newest ${sink.newest.id})\n`,
      );
    else if (sink) process.stdout.write(`audit log TRUNCATED or altered (against ${sinkFile}): ${sink.problem}\n`);
  }
  return r.ok && (sink?.ok ?? true) ? 0 : 1;
}

function summary(r: VerifyResult, dir: string) {
  return {
    ok: r.ok,
    dir,
    files: r.files,
    events: r.events,
    skipped: r.skipped,
    problem: r.problem,
    anchor:
      r.anchor.status === 'mismatch' || r.anchor.status === 'missing'
        ? { status: r.anchor.status, problem: r.anchor.problem }
        : { status: r.anchor.status },
    breaks: r.breaks,
    torn_tail: r.tornTail && {
      file: r.tornTail.file.name,
      line: r.tornTail.line,
      bytes: r.tornTail.bytes,
      reason: r.tornTail.reason,
    },
    last: r.tail && { id: r.tail.id, hash: r.tail.hash, file: r.tail.file.name, line: r.tail.line },
  };
}

function describe(r: VerifyResult, dir: string): string {
  const out: string[] = [];
  if (r.problem)
    out.push(`audit chain BROKEN: ${join(dir, r.problem.file)} line ${r.problem.line}: ${r.problem.problem}`);
  if (r.anchor.status === 'mismatch') {
    out.push(
      `audit anchor MISMATCH: ${join(dir, r.anchor.problem.file)} line ${r.anchor.problem.line}: ${r.anchor.problem.problem}`,
    );
  }
  if (r.anchor.status === 'missing') out.push(`audit anchor MISSING: ${r.anchor.problem}`);
  if (r.ok) {
    const skipped = r.skipped
      ? `, ${r.skipped} unverifiable line${r.skipped === 1 ? '' : 's'} inside recorded breaks`
      : '';
    out.push(`audit chain intact: ${r.events} events in ${r.files} file${r.files === 1 ? '' : 's'} (${dir})${skipped}`);
    if (r.tail) out.push(`  last event ${r.tail.id} at ${r.tail.file.name}:${r.tail.line}, hash ${r.tail.hash}`);
  } else {
    out.push(`  ${r.events} events verified in ${r.files} file${r.files === 1 ? '' : 's'} before stopping`);
  }
  if (r.anchor.status === 'ok')
    out.push(
      `  anchor: matches ${r.anchor.anchor.file}:${r.anchor.anchor.line} (event count ${r.anchor.anchor.count}${r.anchor.signed ? ', signature verified' : ''})`,
    );
  else if (r.anchor.status === 'none') out.push('  anchor: none yet (one is written every 100 events)');
  else if (r.anchor.status === 'other-dir') out.push(`  anchor: belongs to ${r.anchor.anchor.dir}, not checked`);
  for (const b of r.breaks) {
    const ack = b.acknowledges
      ? `${b.acknowledges.file}:${b.acknowledges.line}: ${b.acknowledges.problem}`
      : 'no problem named';
    out.push(`  recorded break: a new chain segment starts at ${b.file}:${b.line} (acknowledges ${ack})`);
  }
  if (r.tornTail) {
    out.push(
      `  warning: ${r.tornTail.file.name}:${r.tornTail.line} is an unfinished last line (${r.tornTail.bytes} bytes, never acknowledged); svc serve cuts it on start`,
    );
  }
  return out.join('\n') + '\n';
}

async function stats(argv: string[]): Promise<number> {
  const { values } = parse(
    argv,
    { ...dirOptions, from: { type: 'string' }, to: { type: 'string' }, json: { type: 'boolean' } },
    false,
  );
  const { auditDir } = dirs(values);
  let s;
  try {
    s = await new AuditReader(auditDir, systemClock).stats(
      values.from as string | undefined,
      values.to as string | undefined,
    );
  } catch (err) {
    if (err instanceof AuditQueryError) throw new UsageError(err.message);
    throw err;
  }
  if (values.json) {
    process.stdout.write(JSON.stringify(s, null, 2) + '\n');
    return 0;
  }
  const lines = [`${s.total_events} events`];
  for (const [title, m] of [
    ['decision', s.by_action],
    ['tool', s.by_tool],
    ['agent', s.by_agent],
    ['session', s.by_session],
  ] as const) {
    const rows = Object.entries(m).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    if (!rows.length) continue;
    lines.push('', `by ${title}:`);
    const w = Math.max(...rows.map(([, n]) => String(n).length));
    for (const [k, n] of rows) lines.push(`  ${String(n).padStart(w)}  ${k || '(none)'}`);
  }
  process.stdout.write(lines.join('\n') + '\n');
  return 0;
}

async function tail(argv: string[]): Promise<number> {
  const { values } = parse(
    argv,
    {
      ...dirOptions,
      lines: { type: 'string', short: 'n' },
      'no-follow': { type: 'boolean' },
      json: { type: 'boolean' },
      url: { type: 'string' },
    },
    false,
  );
  const n = values.lines === undefined ? 10 : Number(values.lines);
  if (!Number.isInteger(n) || n < 0 || n > 10_000)
    throw new UsageError(`invalid --lines "${values.lines}": a whole number from 0 to 10000`);
  const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
  const print: Printer = (ev) =>
    process.stdout.write((values.json ? JSON.stringify(ev) : formatEvent(ev, color)) + '\n');
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    if (values.url !== undefined) {
      const base = (String(values.url) || serviceUrl()).replace(/\/+$/, '');
      const token = serviceToken();
      if (!token) throw new Error('no token: set SERVICE_TOKEN or create <data-dir>/token (svc serve does)');
      return await followSse(base, token, print, stop.signal, (m) => process.stderr.write(`svc audit tail: ${m}\n`));
    }
    const { auditDir } = dirs(values);
    const reader = new AuditReader(auditDir, systemClock);
    const start = await lastEvents(reader.dir, n, print);
    if (values['no-follow']) return 0;
    await followDisk(auditDir, start, print, stop.signal);
    return 0;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

const SUBCOMMANDS: Record<string, (argv: string[]) => Promise<number>> = table({ verify, tail, stats });

export default {
  // main.ts prints `help` for any --help; pick the subcommand's text when one is named.
  get help(): string {
    const sub = process.argv.slice(2).find((a, i, all) => all[i - 1] === 'audit');
    return (sub && HELP[sub]) || GENERAL;
  },
  async run(argv) {
    const [sub, ...rest] = argv;
    if (!sub) throw new UsageError('missing subcommand: verify, tail or stats');
    const fn = SUBCOMMANDS[sub];
    if (!fn) throw new UsageError(`unknown subcommand "${sub}": use verify, tail or stats`);
    return fn(rest);
  },
} satisfies Command;
