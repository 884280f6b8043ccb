// Request-side matching of one rule against one call (research 2.1, 4.2, 5.5, 5.6).
// Action-aware: deny/ask ("restrictive") fire when ANY reading matches; allow/watch/webhook
// ("granting") need EVERY executed part covered. With a trace array, every group is evaluated
// and explained (for `explain`); without one, the first failing group ends the check.
import type { ToolCall } from './types.js';
import type { CommandAnalysis } from './shell.js';
import type { CompiledWhen, PathGlob } from './compile.js';
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
  /** Candidates lower-cased (for command_contains), built on first use. */
  lower: string[] | null;
  rawSlashed: string;
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
    const excluded = new Map<number, boolean>();
    const unitExcluded = (u: number): number => {
      // -1 means not excluded; else the candidate index that an exclusion matched.
      for (let j = 0; j < candidates.length; j++) if (units[j] === u && excl!.any(candidates[j]!)) return j;
      return -1;
    };
    for (let i = 0; i < candidates.length; i++) {
      let hit = '';
      if (cmd) {
        const k = cmd.find(candidates[i]!);
        if (k >= 0) hit = `command_matches ${q(cmd.globs[k]!.source)} matched ${q(candidates[i]!)}`;
      }
      if (!hit && contains) {
        const k = contains.find(lowerOf(r)[i]!, true);
        if (k >= 0) hit = `command_contains ${q(contains.needles[k]!)} found in ${q(candidates[i]!)}`;
      }
      if (!hit) continue;
      const u = units[i]!;
      if (!excl || u === -1) {
        trace?.push({ key: 'command', ok: true, positive: true, detail: hit + (excl && u === -1 ? ' (a reading of the whole compound command: exclusions do not apply)' : '') });
        return true;
      }
      let ex = excluded.get(u);
      if (ex === undefined) {
        const j = unitExcluded(u);
        ex = j >= 0;
        excluded.set(u, ex);
        if (ex && !nearDetail) {
          const k = excl.find(candidates[j]!);
          nearDetail = `${hit}, but command_not_matches ${q(excl.globs[k]!.source)} excluded ${q(candidates[j]!)}`;
        }
      }
      if (!ex) {
        trace?.push({ key: 'command', ok: true, positive: true, detail: hit });
        return true;
      }
    }
  }
  trace?.push({ key: 'command', ok: false, positive: true, near: !!nearDetail, detail: nearDetail || 'no reading of the command matched command_matches/command_contains' });
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

function grantingCommand(w: CompiledWhen, r: CommandReadings, trace?: GroupTrace[]): boolean {
  const a = r.analysis;
  const cmd = w.command;
  let ok = false;
  let detail = '';
  let near = false;
  if (!a.composite) {
    const spellings = a.components.length ? [a.components[0]!, a.componentsExpanded[0]] : [];
    for (const s of spellings) {
      if (s && coveredBy(s, cmd, w) !== -1) {
        ok = true;
        detail = `${q(s)} is covered`;
        break;
      }
    }
    if (!ok) detail = `${q(a.normalized)} is not covered by command_matches/command_contains`;
  } else {
    if (cmd && w.commandCompound!.some(Boolean)) {
      for (const s of [r.rawSlashed, a.normalized]) {
        const k = cmd.find(s);
        if (k >= 0 && w.commandCompound![k]) {
          ok = true;
          detail = `compound pattern ${q(cmd.globs[k]!.source)} approves ${q(s)} as a whole`;
          break;
        }
      }
    }
    if (!ok) {
      const uncovered: string[] = [];
      a.components.forEach((c, i) => {
        const e = a.componentsExpanded[i];
        if (coveredBy(c, cmd, w) === -1 && (!e || coveredBy(e, cmd, w) === -1)) uncovered.push(c);
      });
      ok = uncovered.length === 0 && a.components.length > 0;
      near = !ok && uncovered.length < a.components.length;
      detail = ok ? `every executed part (${a.components.length}) is covered` : `not every executed part is covered: ${uncovered.map(q).join(', ')}`;
    }
  }
  if (ok && w.commandNot) {
    const all = [r.rawSlashed, a.normalized, ...a.components, ...a.componentsExpanded.filter((x): x is string => !!x)];
    for (const s of all) {
      const k = w.commandNot.find(s);
      if (k >= 0) {
        trace?.push({ key: 'command', ok: false, positive: true, near: true, detail: `${detail}, but command_not_matches ${q(w.commandNot.globs[k]!.source)} matched ${q(s)}` });
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
        trace?.push({ key: 'command_env_assignments', ok: false, positive: true, near: true, detail: `${hit}, but command_not_matches matched ${q(s)}` });
        return false;
      }
    }
  }
  trace?.push({ key: 'command_env_assignments', ok: !!hit, positive: true, detail: hit || (names.length ? `assigns ${names.join(', ')}, none listed` : 'assigns no environment variables') });
  return !!hit;
}

// ------------------------------------------------------------------ path group

function pathMatches(list: PathGlob[], indexed: PatternList | undefined, s: string, rel: string | undefined): PathGlob | undefined {
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
  let detail = first >= 0 ? `path_matches ${q(hits[first]!.glob.source)} matched ${q(paths[first]!)}` : `no path_matches pattern matched ${paths.map(q).join(' or ')}`;
  if (positive && !restrictive && paths.length > 1) detail = `every reading of the path matched path_matches (${paths.map(q).join(', ')})`;
  if (!positive) {
    if (first >= 0) detail = `${detail}, but not every reading of the path did (${paths.map(q).join(', ')})`;
    trace?.push({ key: 'path', ok: false, positive: true, near: first >= 0, detail });
    return false;
  }
  if (w.pathNot) {
    const ex = paths.map((p, i) => pathMatches(w.pathNot!, undefined, p, rels[i]));
    const cancelled = restrictive ? ex.every(Boolean) : ex.some(Boolean);
    if (cancelled) {
      const j = ex.findIndex(Boolean);
      trace?.push({ key: 'path', ok: false, positive: true, near: true, detail: `${detail}, but path_not_matches ${q(ex[j]!.glob.source)} excluded ${q(paths[j]!)}` });
      return false;
    }
  }
  trace?.push({ key: 'path', ok: true, positive: true, detail });
  return true;
}

// ------------------------------------------------------------------ the rule

/**
 * Whether a rule's `when` matches a call on the request side.
 * `restrictive` is the rule's reading (deny/ask) or granting (allow/watch/webhook, durable pass).
 */
export function whenMatches(w: CompiledWhen, v: CallView, restrictive: boolean, trace?: GroupTrace[]): boolean {
  if (w.isDefault) {
    trace?.push({ key: 'default', ok: true, positive: true, detail: 'default: true matches every call in scope' });
    return true;
  }
  if (w.unconditional) {
    trace?.push({ key: 'when', ok: true, positive: true, detail: 'no conditions: matches every call in scope' });
    return true;
  }
  if (!w.hasPositive) {
    trace?.push({ key: 'when', ok: false, positive: false, detail: 'only exclusions or response_* keys: never matches a request' });
    return false;
  }
  let all = true;
  const fail = (key: string, detail: string, positive = true): boolean => {
    trace?.push({ key, ok: false, positive, detail });
    all = false;
    return !trace;
  };
  const call = v.call;
  if (w.command || w.contains) {
    if (!v.cmd) {
      if (fail('command', 'the call has no command')) return false;
    } else if (!(restrictive ? restrictiveCommand(w, v.cmd, trace) : grantingCommand(w, v.cmd, trace))) {
      all = false;
      if (!trace) return false;
    }
  }
  if (w.env) {
    if (!v.cmd) {
      if (fail('command_env_assignments', 'the call has no command')) return false;
    } else if (!envGroup(w, v.cmd, trace)) {
      all = false;
      if (!trace) return false;
    }
  }
  if (w.path) {
    if (!v.paths) {
      if (fail('path', 'the call has no path')) return false;
    } else if (!pathGroup(w, v, restrictive, trace)) {
      all = false;
      if (!trace) return false;
    }
  }
  if (w.url) {
    const g = v.url === undefined ? undefined : w.url.find((x) => x.test(v.url!));
    if (!g) {
      if (fail('url_matches', v.url === undefined ? 'the call has no URL' : `no url_matches pattern matched ${q(v.url)}`)) return false;
    } else trace?.push({ key: 'url_matches', ok: true, positive: true, detail: `${q(g.source)} matched ${q(v.url!)}` });
  }
  if (w.domain) {
    const d = v.domain;
    const g = d === undefined ? undefined : w.domain.find((x) => x.test(d));
    if (!g) {
      if (fail('domain_matches', d === undefined ? 'the call has no domain' : `no domain_matches pattern matched ${q(d)}`)) return false;
    } else trace?.push({ key: 'domain_matches', ok: true, positive: true, detail: `${q(g.source)} matched ${q(d!)}` });
  }
  if (w.session) {
    const g = w.session.find((x) => x.test(call.session));
    if (!g) {
      if (fail('session_matches', `session ${q(call.session)} is not listed`)) return false;
    } else trace?.push({ key: 'session_matches', ok: true, positive: true, detail: `${q(g.source)} matched session ${q(call.session)}` });
  }
  if (w.agentDepth) {
    const d = call.agentDepth ?? 0;
    const b = w.agentDepth;
    const ok = (b.gte === undefined || d >= b.gte) && (b.lte === undefined || d <= b.lte) && (b.eq === undefined || d === b.eq);
    if (!ok) {
      if (fail('agent_depth', `agent depth ${d} is outside the bounds`)) return false;
    } else trace?.push({ key: 'agent_depth', ok: true, positive: true, detail: `agent depth ${d} is within the bounds` });
  }
  if (w.toolParams) {
    let hit = '';
    for (const { name, glob } of w.toolParams) {
      const raw = call.input?.[name] ?? call.params[name];
      const text = paramText(raw);
      if (text !== undefined && glob.test(text.toLowerCase())) {
        hit = `parameter ${name} matched ${q(glob.source)}`;
        break;
      }
    }
    if (!hit) {
      if (fail('tool_param_matches', 'no listed parameter matched')) return false;
    } else trace?.push({ key: 'tool_param_matches', ok: true, positive: true, detail: hit });
  }
  if (w.callCount) {
    const cc = w.callCount;
    const n = v.count(cc.tool ?? call.tool, cc.windowMs);
    if (n < cc.gte) {
      if (fail('call_count', `${n} recorded ${cc.tool ?? call.tool} calls in the window, fewer than ${cc.gte}`)) return false;
    } else trace?.push({ key: 'call_count', ok: true, positive: true, detail: `${n} recorded ${cc.tool ?? call.tool} calls in the window (>= ${cc.gte})` });
  }
  if (w.sessionNot) {
    const g = w.sessionNot.find((x) => x.test(call.session));
    if (g) {
      if (fail('session_not_matches', `session ${q(call.session)} is excluded by ${q(g.source)}`, false)) return false;
    }
  }
  return all;
}

export { normalizeDomain };
