// A retention cut written into a configuration rather than given on a command line: Terraform's
// `backup_retention_period = 0` (RDS, which also deletes the automated backups), `retention_in_days
// = 1`, an S3 lifecycle rule's `expiration { days = 1 }`, sanoid's `daily = 0`, a Helm values
// file's `retention: 1h`. Nothing is lost when the file is written; everything older is at the next
// apply and sweep. The keys and the cut are those of the command-line reading (retention-cuts.ts);
// sanoid and zfs-auto-snapshot name their keep counts by period alone (hourly, daily ...), so in
// their files those count too. A cut the file already had, and test or development files, are not
// read. Read as
//   `retention-cut config PATH KEY=VALUE`   (asked by retention-cuts)
import type { Effect } from './types.js';
import { cutTo, lifecycleDeletes, NOT_RETENTION, RETENTION_KEY } from './retention-cuts.js';

/** Files of snapshot tools whose keep counts are named by period alone. */
const SNAPSHOT_TOOL_FILE = /(?:^|\/)(?:sanoid|syncoid|zfs-auto-snapshot|zrepl|pyznap)[\w.-]*\.(?:conf|ya?ml|ini)$/i;
const PERIOD_KEY = /^(?:frequently|hourly|daily|weekly|monthly|yearly)$/;
/** Test and development files keep their own short retention. */
const TEST_FILE =
  /(?:^|\/)(?:tests?|spec|fixtures|examples?)\/|(?:^|[/._-])(?:test|dev|development|local|sandbox|ci)(?:[._-][^/]*)?\.(?:tf|tfvars|ya?ml|json|conf|ini|toml)$/i;

/**
 * Kafka's retention of a topic's messages (`retention.ms`, `retention_ms`, the broker's
 * `log.retention.ms|minutes|hours`; Kafka documentation, Topic and Broker Configs). A topic of
 * pings or events declared to keep its messages a day is how streams are sized, not a loss; a
 * topic emptied is one kept for seconds or minutes (`retention.ms: 1000`), under an hour.
 */
const STREAM_KEY = /^(?:log)?retention(?:ms|minutes|hours)$/;
const HOUR_MS = 3_600_000;

/** Whether `value` of a Kafka retention key keeps less than an hour of messages. */
function streamCut(key: string, value: string): boolean {
  const n = Number(value);
  if (!/^\d+$/.test(value)) return cutTo(key, value) === true;
  const ms = key.endsWith('ms') ? n : key.endsWith('minutes') ? n * 60_000 : n * HOUR_MS;
  return n !== -1 && ms < HOUR_MS;
}

/** Keys whose value `text` sets (normalised as `cuts` does). */
function keysSet(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/^\s*["']?([A-Za-z][\w.-]*)["']?\s*[:=]/gm))
    out.add((m[1] ?? '').toLowerCase().replace(/[-_.:]/g, ''));
  return out;
}

/**
 * `KEY = VALUE` and `KEY: VALUE` pairs that set a retention, with lifecycle `expiration { days = N }`
 * blocks. `declared`: Kafka retention keys the file did not set before, read as a topic declared
 * (streamCut) rather than a retention shortened (cutTo's day).
 */
function cuts(path: string, text: string, declared: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  const periods = SNAPSHOT_TOOL_FILE.test(path);
  // snapshot tools keep per period: `hourly = 0` beside `daily = 30` still keeps a month
  const periodCuts: string[] = [];
  let keepsSome = false;
  for (const m of text.matchAll(/^\s*["']?([A-Za-z][\w.-]*)["']?\s*[:=]\s*["']?([\w.]+)["']?\s*,?\s*$/gm)) {
    const key = (m[1] ?? '').toLowerCase().replace(/[-_.:]/g, '');
    const value = m[2] ?? '';
    const shown = `${m[1] ?? ''}=${value}`;
    if (periods && PERIOD_KEY.test(key)) {
      if (cutTo('keepcount', value) === true) periodCuts.push(shown);
      else keepsSome = true;
    } else if (STREAM_KEY.test(key) && declared.has(key)) {
      if (streamCut(key, value)) out.push(shown);
    } else if (RETENTION_KEY.test(key) && !NOT_RETENTION.test(key) && cutTo(key, value) === true) out.push(shown);
  }
  if (!keepsSome) out.push(...periodCuts);
  // storage lifecycle rules in JSON or HCL (S3, Azure management policies, Cloud Storage)
  for (const [k, v] of lifecycleDeletes(text)) if (cutTo(k, v) === true) out.push(`lifecycle-delete.${k}=${v}`);
  // HCL blocks: expiration { days = 1 }, noncurrent_version_expiration { noncurrent_days = 1 }
  for (const m of text.matchAll(/\b(\w*expiration)\s*\{[^{}]*?\b(days|noncurrent_days)\s*=\s*(\d+)/g))
    if (cutTo('days', m[3] ?? '') === true) out.push(`${m[1] ?? ''}.${m[2] ?? ''}=${m[3] ?? ''}`);
  return out;
}

/** The words that gate the reading: most writes name no retention at all. */
const HINT =
  /retention|retain|keep|expir|hourly|daily|weekly|monthly|yearly|"Delete"|daysAfter|delete_after_days|frozenTimePeriod/i;

/** `retention-cut config ...` readings of a write or an edit (see the top of this file). */
export function retentionConfigEffects(path: string, before: string, after: string): Effect[] {
  if (!HINT.test(after) || TEST_FILE.test(path)) return [];
  const had = new Set(cuts(path, before));
  const file = path.replace(/[^\w./~-]/g, '_');
  const beforeKeys = keysSet(before);
  const declared = new Set([...keysSet(after)].filter((k) => STREAM_KEY.test(k) && !beforeKeys.has(k)));
  return cuts(path, after, declared)
    .filter((c) => !had.has(c))
    .map((c) => ({
      tool: 'exec',
      command: `retention-cut config ${file} ${c}`,
      via: `${path} sets ${c}: the next apply or sweep keeps at most one copy or one day and deletes the rest`,
    }));
}
