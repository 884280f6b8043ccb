// Request-side matching of one rule against one call (docs/policy.md).
// Action-aware: deny/ask ("restrictive") fire when ANY reading matches; allow/watch/webhook
// ("granting") need EVERY executed part covered. With a trace array, every group is evaluated
// and explained (for `explain`); without one, the first failing group ends the check.
import type { ToolCall } from './types.js';
import type { CommandAnalysis } from './shell.js';
import type { CompiledPolicy, CompiledWhen, PathGlob } from './compile.js';
import type { PatternList } from './word-index.js';
import { normalizeDomain } from './glob.js';
import { paramText } from './accessors.js';

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
  /** Lower-case words across all readings (feeds the word index). */
  words: string[];
  /** Ids of the index patterns its words and fragments mark (fragment-index.ts), once first marked. */
  marks: Int32Array | null;
  /** Candidates lower-cased (for command_contains), built on first use. */
  lower: string[] | null;
  rawSlashed: string;
  /** Characters held (for the cache's budget). */
  size: number;
  /**
   * Per rule id, the command-side result (command and env-assignment groups together), which
   * depends on the command alone: -1 unknown, 0 fails, 1 passes. One array per reading mode.
   */
  own: Int8Array | null;
  granting: Int8Array | null;
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
  /** Marks the command's words in the word index; called before the first uncached command check. */
  markCommand(): void;
  /** False for a policy none of whose rules can match this call (policy-gate.ts); absent: all may. */
  mayFire?: (p: CompiledPolicy) => boolean;
}

function q(s: string): string {
  return JSON.stringify(s.length > 80 ? s.slice(0, 77) + '...' : s);
}

function lowerOf(r: CommandReadings): string[] {
  return (r.lower ??= r.analysis.candidates.map((c) => c.toLowerCase()));
}

// ------------------------------------------------------------------ command group

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
      const ck = cmd ? cmd.find(candidates[i]!, units[i] !== -1) : -1;
      const nk = ck < 0 && contains ? contains.find(lower![i]!, true) : -1;
      if (ck < 0 && nk < 0) continue;
      const u = units[i]!;
      if (u === -1) {
        if (wholeHit < 0) wholeHit = i;
        continue;
      }
      const hit = () =>
        ck >= 0
          ? `command_matches ${q(cmd!.globs[ck]!.source)} matched ${q(candidates[i]!)}`
          : `command_contains ${q(contains!.needles[nk]!)} found in ${q(candidates[i]!)}`;
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
        for (; j < candidates.length; j++) if (units[j] === u && excl.any(candidates[j]!)) break;
        ex = j < candidates.length;
        excluded.set(u, ex);
        if (ex && trace && !nearDetail) {
          nearDetail = `${hit()}, but command_not_matches ${q(excl.globs[excl.find(candidates[j]!)]!.source)} excluded ${q(candidates[j]!)}`;
        }
      }
      if (!ex) {
        trace?.push({ key: 'command', ok: true, positive: true, detail: hit() });
        return true;
      }
    }
    if (wholeHit >= 0 && !partHit) {
      if (trace) {
        const c = candidates[wholeHit]!;
        const ck = cmd ? cmd.find(c) : -1;
        const what = ck >= 0 ? `command_matches ${q(cmd!.globs[ck]!.source)}` : 'command_contains';
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
  if (coveredBy(a.components[i]!, cmd, w) !== -1) return true;
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
        ? `${q(a.components[0]!)} is covered`
        : `${q(a.normalized)} is not covered by command_matches/command_contains`;
  } else {
    if (cmd && w.commandCompound!.some(Boolean)) {
      for (let t = 0; t < 2 && !ok; t++) {
        const s = t === 0 ? r.rawSlashed : a.normalized;
        const k = cmd.find(s);
        if (k >= 0 && w.commandCompound![k]) {
          ok = true;
          if (trace) detail = `compound pattern ${q(cmd.globs[k]!.source)} approves ${q(s)} as a whole`;
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
              ? a.components[t - 2]!
              : a.componentsExpanded[t - 2 - n];
      if (!s) continue;
      const k = not.find(s);
      if (k >= 0) {
        trace?.push({
          key: 'command',
          ok: false,
          positive: true,
          near: true,
          detail: `${detail}, but command_not_matches ${q(not.globs[k]!.source)} matched ${q(s)}`,
        });
        return false;
      }
    }
  }
  trace?.push({ key: 'command', ok, positive: true, near, detail });
  return ok;
}

function envGroup(w: CompiledWhen, r: CommandReadings, trace?: GroupTrace[]): boolean {
  const names = r.analysis.envAssignments;
  let hit = '';
  for (const n of names) {
    const g = w.env!.find((x) => x.test(n));
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
function dynamicGroup(w: CompiledWhen, r: CommandReadings, trace?: GroupTrace[]): boolean {
  const dyn = r.analysis.dynamic;
  const want = w.dynamic!;
  let ok: boolean;
  let detail: string;
  if (want === false) {
    ok = dyn.length === 0;
    detail = ok ? 'every program the command runs is known' : `dynamic: ${dyn[0]!.reason}`;
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
    const g = list[k]!;
    // Words of the relative reading are words of the absolute one, so the marks cover both.
    if (indexed && !indexed.index.marked(indexed.ids[k]!)) continue;
    if (g.glob.test(s) || (g.relative && rel !== undefined && g.glob.test(rel))) return g;
  }
  return undefined;
}

function pathGroup(w: CompiledWhen, v: CallView, restrictive: boolean, trace?: GroupTrace[]): boolean {
  const paths = v.paths!;
  const rels = v.pathsRel!;
  const hits = paths.map((p, i) => pathMatches(w.path!, w.pathIndexed, p, rels[i]));
  const positive = restrictive ? hits.some(Boolean) : hits.every(Boolean);
  const first = hits.findIndex(Boolean);
  const describe = (): string => {
    if (first < 0) return `no path_matches pattern matched ${paths.map(q).join(' or ')}`;
    const d = `path_matches ${q(hits[first]!.glob.source)} matched ${q(paths[first]!)}`;
    if (!positive) return `${d}, but not every reading of the path did (${paths.map(q).join(', ')})`;
    return !restrictive && paths.length > 1
      ? `every reading of the path matched path_matches (${paths.map(q).join(', ')})`
      : d;
  };
  if (!positive) {
    trace?.push({ key: 'path', ok: false, positive: true, near: first >= 0, detail: describe() });
    return false;
  }
  if (w.pathNot) {
    const ex = paths.map((p, i) => pathMatches(w.pathNot!, undefined, p, rels[i]));
    const cancelled = restrictive ? ex.every(Boolean) : ex.some(Boolean);
    if (cancelled) {
      const j = ex.findIndex(Boolean);
      trace?.push({
        key: 'path',
        ok: false,
        positive: true,
        near: true,
        detail: `${describe()}, but path_not_matches ${q(ex[j]!.glob.source)} excluded ${q(paths[j]!)}`,
      });
      return false;
    }
  }
  trace?.push({ key: 'path', ok: true, positive: true, detail: describe() });
  return true;
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

function urlGroup(w: CompiledWhen, v: CallView, trace?: GroupTrace[]): boolean {
  if (v.url === undefined) return missing('url_matches', 'URL', trace);
  const url = v.url;
  const g = w.url!.find((x) => x.test(url));
  trace?.push({
    key: 'url_matches',
    ok: !!g,
    positive: true,
    detail: g ? `${q(g.source)} matched ${q(url)}` : `no url_matches pattern matched ${q(url)}`,
  });
  return !!g;
}

function domainGroup(w: CompiledWhen, v: CallView, trace?: GroupTrace[]): boolean {
  if (v.domain === undefined) return missing('domain_matches', 'domain', trace);
  const d = v.domain;
  const g = w.domain!.find((x) => x.test(d));
  trace?.push({
    key: 'domain_matches',
    ok: !!g,
    positive: true,
    detail: g ? `${q(g.source)} matched ${q(d)}` : `no domain_matches pattern matched ${q(d)}`,
  });
  return !!g;
}

function sessionGroup(w: CompiledWhen, v: CallView, trace?: GroupTrace[]): boolean {
  const session = v.call.session ?? '';
  const g = w.session!.find((x) => x.test(session));
  trace?.push({
    key: 'session_matches',
    ok: !!g,
    positive: true,
    detail: g ? `${q(g.source)} matched session ${q(session)}` : `session ${q(session)} is not listed`,
  });
  return !!g;
}

function depthGroup(w: CompiledWhen, v: CallView, trace?: GroupTrace[]): boolean {
  const d = v.call.agentDepth ?? 0;
  const b = w.agentDepth!;
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

function paramGroup(w: CompiledWhen, v: CallView, trace?: GroupTrace[]): boolean {
  // OR across keys; the raw input is read first, params when the input lacks the key.
  for (const { name, glob } of w.toolParams!) {
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

function countGroup(w: CompiledWhen, v: CallView, trace?: GroupTrace[]): boolean {
  const cc = w.callCount!;
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

function sessionNotGroup(w: CompiledWhen, v: CallView, trace?: GroupTrace[]): boolean {
  const session = v.call.session ?? '';
  const g = w.sessionNot!.find((x) => x.test(session));
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
  if (!commandSideKnown) {
    if (w.command || w.contains || w.env || w.dynamic !== undefined) v.markCommand();
    if (
      w.dynamic !== undefined &&
      !(v.cmd ? dynamicGroup(w, v.cmd, trace) : missing('command_dynamic', 'command', trace)) &&
      ((all = false), !trace)
    )
      return false;
    if ((w.command || w.contains) && !commandGroup(w, v, restrictive, trace) && ((all = false), !trace)) return false;
    if (
      w.env &&
      !(v.cmd ? envGroup(w, v.cmd, trace) : missing('command_env_assignments', 'command', trace)) &&
      ((all = false), !trace)
    )
      return false;
  }
  if (
    w.path &&
    !(v.paths ? pathGroup(w, v, restrictive, trace) : missing('path', 'path', trace)) &&
    ((all = false), !trace)
  )
    return false;
  if (w.url && !urlGroup(w, v, trace) && ((all = false), !trace)) return false;
  if (w.domain && !domainGroup(w, v, trace) && ((all = false), !trace)) return false;
  if (w.session && !sessionGroup(w, v, trace) && ((all = false), !trace)) return false;
  if (w.agentDepth && !depthGroup(w, v, trace) && ((all = false), !trace)) return false;
  if (w.toolParams && !paramGroup(w, v, trace) && ((all = false), !trace)) return false;
  if (w.callCount && !countGroup(w, v, trace) && ((all = false), !trace)) return false;
  if (w.sessionNot && !sessionNotGroup(w, v, trace) && ((all = false), !trace)) return false;
  return all;
}

export { normalizeDomain };

/**
 * The command and env-assignment groups of a rule, cached per command: they read nothing but
 * the command. Returns true when they pass (or the rule has neither).
 */
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
  const cache = restrictive
    ? (r.own ??= new Int8Array(ruleCount).fill(-1))
    : (r.granting ??= new Int8Array(ruleCount).fill(-1));
  const hit = cache[ruleId]!;
  if (hit >= 0) return hit === 1;
  v.markCommand();
  // The dynamic check is one field read: done first, it spares the pattern scan on most commands.
  const ok =
    (w.dynamic === undefined || dynamicGroup(w, r)) &&
    (!(w.command || w.contains) || commandGroup(w, v, restrictive)) &&
    (!w.env || envGroup(w, r));
  cache[ruleId] = ok ? 1 : 0;
  return ok;
}
