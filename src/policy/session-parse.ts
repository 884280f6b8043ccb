// Parsing of the session-aware keys of a policy file (docs/session-rules.md): the `when` keys
// session_after, session_count and session_tainted, and a rule's `taint` field.
import type { Node, Pair } from 'yaml';
import { isMap, isScalar } from '../util/yaml.js';
import { parseDuration } from '../util/duration.js';
import type { Reader } from './parse-reader.js';
import { DEFAULT_TAINT_MS, MAX_HISTORY_MS } from './session-state.js';

export const SESSION_WHEN_KEYS = ['session_after', 'session_count', 'session_tainted'] as const;
/** What one earlier call must look like (every present key must hold). */
export const SESSION_PATTERN_KEYS = ['tool', 'path_matches', 'command_matches', 'domain_matches', 'action'] as const;
export const SESSION_COUNT_KEYS = [...SESSION_PATTERN_KEYS, 'within', 'at_least'] as const;
export const TAINT_KEYS = ['label', 'for'] as const;
/** Most calls a session_count can ask for: a session keeps no more events than this. */
export const SESSION_COUNT_MAX = 64;
/** A label is a word, so it reads the same in a policy, the audit log and `svc policy explain`. */
const LABEL_RE = /^[a-z][a-z0-9_-]{0,31}$/;
const ACTIONS = ['allow', 'deny', 'ask', 'watch'];

export interface SessionPatternAst {
  tool?: string[];
  path_matches?: string[];
  command_matches?: string[];
  domain_matches?: string[];
  action?: string[];
}

export interface SessionCountAst extends SessionPatternAst {
  withinMs: number;
  atLeast: number;
}

export interface TaintAst {
  label: string;
  ttlMs: number;
}

export interface SessionWhenAst {
  session_after?: SessionPatternAst;
  session_count?: SessionCountAst;
  session_tainted?: string[];
}

export function isSessionWhenKey(k: string): k is (typeof SESSION_WHEN_KEYS)[number] {
  return (SESSION_WHEN_KEYS as readonly string[]).includes(k);
}

function duration(r: Reader, pair: Pair, what: string): number | undefined {
  const text = r.str(pair, what);
  if (text === undefined) return undefined;
  try {
    const ms = parseDuration(text);
    if (ms > 0 && ms <= MAX_HISTORY_MS) return ms;
    r.error(pair.value as Node, `${what} must be more than 0 and at most ${MAX_HISTORY_MS / 3_600_000}h`, what);
  } catch {
    r.error(pair.value as Node, `${what} "${text}" is not a duration (write it like 30s, 10m or 1h)`, what);
  }
  return undefined;
}

function pattern(r: Reader, e: Map<string, Pair>, where: string): SessionPatternAst | undefined {
  const p: SessionPatternAst = {};
  let ok = true;
  for (const k of SESSION_PATTERN_KEYS) {
    const pair = e.get(k);
    if (!pair) continue;
    const list = r.strList(pair, `${where}.${k}`);
    if (!list) ok = false;
    else if (!list.values.length) {
      r.error(pair.value as Node, `${where}.${k} is empty`, k);
      ok = false;
    } else p[k] = list.values;
  }
  for (const a of p.action ?? []) {
    if (!ACTIONS.includes(a)) {
      r.error(e.get('action')?.value as Node, `${where}.action "${a}" must be one of ${ACTIONS.join(', ')}`, 'action');
      ok = false;
    }
  }
  return ok ? p : undefined;
}

/** One session key of a `when`, into `out`. */
export function parseSessionWhen(r: Reader, k: string, pair: Pair, line: number, out: SessionWhenAst): void {
  if (k === 'session_tainted') {
    const list = r.strList(pair, k);
    if (!list) return;
    const bad = list.values.find((l) => !LABEL_RE.test(l));
    if (bad !== undefined || !list.values.length)
      r.error(pair.value as Node, `session_tainted needs taint labels (lowercase words such as secret)`, k);
    else out.session_tainted = list.values;
    return;
  }
  const keys = k === 'session_after' ? SESSION_PATTERN_KEYS : SESSION_COUNT_KEYS;
  const e = r.entries(pair.value as Node, keys, k, line);
  if (!e) return;
  if (!SESSION_PATTERN_KEYS.some((x) => e.has(x)))
    r.error(pair.value as Node, `${k} needs at least one of ${SESSION_PATTERN_KEYS.join(', ')}`, k, line);
  const p = pattern(r, e, k);
  if (k === 'session_after') {
    if (p) out.session_after = p;
    return;
  }
  const within = e.get('within');
  const least = e.get('at_least');
  if (!within) r.error(pair.value as Node, 'session_count needs within (a duration such as 10m)', 'within', line);
  if (!least) r.error(pair.value as Node, 'session_count needs at_least (how many calls)', 'at_least', line);
  const withinMs = within ? duration(r, within, 'session_count.within') : undefined;
  let atLeast = least ? r.int(least, 'session_count.at_least') : undefined;
  if (atLeast !== undefined && (atLeast < 1 || atLeast > SESSION_COUNT_MAX)) {
    r.error(least?.value as Node, `session_count.at_least must be from 1 to ${SESSION_COUNT_MAX}`, 'at_least');
    atLeast = undefined;
  }
  if (p && withinMs !== undefined && atLeast !== undefined) out.session_count = { ...p, withinMs, atLeast };
}

/** A rule's `taint: LABEL` or `taint: {label: LABEL, for: DURATION}`. */
export function parseTaint(r: Reader, pair: Pair): TaintAst | undefined {
  const v = pair.value as Node | null;
  let label: string | undefined;
  let ttlMs = DEFAULT_TAINT_MS;
  if (isMap(v)) {
    const e = r.entries(v, TAINT_KEYS, 'taint', r.line(pair.key as Node));
    if (!e) return undefined;
    const l = e.get('label');
    if (!l) r.error(v, 'taint needs a label', 'label');
    else label = r.str(l, 'taint.label');
    const f = e.get('for');
    if (f) {
      const ms = duration(r, f, 'taint.for');
      if (ms === undefined) return undefined;
      ttlMs = ms;
    }
  } else if (isScalar(v)) label = r.str(pair, 'taint');
  else r.error(v ?? pair, 'taint must be a label or {label, for}', 'taint');
  if (label === undefined) return undefined;
  if (!LABEL_RE.test(label)) {
    r.error(v ?? pair, `taint label "${label}" must be a lowercase word (letters, digits, - and _)`, 'taint');
    return undefined;
  }
  return { label, ttlMs };
}
