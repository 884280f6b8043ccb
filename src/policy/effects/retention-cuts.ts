// A retention setting cut to (almost) nothing deletes what it governs on the next sweep, whatever
// the vendor: `restic forget --keep-within 1h --prune`, `borg prune --keep-last=1`, `aws rds
// modify-db-instance --backup-retention-period 0`, `kafka-configs --add-config retention.ms=1000`,
// `influx bucket update --retention 1h`, `az sql db ltr-policy set --weekly-retention P0W`, an S3
// lifecycle rule `"Expiration":{"Days":1}`, an Elasticsearch ILM delete phase at `"min_age":"0d"`.
// The option is read by its name (retention, retain, keep-*, expiration, days-to-keep, versions to
// keep ...) and its value as a count or a duration (units from the value, an ISO 8601 period, or
// the option's own name: retention.ms, --retention-in-days). A cut keeps at most one copy or at
// most a day; every retention option the command gives must be such a cut (`--keep-last 1
// --keep-daily 7` keeps a week). What is named for tests, development or scratch, a dry run and a
// look (`describe`, `get`) are not read. Read as
//   `retention-cut TOOL OPTION=VALUE`   (asked by the standard profile)
// Sources: restic forget and borg prune --keep-* options; AWS CLI --backup-retention-period,
// --retention-in-days, --retention-period-hours and S3 lifecycle Expiration/NoncurrentDays; Kafka
// retention.ms/retention.bytes; InfluxDB --retention; Azure --retention-days, --weekly-retention
// (ISO 8601); gcloud --retained-backups-count, --retention-period; Elasticsearch ILM min_age;
// Prometheus --storage.tsdb.retention.time; PowerShell -RetentionDays.
import { basename } from '../shell-wrappers.js';
import type { SimpleCommand } from './walk.js';
import type { Effect } from './types.js';
import { table } from '../../util/lookup-table.js';

/** Option names (lower case, separators dropped) that set how much or how long is kept. */
export const RETENTION_KEY =
  /^(?:\w*retention\w*|retain\w*|frozentimeperiodinsecs|keep(?:last|hourly|daily|weekly|monthly|yearly|within|within\w+|n|count|versions|snapshots|backups)?|expir\w*|deleteafter\w*|daystokeep|versionstokeep|noncurrentdays|maxbackups|maxsnapshots|snapshotlimit|backupcount|maxhistory)$/;
/** Options named like retention that are not about deleting data. */
export const NOT_RETENTION = /^(?:keepalive|expiresin|expireafterseconds|expiry|expires|expiration)$/;

/** Seconds in a unit. */
const UNIT: Record<string, number> = table({
  ns: 1e-9,
  us: 1e-6,
  ms: 0.001,
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  d: 86400,
  day: 86400,
  days: 86400,
  w: 604800,
  week: 604800,
  weeks: 604800,
  y: 31536000,
  year: 31536000,
  years: 31536000,
});

const DAY = 86400;

/** `P0W`, `PT1H`, `P1D` in seconds, or undefined. */
function isoSeconds(v: string): number | undefined {
  const m = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i.exec(v);
  if (!m || v.length < 3) return undefined;
  const n = (i: number) => Number(m[i] ?? 0);
  return n(1) * 31536000 + n(2) * 2592000 + n(3) * 604800 + n(4) * DAY + n(5) * 3600 + n(6) * 60 + n(7);
}

/** The unit an option's own name gives a bare number (retention.ms, --retention-in-days). */
function keyUnit(key: string): number | 'count' | undefined {
  if (/ms$/.test(key)) return 0.001;
  if (/days?$/.test(key)) return DAY;
  if (/hours?$/.test(key)) return 3600;
  if (/(?:minutes?|mins?)$/.test(key)) return 60;
  if (/(?:seconds?|secs?)$/.test(key)) return 1;
  if (
    /^keep(?:last|hourly|daily|weekly|monthly|yearly|n|count|versions|snapshots|backups)$|count|versions|backups|snapshots|history|limit/.test(
      key,
    )
  )
    return 'count';
  if (/^keepwithin/.test(key)) return DAY;
  return undefined;
}

/** Whether `value` of option `key` keeps at most one copy or at most a day; undefined when unreadable. */
export function cutTo(key: string, value: string): boolean | undefined {
  const v = value.trim().replace(/^['"]|['"]$/g, '');
  if (/^-1$|^(?:inf|infinite|forever|unlimited|none)$/i.test(v)) return false;
  const iso = isoSeconds(v);
  if (iso !== undefined) return iso <= DAY;
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]+)?$/i.exec(v);
  if (!m) {
    // restic/borg durations: 1y2m3d4h, and compound ones like 0y0m0d1h
    const parts = [...v.matchAll(/(\d+)([ymwdh])/gi)];
    if (parts.length && parts.map((p) => p[0]).join('') === v)
      return (
        parts.reduce(
          (t, p) => t + Number(p[1]) * (p[2] === 'm' ? 2592000 : (UNIT[p[2]?.toLowerCase() ?? ''] ?? 0)),
          0,
        ) <= DAY
      );
    return undefined;
  }
  const n = Number(m[1]);
  const unit = m[2]?.toLowerCase();
  if (unit !== undefined) {
    const u = UNIT[unit];
    return u === undefined ? undefined : n * u <= DAY;
  }
  if (n === 0) return true;
  const k = keyUnit(key);
  if (k === 'count') return n <= 1;
  return k === undefined ? undefined : n * k <= DAY;
}

/** A word that names test, development or scratch state (`/dev/lambda/test`, `tmp-uploads`). */
const SCRATCH =
  /(?:^|[^a-z0-9])(?:test|tests|testing|dev|devel|local|ci|scratch|sandbox|tmp|temp|demo)(?:[^a-z0-9]|$)/i;
/** A server on this machine. */
const LOOPBACK = /(?:^|[/@=])(?:localhost|127\.0\.0\.1|\[::1\]|host\.docker\.internal)(?::\d+)?(?:[/]|$)/i;
const DRY = /^(?:--dry-?run(?:=.*)?|--check|--what-?if|-WhatIf|--noop|--plan)$/i;
/** Subcommand words that only look. */
const LOOK = /^(?:get|list|ls|describe|show|view|status|inspect|info|help|--help|-h)$/i;

/**
 * A cleanup command's own age bound (`awx-manage cleanup_jobs --days=0`, `sentry cleanup --days 0`,
 * `manage.py cleanup_audit_log --older-than 0`): in a command whose verb purges, `--days N` is how
 * much is kept, so 0 keeps nothing (AWX cleanup_jobs/cleanup_activitystream, Sentry cleanup).
 */
const AGE_KEY = /^(?:days|olderthan|olderthandays|maxage|age|keepdays|before)$/;
/** Verbs (or the tail of a verb: cleanup_jobs, db:prune) of commands that delete what is older than a bound. */
const PURGE_VERB = /(?:^|[_:.-])(?:cleanup|clean|purge|prune|expire|housekeep\w*|trim|gc)(?:$|[_:.-])/i;

/**
 * The delete ages of storage lifecycle rules written as JSON or HCL, as `[key, value]` pairs
 * (`days`, `min_age`, `noncurrentdays`): S3's Days under an Expiration, ILM's min_age of a delete
 * phase, Azure management policies' `"delete": {"daysAfterModificationGreaterThan": 0}` and
 * azurerm's `delete_after_days_since_modification_greater_than = 0`, and Google Cloud Storage's
 * `{"action": {"type": "Delete"}, "condition": {"age": 0}}` (terraform's lifecycle_rule alike).
 * Such a rule deletes every object older than that at the next sweep. A rule limited to a
 * prefix (`tmp/`, `matchesPrefix`) is a scratch area's sweep and is not read.
 * Sources: S3 PutBucketLifecycleConfiguration, Azure Storage lifecycle management policy schema,
 * Cloud Storage Object Lifecycle Management, Elasticsearch ILM delete phase; the terraform
 * aws/azurerm/google providers' resource docs.
 */
export function lifecycleDeletes(text: string): [string, string][] {
  if (/"?(?:Prefix|prefixMatch|matchesPrefix|matches_prefix|prefix_match)"?\s*[:=]\s*\[?\s*"[^"\s]+"/.test(text))
    return [];
  const out: [string, string][] = [];
  for (const m of text.matchAll(
    /"?(\w+)"?\s*:\s*\{[^{}]*?"?(Days|NoncurrentDays|min_age|daysAfter\w*GreaterThan)"?\s*:\s*"?([\w.]+)"?/g,
  )) {
    const parent = (m[1] ?? '').toLowerCase();
    const key = (m[2] ?? '').toLowerCase().replace(/_/g, '');
    if (/expiration$/.test(parent) || parent === 'delete')
      out.push([key.startsWith('daysafter') ? 'days' : key, m[3] ?? '']);
  }
  for (const m of text.matchAll(/\bdelete_after_days_since_\w+?_greater_than\s*=\s*(\d+)/g))
    out.push(['days', m[1] ?? '']);
  if (/"?\btype"?\s*[:=]\s*"Delete"/.test(text))
    for (const m of text.matchAll(/"?\bage"?\s*[:=]\s*(\d+)/g)) out.push(['days', m[1] ?? '']);
  return out;
}

/** The retention settings a command gives: options with values, key=value words, JSON pairs. */
function settings(argv: string[]): [string, string][] {
  const purges = argv.slice(0, 4).some((w) => !w.startsWith('-') && PURGE_VERB.test(basename(w)));
  const isKey = (k: string) => (RETENTION_KEY.test(k) || (purges && AGE_KEY.test(k))) && !NOT_RETENTION.test(k);
  const out: [string, string][] = [];
  // pairs read from a JSON rule are retention by where they sit (under an Expiration or a delete
  // phase), not by their own name (`Days`, `min_age`), so the name filter below passes them
  const nested: [string, string][] = [];
  const norm = (k: string) =>
    k
      .replace(/^-+/, '')
      .toLowerCase()
      .replace(/[-_.:]/g, '');
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w.includes('{')) {
      nested.push(...lifecycleDeletes(w));
      continue;
    }
    const eq = /^(-{0,2}[A-Za-z][\w.:-]*)=(.*)$/.exec(w);
    if (eq) {
      out.push([norm(eq[1] ?? ''), eq[2] ?? '']);
      continue;
    }
    if (/^-{1,2}[A-Za-z][\w.-]*$/.test(w) && argv[i + 1] !== undefined && !(argv[i + 1] ?? '').startsWith('-')) {
      const k = norm(w);
      if (isKey(k)) {
        out.push([k, argv[i + 1] ?? '']);
        i++;
      }
    }
  }
  return [...nested, ...out.filter(([k]) => isKey(k))];
}

/** The line's gate (line-readings.ts): a word of a retention option somewhere in it. */
// Splunk's frozenTimePeriodInSecs: buckets older than it roll to frozen, which deletes them
// unless an archive is set (indexes.conf spec; `splunk edit index NAME -frozenTimePeriodInSecs N`)
export const RETENTION_HINT = /retention|retain|keep|expir|days|min_age|frozenTimePeriod/i;

/** `retention-cut ...` readings of the line's commands (see the top of this file). */
export function retentionCuts(cmds: SimpleCommand[]): Effect[] {
  const out: Effect[] = [];
  for (const c of cmds) {
    const tool = basename(c.argv[0] ?? '');
    if (
      c.argv.length < 3 ||
      !/retention|retain|keep|expir|days|age|history|backups|snapshots|frozenTimePeriod/i.test(c.argv.join(' '))
    )
      continue;
    const words = c.argv.slice(1);
    if (words.some((w) => DRY.test(w)) || words.slice(0, 3).some((w) => LOOK.test(w))) continue;
    if (words.some((w) => !w.startsWith('-') && SCRATCH.test(w))) continue;
    // a server on this machine is the developer's own instance (a local broker, a dev database)
    if (words.some((w) => LOOPBACK.test(w))) continue;
    const found = settings(c.argv);
    if (!found.length) continue;
    const cuts = found.map(([k, v]) => cutTo(k, v));
    if (!cuts.every((x) => x === true)) continue;
    const shown = found.map(([k, v]) => `${k}=${v}`).join(' ');
    out.push({
      tool: 'exec',
      command: `retention-cut ${tool} ${shown}`,
      via: `${tool} sets a retention that keeps at most one copy or one day (${shown}): the next sweep deletes the rest`,
    });
  }
  return out;
}
