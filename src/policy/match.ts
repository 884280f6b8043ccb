// Request-side matching of one rule against one call (docs/policy.md).
// Action-aware: deny/ask ("restrictive") fire when ANY reading matches; allow/watch/webhook
// ("granting") need EVERY executed part covered. With a trace array, every group is evaluated
// and explained (for `explain`); without one, the first failing group ends the check.
import type { Decision, ToolCall } from './types.js';
import type { CommandAnalysis } from './shell.js';
import type { CompiledPolicy, CompiledWhen, PathGlob } from './compile.js';
import type { PatternList } from './word-index.js';
import type { Glob } from './glob.js';
import { normalizeDomain } from './glob.js';
import { paramText } from './accessors.js';
import { sessionGroups } from './session-match.js';
import { anyDomainMatches } from './domain-index.js';
import type { SessionLookup } from './session-types.js';
import type { AnswerTable } from './shadow-cache.js';

export interface GroupTrace {
  key: string;
  /** The group passed. */
  ok: boolean;
  /** A positive group (vs. an exclusion). */
  positive: boolean;
  /** For a failed check: a positive pattern did match, but an exclusion or coverage rule undid it. */
  near?: boolean;
  detail: string;
}

/** A command's readings plus what matching needs, cached per distinct command string. */
export interface CommandReadings {
  analysis: CommandAnalysis;
  /** Ids of the index patterns its words and fragments mark (fragment-index.ts), once first marked. */
  marks: number[] | null;
  /** The same for the set's own index (compile.ts ownIndex), once first marked. */
  ownMarks: number[] | null;
  /** Candidates lower-cased (for command_contains), built on first use. */
  lower: string[] | null;
  rawSlashed: string;
  /** Characters held (for the cache's budget). */
  size: number;
  /**
   * Per rule id, the command-side result (command and env-assignment groups together), which
   * depends on the command alone: bit sets (unknownResults). One per reading mode.
   */
  own: number[] | null;
  granting: number[] | null;
  /** The decision the rules of one scope (decidedIn) reached for this command (decision-memo.ts). */
  decided: Decision | null;
  decidedIn: number;
}

export interface CallView {
  call: ToolCall;
  cmd?: CommandReadings;
  /** Path readings (lexical, resolved, relative) and each one relative to the workdir. */
  paths?: string[];
  pathsRel?: (string | undefined)[];
  url?: string;
  domain?: string;
  /** Calls of `tool` within the window, including this one when it was recorded. */
  count(tool: string, windowMs: number): number;
  /**
   * Marks the command's words in the word index (`own`: the set's own index, where the rule
   * being checked has its patterns: CompiledWhen.own); called before the first uncached command check.
   */
  markCommand(own?: boolean): void;
  /** What the session did before (absent on a dry run without session state). */
  session?: SessionLookup;
  /** False for a policy none of whose rules can match this call (policy-gate.ts); absent: all may. */
  mayFire?: (p: CompiledPolicy) => boolean;
  /** Rule matches shared with another engine deciding the same call (shadow-cache.ts MatchLog). */
  matches?: SharedMatches;
}

/** Policy ids (shared by content) and, per id, the index of the rule that matched or -1. */
export interface SharedMatches {
  ids: Map<CompiledPolicy, number>;
  results: AnswerTable;
  /** Recording the answers (the first engine), or reusing them (the second). */
  record: boolean;
}

function q(s: string): string {
  return JSON.stringify(s.length > 80 ? s.slice(0, 77) + '...' : s);
}

function lowerOf(r: CommandReadings): string[] {
  return (r.lower ??= r.analysis.candidates.map((c) => c.toLowerCase()));
}

// ------------------------------------------------------------------ command group

/**
 * A whole-command reading that joins commands (`a | b`, `a && b`): only patterns that may span
 * commands are tried on it (PatternList.spanning). Others (`dig $(whoami).x` of `c=dig; $c
 * $(whoami).x`) are one command's text.
 */
function joined(c: string): boolean {
  if (!c.includes(' | ') && !c.includes(' && ')) return false;
  // a pipe inside a substitution (`crictl exec $(crictl ps -q | head -1) sh`) joins nothing
  let depth = 0;
  let tick = false;
  for (let i = 0; i < c.length; i++) {
    const ch = c.charCodeAt(i);
    if (ch === 96)
      tick = !tick; // `
    else if (ch === 40)
      depth += depth > 0 || c.charCodeAt(i - 1) === 36 ? 1 : 0; // ( after $
    else if (ch === 41 && depth > 0) depth--;
    else if (ch === 32 && depth === 0 && !tick && (c.startsWith(' | ', i) || c.startsWith(' && ', i))) return true;
  }
  return false;
}

/**
 * joined() per whole-command reading of a command, kept with its readings: every restrictive
 * rule asks it again, and on a 2 MiB line each ask was a scan of the whole line.
 */
const joinedMemo = new WeakMap<CommandReadings, Map<number, boolean>>();

function joinedAt(r: CommandReadings, i: number, c: string): boolean {
  let m = joinedMemo.get(r);
  if (!m) joinedMemo.set(r, (m = new Map()));
  let j = m.get(i);
  if (j === undefined) m.set(i, (j = joined(c)));
  return j;
}

function restrictiveCommand(w: CompiledWhen, r: CommandReadings, trace?: GroupTrace[]): boolean {
  const { candidates, units } = r.analysis;
  const cmd = w.command && w.command.maybe() ? w.command : undefined;
  const contains = w.contains && w.contains.maybe() ? w.contains : undefined;
  const excl = w.commandNot;
  let nearDetail = '';
  if (cmd || contains) {
    const lower = contains ? lowerOf(r) : null;
    let excluded: Map<number, boolean> | null = null;
    // A hit on a whole-command reading counts only when no executed part matched by itself:
    // then exclusions cannot be attributed and are ignored (fail closed).
    let wholeHit = -1;
    let partHit = false;
    for (let i = 0; i < candidates.length; i++) {
      const c = candidates[i] ?? '';
      const u = units[i] ?? -1;
      const ck = cmd ? cmd.find(c, u !== -1, u === -1 && joinedAt(r, i, c)) : -1;
      const nk = ck < 0 && contains && lower ? contains.find(lower[i] ?? '', true) : -1;
      if (ck < 0 && nk < 0) continue;
      if (u === -1) {
        if (wholeHit < 0) wholeHit = i;
        continue;
      }
      const hit = () =>
        ck >= 0
          ? `command_matches ${q(cmd?.globs[ck]?.source ?? '')} matched ${q(c)}`
          : `command_contains ${q(contains?.needles[nk] ?? '')} found in ${q(c)}`;
      partHit = true;
      if (!excl) {
        trace?.push({ key: 'command', ok: true, positive: true, detail: hit() });
        return true;
      }
      excluded ??= new Map();
      let ex = excluded.get(u);
      if (ex === undefined) {
        // A unit (one executed thing) is excluded when any of its spellings is.
        let j = 0;
        for (; j < candidates.length; j++) if (units[j] === u && excl.any(candidates[j] ?? '')) break;
        ex = j < candidates.length;
        excluded.set(u, ex);
        if (ex && trace && !nearDetail) {
          const cj = candidates[j] ?? '';
          nearDetail = `${hit()}, but command_not_matches ${q(excl.globs[excl.find(cj)]?.source ?? '')} excluded ${q(cj)}`;
        }
      }
      if (!ex) {
        trace?.push({ key: 'command', ok: true, positive: true, detail: hit() });
        return true;
      }
    }
    if (wholeHit >= 0 && !partHit) {
      if (trace) {
        const c = candidates[wholeHit] ?? '';
        const g = cmd ? cmd.globs[cmd.find(c, false, joined(c))] : undefined;
        const what = g ? `command_matches ${q(g.source)}` : 'command_contains';
        trace.push({
          key: 'command',
          ok: true,
          positive: true,
          detail: `${what} matched the whole command ${q(c)}${excl ? ' (exclusions cannot apply to a whole-command reading)' : ''}`,
        });
      }
      return true;
    }
  }
  trace?.push({
    key: 'command',
    ok: false,
    positive: true,
    near: !!nearDetail,
    detail: nearDetail || 'no reading of the command matched command_matches/command_contains',
  });
  return false;
}

function coveredBy(s: string, cmd: PatternList | undefined, w: CompiledWhen): number {
  if (cmd) {
    const k = cmd.find(s);
    if (k >= 0) return k;
  }
  if (w.contains && w.contains.find(s, false) >= 0) return -2;
  return -1;
}

function coveredPart(a: CommandAnalysis, i: number, cmd: PatternList | undefined, w: CompiledWhen): boolean {
  const c = a.components[i];
  if (c !== undefined && coveredBy(c, cmd, w) !== -1) return true;
  const e = a.componentsExpanded[i];
  return !!e && coveredBy(e, cmd, w) !== -1;
}

function grantingCommand(w: CompiledWhen, r: CommandReadings, trace?: GroupTrace[]): boolean {
  const a = r.analysis;
  const cmd = w.command;
  if (!(cmd?.maybe() || w.contains?.maybe())) {
    trace?.push({
      key: 'command',
      ok: false,
      positive: true,
      detail: `${q(a.normalized)} is not covered by command_matches/command_contains`,
    });
    return false;
  }
  let ok = false;
  let detail = '';
  let near = false;
  const n = a.components.length;
  if (!a.composite) {
    ok = n > 0 && coveredPart(a, 0, cmd, w);
    if (trace)
      detail = ok
        ? `${q(a.components[0] ?? '')} is covered`
        : `${q(a.normalized)} is not covered by command_matches/command_contains`;
  } else {
    const compound = w.commandCompound;
    if (cmd && compound?.some(Boolean)) {
      for (let t = 0; t < 2 && !ok; t++) {
        const s = t === 0 ? r.rawSlashed : a.normalized;
        const k = cmd.find(s);
        if (k >= 0 && compound?.[k]) {
          ok = true;
          if (trace) detail = `compound pattern ${q(cmd.globs[k]?.source ?? '')} approves ${q(s)} as a whole`;
        }
      }
    }
    if (!ok) {
      let covered = 0;
      for (let i = 0; i < n; i++) {
        if (coveredPart(a, i, cmd, w)) covered++;
        else if (!trace) break;
      }
      ok = n > 0 && covered === n;
      near = !ok && covered > 0;
      if (trace) {
        const uncovered = a.components.filter((_, i) => !coveredPart(a, i, cmd, w));
        detail = ok
          ? `every executed part (${n}) is covered`
          : `not every executed part is covered: ${uncovered.map(q).join(', ')}`;
      }
    }
  }
  if (ok && w.commandNot) {
    const not = w.commandNot;
    const total = 2 + n * 2;
    for (let t = 0; t < total; t++) {
      const s =
        t === 0
          ? r.rawSlashed
          : t === 1
            ? a.normalized
            : t < 2 + n
              ? a.components[t - 2]
              : a.componentsExpanded[t - 2 - n];
      if (!s) continue;
      const k = not.find(s);
      if (k >= 0) {
        trace?.push({
          key: 'command',
          ok: false,
          positive: true,
          near: true,
          detail: `${detail}, but command_not_matches ${q(not.globs[k]?.source ?? '')} matched ${q(s)}`,
        });
        return false;
      }
    }
  }
  trace?.push({ key: 'command', ok, positive: true, near, detail });
  return ok;
}

function envGroup(env: Glob[], w: CompiledWhen, r: CommandReadings, trace?: GroupTrace[]): boolean {
  const names = r.analysis.envAssignments;
  let hit = '';
  for (const n of names) {
    const g = env.find((x) => x.test(n));
    if (g) {
      hit = `assigns ${n} (command_env_assignments ${q(g.source)})`;
      break;
    }
  }
  if (hit && w.commandNot) {
    for (const s of [r.rawSlashed, r.analysis.normalized]) {
      if (w.commandNot.any(s)) {
        trace?.push({
          key: 'command_env_assignments',
          ok: false,
          positive: true,
          near: true,
          detail: `${hit}, but command_not_matches matched ${q(s)}`,
        });
        return false;
      }
    }
  }
  trace?.push({
    key: 'command_env_assignments',
    ok: !!hit,
    positive: true,
    detail: hit || (names.length ? `assigns ${names.join(', ')}, none listed` : 'assigns no environment variables'),
  });
  return !!hit;
}

/** command_dynamic: whether what the command runs can be known statically (see shell.ts). */
function dynamicGroup(want: boolean | Set<string>, r: CommandReadings, trace?: GroupTrace[]): boolean {
  const dyn = r.analysis.dynamic;
  let ok: boolean;
  let detail: string;
  if (want === false) {
    ok = dyn.length === 0;
    detail = ok ? 'every program the command runs is known' : `dynamic: ${dyn[0]?.reason ?? ''}`;
  } else {
    const hit = want === true ? dyn[0] : dyn.find((d) => want.has(d.kind));
    ok = !!hit;
    detail = hit
      ? `dynamic (${hit.kind}): ${hit.reason}`
      : dyn.length
        ? `dynamic, but not of the listed kinds (${dyn.map((d) => d.kind).join(', ')})`
        : 'every program the command runs is known';
  }
  trace?.push({ key: 'command_dynamic', ok, positive: true, detail });
  return ok;
}

// ------------------------------------------------------------------ path group

function pathMatches(
  list: PathGlob[],
  indexed: PatternList | undefined,
  s: string,
  rel: string | undefined,
): PathGlob | undefined {
  for (let k = 0; k < list.length; k++) {
    const g = list[k];
    if (!g) continue;
    // Words of the relative reading are words of the absolute one, so the marks cover both.
    if (indexed && !indexed.index.marked(indexed.ids[k] ?? -1)) continue;
    if (g.glob.test(s) || (g.relative && rel !== undefined && g.glob.test(rel))) return g;
  }
  return undefined;
}

function pathGroup(
  list: PathGlob[],
  w: CompiledWhen,
  paths: string[],
  v: CallView,
  restrictive: boolean,
  trace?: GroupTrace[],
): boolean {
  const rels = v.pathsRel ?? [];
  // Deciding (no trace to write), a reading of the path that settles the group ends it: the first
  // match of a restrictive rule (any reading matching is enough), the first miss of a granting one
  // (every reading must match), and likewise for path_not_matches. The answer is the same; the
  // other readings are simply not tried.
  if (!trace) return pathAnswer(list, w, paths, rels, restrictive);
  const hits = paths.map((p, i) => pathMatches(list, w.pathIndexed, p, rels[i]));
  const positive = restrictive ? hits.some(Boolean) : hits.every(Boolean);
  const first = hits.findIndex(Boolean);
  const describe = (): string => {
    if (first < 0) return `no path_matches pattern matched ${paths.map(q).join(' or ')}`;
    const d = `path_matches ${q(hits[first]?.glob.source ?? '')} matched ${q(paths[first] ?? '')}`;
    if (!positive) return `${d}, but not every reading of the path did (${paths.map(q).join(', ')})`;
    return !restrictive && paths.length > 1
      ? `every reading of the path matched path_matches (${paths.map(q).join(', ')})`
      : d;
  };
  if (!positive) {
    trace?.push({ key: 'path', ok: false, positive: true, near: first >= 0, detail: describe() });
    return false;
  }
  const not = w.pathNot;
  if (not) {
    const ex = paths.map((p, i) => pathMatches(not, undefined, p, rels[i]));
    const cancelled = restrictive ? ex.every(Boolean) : ex.some(Boolean);
    if (cancelled) {
      const j = ex.findIndex(Boolean);
      trace?.push({
        key: 'path',
        ok: false,
        positive: true,
        near: true,
        detail: `${describe()}, but path_not_matches ${q(ex[j]?.glob.source ?? '')} excluded ${q(paths[j] ?? '')}`,
      });
      return false;
    }
  }
  trace?.push({ key: 'path', ok: true, positive: true, detail: describe() });
  return true;
}

/** pathGroup's answer without its trace, trying each reading of the path only until one settles it. */
function pathAnswer(
  list: PathGlob[],
  w: CompiledWhen,
  paths: string[],
  rels: (string | undefined)[],
  restrictive: boolean,
): boolean {
  // restrictive: some reading matches; granting: every reading does
  let positive = !restrictive;
  for (let i = 0; i < paths.length; i++) {
    const hit = pathMatches(list, w.pathIndexed, paths[i] ?? '', rels[i]) !== undefined;
    if (hit === restrictive) {
      positive = restrictive;
      break;
    }
  }
  if (!positive) return false;
  const not = w.pathNot;
  if (!not) return true;
  // cancelled when every reading is excluded (restrictive) or some reading is (granting)
  let cancelled = restrictive;
  for (let i = 0; i < paths.length; i++) {
    const ex = pathMatches(not, undefined, paths[i] ?? '', rels[i]) !== undefined;
    if (ex !== restrictive) {
      cancelled = !restrictive;
      break;
    }
  }
  return !cancelled;
}

// ------------------------------------------------------------------ small groups

function missing(key: string, what: string, trace?: GroupTrace[]): false {
  trace?.push({ key, ok: false, positive: true, detail: `the call has no ${what}` });
  return false;
}

function commandGroup(w: CompiledWhen, v: CallView, restrictive: boolean, trace?: GroupTrace[]): boolean {
  if (!v.cmd) return missing('command', 'command', trace);
  return restrictive ? restrictiveCommand(w, v.cmd, trace) : grantingCommand(w, v.cmd, trace);
}

function urlGroup(list: Glob[], v: CallView, trace?: GroupTrace[]): boolean {
  if (v.url === undefined) return missing('url_matches', 'URL', trace);
  const url = v.url;
  const g = list.find((x) => x.test(url));
  trace?.push({
    key: 'url_matches',
    ok: !!g,
    positive: true,
    detail: g ? `${q(g.source)} matched ${q(url)}` : `no url_matches pattern matched ${q(url)}`,
  });
  return !!g;
}

function domainGroup(list: Glob[], v: CallView, trace?: GroupTrace[]): boolean {
  if (v.domain === undefined) return missing('domain_matches', 'domain', trace);
  const d = v.domain;
  // Without a trace only the answer matters: the list's lookups give it (domain-index.ts).
  if (!trace) return anyDomainMatches(list, d);
  const g = list.find((x) => x.test(d));
  trace?.push({
    key: 'domain_matches',
    ok: !!g,
    positive: true,
    detail: g ? `${q(g.source)} matched ${q(d)}` : `no domain_matches pattern matched ${q(d)}`,
  });
  return !!g;
}

function sessionGroup(list: Glob[], v: CallView, trace?: GroupTrace[]): boolean {
  const session = v.call.session ?? '';
  const g = list.find((x) => x.test(session));
  trace?.push({
    key: 'session_matches',
    ok: !!g,
    positive: true,
    detail: g ? `${q(g.source)} matched session ${q(session)}` : `session ${q(session)} is not listed`,
  });
  return !!g;
}

function depthGroup(b: { gte?: number; lte?: number; eq?: number }, v: CallView, trace?: GroupTrace[]): boolean {
  const d = v.call.agentDepth ?? 0;
  const ok =
    (b.gte === undefined || d >= b.gte) && (b.lte === undefined || d <= b.lte) && (b.eq === undefined || d === b.eq);
  trace?.push({
    key: 'agent_depth',
    ok,
    positive: true,
    detail: `agent depth ${d} is ${ok ? 'within' : 'outside'} the bounds`,
  });
  return ok;
}

function paramGroup(params: { name: string; glob: Glob }[], v: CallView, trace?: GroupTrace[]): boolean {
  // OR across keys; the raw input is read first, params when the input lacks the key.
  for (const { name, glob } of params) {
    const text = paramText(v.call.input?.[name] ?? v.call.params[name]);
    if (text !== undefined && glob.test(text.toLowerCase())) {
      trace?.push({
        key: 'tool_param_matches',
        ok: true,
        positive: true,
        detail: `parameter ${name} matched ${q(glob.source)}`,
      });
      return true;
    }
  }
  trace?.push({ key: 'tool_param_matches', ok: false, positive: true, detail: 'no listed parameter matched' });
  return false;
}

function countGroup(cc: { tool?: string; gte: number; windowMs: number }, v: CallView, trace?: GroupTrace[]): boolean {
  const tool = cc.tool ?? v.call.tool;
  const n = v.count(tool, cc.windowMs);
  const ok = n >= cc.gte;
  trace?.push({
    key: 'call_count',
    ok,
    positive: true,
    detail: `${n} recorded ${tool} calls in the window (needs ${cc.gte})`,
  });
  return ok;
}

function sessionNotGroup(list: Glob[], v: CallView, trace?: GroupTrace[]): boolean {
  const session = v.call.session ?? '';
  const g = list.find((x) => x.test(session));
  if (g)
    trace?.push({
      key: 'session_not_matches',
      ok: false,
      positive: false,
      detail: `session ${q(session)} is excluded by ${q(g.source)}`,
    });
  return !g;
}

// ------------------------------------------------------------------ the rule

/**
 * Whether a rule's `when` matches a call on the request side: every present group must pass.
 * `restrictive` is the rule's reading (deny/ask) or granting (allow/watch/webhook, durable pass).
 * Without a trace the first failing group ends the check; with one, every group is explained.
 */
export function whenMatches(
  w: CompiledWhen,
  v: CallView,
  restrictive: boolean,
  trace?: GroupTrace[],
  commandSideKnown = false,
): boolean {
  if (w.isDefault) {
    trace?.push({ key: 'default', ok: true, positive: true, detail: 'default: true matches every call in scope' });
    return true;
  }
  if (w.unconditional) {
    trace?.push({ key: 'when', ok: true, positive: true, detail: 'no conditions: matches every call in scope' });
    return true;
  }
  if (!w.hasPositive) {
    trace?.push({
      key: 'when',
      ok: false,
      positive: false,
      detail: 'only exclusions or response_* keys: never matches a request',
    });
    return false;
  }
  let all = true;
  // One line per group: the group's compiled value, then its check (a new key adds one).
  if (!commandSideKnown) {
    if (w.command || w.contains || w.env || w.dynamic !== undefined) v.markCommand(w.own);
    const dyn = w.dynamic;
    if (
      dyn !== undefined &&
      !(v.cmd ? dynamicGroup(dyn, v.cmd, trace) : missing('command_dynamic', 'command', trace)) &&
      ((all = false), !trace)
    )
      return false;
    if ((w.command || w.contains) && !commandGroup(w, v, restrictive, trace) && ((all = false), !trace)) return false;
    const env = w.env;
    if (
      env &&
      !(v.cmd ? envGroup(env, w, v.cmd, trace) : missing('command_env_assignments', 'command', trace)) &&
      ((all = false), !trace)
    )
      return false;
  }
  const path = w.path;
  if (
    path &&
    !(v.paths ? pathGroup(path, w, v.paths, v, restrictive, trace) : missing('path', 'path', trace)) &&
    ((all = false), !trace)
  )
    return false;
  const { url, domain, session, agentDepth, toolParams, callCount, sessionNot, sessions } = w;
  if (url && !urlGroup(url, v, trace) && ((all = false), !trace)) return false;
  if (domain && !domainGroup(domain, v, trace) && ((all = false), !trace)) return false;
  if (session && !sessionGroup(session, v, trace) && ((all = false), !trace)) return false;
  if (agentDepth && !depthGroup(agentDepth, v, trace) && ((all = false), !trace)) return false;
  if (toolParams && !paramGroup(toolParams, v, trace) && ((all = false), !trace)) return false;
  if (callCount && !countGroup(callCount, v, trace) && ((all = false), !trace)) return false;
  if (sessionNot && !sessionNotGroup(sessionNot, v, trace) && ((all = false), !trace)) return false;
  if (sessions && !sessionGroups(sessions, v.session, trace) && ((all = false), !trace)) return false;
  return all;
}

export { normalizeDomain };

/**
 * The command and env-assignment groups of a rule, cached per command: they read nothing but
 * the command. Returns true when they pass (or the rule has neither).
 */
const unknownTemplates = new Map<number, number[]>();

/** Rules per word of a result set: small integers stay small (no heap number). */
const RULES_PER_WORD = 30;

/**
 * A fresh per-rule result set, nothing known: a copy of a kept template of zeros. Word 2k holds
 * whether rules 30k..30k+29 are known, word 2k+1 whether they pass: 16 bytes per 30 rules rather
 * than 8 bytes a rule, since every command in the cache keeps one (twice with a shadow set) and
 * the garbage collector copies and marks them all. Plain arrays, since a typed array of more than 64 bytes is allocated outside the
 * heap, at about a microsecond each, and every new command needs two.
 */
function unknownResults(ruleCount: number): number[] {
  let t = unknownTemplates.get(ruleCount);
  if (!t) {
    // Rule counts of the engines loaded (a live and a shadow set, reloads): a handful.
    if (unknownTemplates.size >= 16) unknownTemplates.clear();
    t = new Array<number>(2 * Math.ceil(ruleCount / RULES_PER_WORD)).fill(0);
    unknownTemplates.set(ruleCount, t);
  }
  return t.slice();
}

export function commandSide(
  ruleId: number,
  ruleCount: number,
  w: CompiledWhen,
  v: CallView,
  restrictive: boolean,
): boolean {
  if (!w.command && !w.contains && !w.env && w.dynamic === undefined) return true;
  const r = v.cmd;
  if (!r) return false;
  const cache = restrictive ? (r.own ??= unknownResults(ruleCount)) : (r.granting ??= unknownResults(ruleCount));
  const word = (ruleId / RULES_PER_WORD) | 0;
  const bit = 1 << (ruleId - word * RULES_PER_WORD);
  const known = 2 * word;
  if (((cache[known] ?? 0) & bit) !== 0) return ((cache[known + 1] ?? 0) & bit) !== 0;
  v.markCommand(w.own);
  // The dynamic check is one field read: done first, it spares the pattern scan on most commands.
  const ok =
    (w.dynamic === undefined || dynamicGroup(w.dynamic, r)) &&
    (!(w.command || w.contains) || commandGroup(w, v, restrictive)) &&
    (!w.env || envGroup(w.env, w, r));
  cache[known] = (cache[known] ?? 0) | bit;
  if (ok) cache[known + 1] = (cache[known + 1] ?? 0) | bit;
  return ok;
}
