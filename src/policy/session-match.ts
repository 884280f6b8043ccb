// Matching of the session-aware `when` keys against the state a SessionLookup shows, and the
// taint labels a call's rules ask for (docs/session-rules.md). Without a lookup (a dry run of a
// single call: svc test, bench, explain without --session) the session keys never match, so
// rules that need history stay silent rather than guess.
import type { WhenAst } from './ast.js';
import { compileCommandGlob, compileDomainGlob, compilePathGlob, type Glob } from './glob.js';
import { expandHome } from './shell.js';
import type { SessionEvent, SessionLookup } from './session-state.js';
import type { SessionPatternAst } from './session-parse.js';

/** One explained group (the same shape as match.ts's GroupTrace). */
interface Trace {
  key: string;
  ok: boolean;
  positive: boolean;
  detail: string;
}

export interface SessionPattern {
  tools?: Glob[];
  paths?: Glob[];
  commands?: Glob[];
  domains?: Glob[];
  actions?: Set<string>;
  /** The pattern as written, for explain. */
  text: string;
}

export interface CompiledSessionWhen {
  after?: SessionPattern;
  count?: SessionPattern & { withinMs: number; atLeast: number };
  tainted?: string[];
}

function compilePattern(p: SessionPatternAst, home: string): SessionPattern {
  const out: SessionPattern = { text: JSON.stringify(p) };
  if (p.tool) out.tools = p.tool.map(compileCommandGlob);
  if (p.path_matches)
    out.paths = p.path_matches.flatMap((x) => {
      const e = expandHome(x, home);
      return e === x ? [compilePathGlob(x)] : [compilePathGlob(x), compilePathGlob(e)];
    });
  if (p.command_matches) out.commands = p.command_matches.map(compileCommandGlob);
  if (p.domain_matches) out.domains = p.domain_matches.map(compileDomainGlob);
  if (p.action) out.actions = new Set(p.action);
  return out;
}

/** The compiled session groups of a `when`, or undefined when it has none. */
export function compileSessionWhen(w: WhenAst, home: string): CompiledSessionWhen | undefined {
  if (!w.session_after && !w.session_count && !w.session_tainted) return undefined;
  const c: CompiledSessionWhen = {};
  if (w.session_after) c.after = compilePattern(w.session_after, home);
  if (w.session_count)
    c.count = {
      ...compilePattern(w.session_count, home),
      withinMs: w.session_count.withinMs,
      atLeast: w.session_count.atLeast,
    };
  if (w.session_tainted) c.tainted = w.session_tainted;
  return c;
}

function any(globs: Glob[] | undefined, s: string | undefined): boolean {
  if (!globs) return true;
  return s !== undefined && globs.some((g) => g.test(s));
}

export function eventMatches(p: SessionPattern, e: SessionEvent): boolean {
  return (
    (!p.actions || p.actions.has(e.action)) &&
    any(p.tools, e.tool) &&
    any(p.paths, e.path) &&
    any(p.commands, e.command) &&
    any(p.domains, e.domain)
  );
}

function describe(e: SessionEvent): string {
  const what = e.path ?? e.url ?? e.command ?? e.domain ?? '';
  return `${e.tool}${what ? ` ${JSON.stringify(what.length > 80 ? what.slice(0, 77) + '...' : what)}` : ''} at ${new Date(e.t).toISOString()}${e.via ? ` (${e.via})` : ''}`;
}

/** Every session group of a rule must hold; each one explained when tracing. */
export function sessionGroups(s: CompiledSessionWhen, lookup: SessionLookup | undefined, trace?: Trace[]): boolean {
  let all = true;
  const fail = (key: string, detail: string) => {
    trace?.push({ key, ok: false, positive: true, detail });
    all = false;
    return !trace;
  };
  const pass = (key: string, detail: string) => trace?.push({ key, ok: true, positive: true, detail });
  if (s.tainted) {
    const hit = lookup && s.tainted.map((l) => lookup.tainted(l)).find(Boolean);
    if (hit)
      pass(
        'session_tainted',
        `${hit.key} carries "${hit.label}" until ${new Date(hit.until).toISOString()} (set by policy ${hit.policy})`,
      );
    else if (fail('session_tainted', lookup ? `not tainted ${s.tainted.join(' or ')}` : 'no session state (dry run)'))
      return false;
  }
  const after = s.after;
  if (after) {
    const hit = lookup?.history().find((e) => eventMatches(after, e));
    if (hit) pass('session_after', `earlier call matched: ${describe(hit)}`);
    else if (fail('session_after', lookup ? 'no earlier call of this session matched' : 'no session state (dry run)'))
      return false;
  }
  if (s.count) {
    const c = s.count;
    let n = 0;
    if (lookup) {
      const from = lookup.now - c.withinMs;
      for (const e of lookup.history()) if (e.t >= from && e.t <= lookup.now && eventMatches(c, e)) n++;
    }
    const detail = `${n} matching earlier call${n === 1 ? '' : 's'} in the window (needs ${c.atLeast})`;
    if (n >= c.atLeast) pass('session_count', detail);
    else if (fail('session_count', lookup ? detail : 'no session state (dry run)')) return false;
  }
  return all;
}
