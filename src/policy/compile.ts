// Stage 3: validated AST -> the form evaluation runs on. Every glob and regex is compiled here,
// once per load, and filed in the word indexes; evaluation never compiles anything.
import { realpathSync } from 'node:fs';
import type { Action } from './types.js';
import type { ParsedPolicyFile, PolicyAst, RuleAst, WhenAst } from './ast.js';
import { keyOfSubstring, type Glob } from './glob.js';
import { commandGlob, domainGlob, pathGlob } from './glob-share.js';
import { compileRe2List, type Re2Matcher } from './re2-dfa.js';
import { expandHome } from './shell.js';
import { isCompoundPattern, NeedleList, PatternList, WordIndex } from './word-index.js';
import { compileSessionWhen, type CompiledSessionWhen } from './session-match.js';
import { PolicyGates } from './policy-gate.js';
import { POSITIVE_KEYS } from './keys.js';

export interface PathGlob {
  glob: Glob;
  /** A relative pattern: also tried against the path relative to the working directory. */
  relative: boolean;
}

export interface CompiledWhen {
  /** `default: true`: matches every call in scope. */
  isDefault: boolean;
  /** No recognised request-side key at all: matches every call in scope. */
  unconditional: boolean;
  /** At least one positive group; without one a `when` never matches a request. */
  hasPositive: boolean;
  command?: PatternList;
  /**
   * The command-side patterns are filed in the set's own index (CompiledSet.ownIndex), not the
   * command index: the rule's policy is one the engine deciding each call first lacks.
   */
  own?: true;
  /** Which command patterns are compound (`a && b`): only those approve a compound command whole. */
  commandCompound?: boolean[];
  contains?: NeedleList;
  commandNot?: PatternList;
  env?: Glob[];
  /** command_dynamic: true (any dynamic reading), false (none) or the kinds that count. */
  dynamic?: boolean | Set<string>;
  path?: PathGlob[];
  pathNot?: PathGlob[];
  pathIndexed?: PatternList;
  url?: Glob[];
  domain?: Glob[];
  session?: Glob[];
  sessionNot?: Glob[];
  agentDepth?: { gte?: number; lte?: number; eq?: number };
  toolParams?: { name: string; glob: Glob }[];
  callCount?: { tool?: string; gte: number; windowMs: number };
  responseMatch?: Re2Matcher;
  responseNot?: Re2Matcher;
  /** session_after / session_count / session_tainted (session-match.ts). */
  sessions?: CompiledSessionWhen;
}

export interface CompiledRule {
  /** Global id (file order), for once-consumption bookkeeping. */
  id: number;
  ast: RuleAst;
  action: Action;
  /** deny/ask match any reading; allow/watch/webhook must cover every executed part. */
  restrictive: boolean;
  /** Copy of ast.expiresAt, read on every evaluation. */
  expiresAt: number | undefined;
  when: CompiledWhen;
  policy: CompiledPolicy;
}

export interface CompiledPolicy {
  ast: PolicyAst;
  name: string;
  file: string;
  /** From a user-overrides / auto-allowed file: its allows beat ask/watch/default (never deny). */
  durable: boolean;
  /** Position in the merged set (file order), the tie-breaker after priority. */
  order: number;
  priority: number;
  tools: Glob[] | null;
  agents: Glob[] | null;
  sessions: Glob[] | null;
  rules: CompiledRule[];
  hasResponseRules: boolean;
  /** Some rule counts this policy's own tool (call_count without a tool). */
  countsOwnTool: boolean;
  /** Its command patterns are in the set's own index (compileSet's `own`). */
  own: boolean;
}

export interface CompiledSet {
  /** Enabled policies, sorted by priority then file order. */
  ordered: CompiledPolicy[];
  all: CompiledPolicy[];
  commandIndex: WordIndex;
  /**
   * The command patterns of the policies compileSet was told are the set's own (a shadow set's
   * candidate policies, which the live set deciding each call first does not have), or null.
   * A shadow set takes the live set's answers for every policy the two share, so per call it
   * usually needs the marks of its own policies' patterns alone: kept apart, marking them reads
   * the command for a few dozen patterns, not for the whole set's thousands.
   */
  ownIndex: WordIndex | null;
  pathIndex: WordIndex;
  /** Tools named explicitly by some call_count rule. */
  countedTools: Set<string>;
  ruleCount: number;
  /** Which policies a call's index marks leave possible (built after the indexes are sealed). */
  gates: PolicyGates;
}

const DURABLE_FILE = /(^|\/)(user-overrides|auto-allowed)\.ya?ml$/i;

export function isDurableFile(file: string): boolean {
  return DURABLE_FILE.test(file.replace(/\\/g, '/'));
}

/** Command patterns mentioning ~ or $HOME also get an expanded twin, so either spelling matches. */
function commandPatternVariants(p: string, home: string): string[] {
  if (!p.includes('~') && !p.includes('$')) return [p];
  const expanded = p
    .split(' ')
    .map((w) => expandHome(w, home))
    .join(' ');
  return expanded === p ? [p] : [p, expanded];
}

/** Path patterns: ~ and $HOME expanded; a literal directory prefix that is a symlink also gets its target. */
function pathPatternVariants(p: string, home: string): string[] {
  const out = [p];
  // `$USER` in a path pattern (/lustre/scratch/$USER/**, the per-user folders HPC guides write that
  // way) is the account whose home the engine guards: its folder spelled by name is the same folder
  const name = /\$\{?USER\}?/.test(p)
    ? home.replace(/\/+$/, '') === '/root'
      ? 'root'
      : /^\/(?:home|Users)\/([^/]+)\/?$/.exec(home)?.[1]
    : undefined;
  if (name) out.push(p.replace(/\$\{USER\}|\$USER\b/g, name));
  const expanded = expandHome(p.replace(/\\/g, '/'), home);
  if (expanded !== p) out.push(expanded);
  const wild = expanded.search(/[*?[]/);
  const literal = wild < 0 ? expanded : expanded.slice(0, wild);
  const dir = wild < 0 ? literal : literal.slice(0, literal.lastIndexOf('/'));
  if (dir.startsWith('/') && dir.length > 1) {
    try {
      const real = realpathSync.native(dir);
      if (real !== dir) out.push(real + expanded.slice(dir.length));
    } catch {
      // not on this machine: nothing to resolve
    }
  }
  return out;
}

function pathGlobs(patterns: string[], home: string): PathGlob[] {
  const out: PathGlob[] = [];
  for (const p of patterns) {
    for (const v of pathPatternVariants(p, home)) {
      out.push({ glob: pathGlob(v), relative: !v.startsWith('/') });
      // the lower-case reading of a path on a case-insensitive filesystem (paths.ts) meets this one
      const lower = v.toLowerCase();
      if (lower !== v) out.push({ glob: pathGlob(lower), relative: !v.startsWith('/') });
    }
  }
  return out;
}

const REQUEST_KEYS = [...POSITIVE_KEYS, 'command_not_matches', 'path_not_matches', 'session_not_matches'] as const;

function compileWhen(w: WhenAst, set: CompiledSet, home: string, own: boolean): CompiledWhen {
  const hasAny =
    REQUEST_KEYS.some((k) => w[k] !== undefined) ||
    w.response_matches !== undefined ||
    w.response_not_matches !== undefined;
  const c: CompiledWhen = {
    isDefault: w.default === true,
    unconditional: !hasAny,
    hasPositive: POSITIVE_KEYS.some((k) => w[k] !== undefined),
  };
  const commandIndex = own && set.ownIndex ? set.ownIndex : set.commandIndex;
  if (commandIndex !== set.commandIndex) c.own = true;
  if (w.command_matches) {
    const pats = w.command_matches.flatMap((p) => commandPatternVariants(p, home));
    c.command = new PatternList(pats.map(commandGlob), commandIndex);
    c.commandCompound = pats.map(isCompoundPattern);
  }
  if (w.command_contains)
    c.contains = new NeedleList(
      w.command_contains.filter((s) => s.trim() !== ''),
      commandIndex,
      keyOfSubstring,
    );
  if (w.command_not_matches) {
    c.commandNot = new PatternList(
      w.command_not_matches.flatMap((p) => commandPatternVariants(p, home)).map(commandGlob),
      commandIndex,
    );
  }
  if (w.command_env_assignments) c.env = w.command_env_assignments.map(commandGlob);
  if (w.command_dynamic !== undefined)
    c.dynamic = typeof w.command_dynamic === 'boolean' ? w.command_dynamic : new Set(w.command_dynamic);
  if (w.path_matches) {
    c.path = pathGlobs(w.path_matches, home);
    c.pathIndexed = new PatternList(
      c.path.map((g) => g.glob),
      set.pathIndex,
    );
  }
  if (w.path_not_matches) c.pathNot = pathGlobs(w.path_not_matches, home);
  if (w.url_matches) c.url = w.url_matches.map(commandGlob);
  if (w.domain_matches) c.domain = w.domain_matches.map(domainGlob);
  if (w.session_matches) c.session = w.session_matches.map(commandGlob);
  if (w.session_not_matches) c.sessionNot = w.session_not_matches.map(commandGlob);
  if (w.agent_depth) c.agentDepth = w.agent_depth;
  if (w.tool_param_matches) {
    c.toolParams = Object.entries(w.tool_param_matches).flatMap(([name, globs]) =>
      globs.map((g) => ({ name, glob: commandGlob(g.toLowerCase()) })),
    );
  }
  if (w.call_count) c.callCount = w.call_count;
  const sessions = compileSessionWhen(w, home);
  if (sessions) c.sessions = sessions;
  if (w.response_matches?.length) c.responseMatch = compileRe2List(w.response_matches);
  if (w.response_not_matches?.length) c.responseNot = compileRe2List(w.response_not_matches);
  return c;
}

/**
 * Compiles parsed files (already merged and checked for duplicate names) into one set. `own`
 * names the policies whose command patterns go to an index of their own (CompiledSet.ownIndex);
 * where they go changes which marks a call needs, never a decision.
 */
export function compileSet(
  files: ParsedPolicyFile[],
  home: string,
  own?: (file: string, ast: PolicyAst) => boolean,
): CompiledSet {
  const set: CompiledSet = {
    ordered: [],
    all: [],
    commandIndex: new WordIndex(true),
    ownIndex: own ? new WordIndex(true) : null,
    pathIndex: new WordIndex(),
    countedTools: new Set(),
    ruleCount: 0,
    gates: new PolicyGates([]),
  };
  let order = 0;
  let ruleId = 0;
  for (const f of files) {
    const durable = isDurableFile(f.file);
    for (const ast of f.policies) {
      const isOwn = own !== undefined && own(f.file, ast);
      const policy: CompiledPolicy = {
        ast,
        name: ast.name,
        file: f.file,
        durable,
        order: order++,
        priority: ast.priority,
        tools: ast.match.tool.length ? ast.match.tool.map(commandGlob) : null,
        agents: ast.match.agent.length && !ast.match.agent.includes('*') ? ast.match.agent.map(commandGlob) : null,
        sessions:
          ast.match.session.length && !ast.match.session.includes('*') ? ast.match.session.map(commandGlob) : null,
        rules: [],
        hasResponseRules: false,
        countsOwnTool: false,
        own: isOwn,
      };
      for (const r of ast.rules) {
        const when = compileWhen(r.when, set, home, isOwn);
        policy.rules.push({
          id: ruleId++,
          ast: r,
          action: r.action,
          restrictive: r.action === 'deny' || r.action === 'ask',
          expiresAt: r.expiresAt,
          when,
          policy,
        });
        if (when.responseMatch) policy.hasResponseRules = true;
        if (when.callCount) {
          if (when.callCount.tool) set.countedTools.add(when.callCount.tool);
          else policy.countsOwnTool = true;
        }
      }
      set.ruleCount += policy.rules.length;
      set.all.push(policy);
      if (ast.enabled) set.ordered.push(policy);
    }
  }
  set.ordered.sort((a, b) => a.priority - b.priority || a.order - b.order);
  set.commandIndex.seal();
  set.ownIndex?.seal();
  set.pathIndex.seal();
  set.gates = new PolicyGates(set.all);
  return set;
}
