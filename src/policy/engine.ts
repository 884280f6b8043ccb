// The policy engine: loads a policy set (file, directory or several), and evaluates tool calls
// and tool responses against it. Evaluation is synchronous, compiles nothing, and fails closed
// on inputs it cannot read unambiguously.
import { homedir } from 'node:os';
import { systemClock, type Clock } from '../util/clock.js';
import type { Decision, EvaluateOptions, FinalAction, PolicyEngine, PolicySummaryRule, ToolCall } from './types.js';
import type { InlineTestCase, ParsedPolicyFile } from './ast.js';
import {
  readFields,
  oversizedField,
  AmbiguousInputError,
  MAX_COMMAND_BYTES,
  MAX_INPUT_BYTES,
  paramText,
  tooLong,
  type CallFields,
} from './accessors.js';
import { compileSet, type CompiledPolicy, type CompiledRule, type CompiledSet } from './compile.js';
import { CallCounter } from './counter.js';
import { decideRequest, decideResponse, defaultDecision, ruleActive, type RuleFilter } from './evaluate.js';
import { normalizeDomain } from './glob.js';
import { commandTexts, markTexts } from './command-marks.js';
import { loadPolicyFiles } from './loader.js';
import type { PolicyParseCache } from './parse-cache.js';
import type { CallView, CommandReadings, SharedMatches } from './match.js';
import { removeOnceRule } from './once.js';
import { pathReadings, PathResolver } from './paths.js';
import { analyzeCommand } from './shell.js';
import { explainCall, type ExplainResult } from './explain.js';
import { summarize } from './summary.js';
import type { SharedAnalysis } from './shadow-cache.js';
import type { ProjectLayer, ProjectLayerSource } from './project-types.js';
import { overlayDecision, overlayResponse } from './project-overlay.js';
import { mergeTaints, taintsOf } from './session-taint.js';
import type { SessionLookup } from './session-types.js';
import { WatchedSession } from './session-watch.js';
import {
  derivedCall,
  EffectCache,
  effectsOf,
  MAX_EFFECT_DEPTH,
  strictest,
  toolMayHaveEffects,
  type DerivedResult,
} from './effects/decide.js';
import type { TaintSpec } from './session-state.js';
import { FifoMap } from '../util/fifo-map.js';
import { DecisionMemo } from './decision-memo.js';
import { DerivedMemo } from './derived-memo.js';

export { PolicyLoadError } from './policy-errors.js';
export { parsePolicyText, parsePolicyTextLenient } from './parse.js';
export { CallCounter } from './counter.js';
export type { ExplainResult, ExplainRule } from './explain.js';

/** Distinct commands whose analysis is kept (analysis is pure, so a cache is safe)... */
const COMMAND_CACHE_ENTRIES = 8192;
/** ...within this many characters of readings in total. */
const COMMAND_CACHE_CHARS = 8 * 1024 * 1024;
/** Distinct tool names whose in-scope policy list is kept. */
const SCOPE_CACHE_SIZE = 1024;

export interface LoadEngineOptions {
  clock?: Clock;
  /** Called after a once-rule was removed from its file, so the owner can reload. */
  onOnceConsumed?: () => void;
  /** call_count state; pass the previous engine's counter on reload so counts carry over. */
  counter?: CallCounter;
  /** Home directory for ~ and $HOME (default: the current user's). */
  home?: string;
  /** Resolve symlinks in paths (default true). */
  resolveSymlinks?: boolean;
  /** Parsed files kept from an earlier start (src/policy/parse-cache.ts). */
  parseCache?: PolicyParseCache;
  /** Command analyses and effects shared with another engine over the same home (a shadow set). */
  shared?: SharedAnalysis;
  /** Projects' own layers, applied to calls made inside them (docs/project-policy.md). */
  projects?: ProjectLayerSource;
  /**
   * false: decisions carry no taints. For a set whose answers are only compared, never recorded
   * into a session (the shadow set): the taints of what a denied call amounts to are the costliest
   * part of its evaluation, and no rule's answer depends on them (rules read the session's
   * taints, not the ones the call is about to add). Default true.
   */
  taints?: boolean;
  /**
   * true: a call denied by its own rules carries only those rules' taints and `taintsDeferred`,
   * without the walk of what it amounts to (withDerivedTaints). For replay's deciding threads
   * alone: the reading thread works a deferred call's full taints out on its own engine only when
   * a later call's session_tainted test could need them (src/policy/replay-taints.ts). The
   * decision is otherwise the one a full evaluation gives. Default false.
   */
  deferDeniedTaints?: boolean;
}

interface PreparedCall {
  /** The clock reading for this evaluation. */
  now: number;
  view: CallView;
  fields: CallFields;
  scope: CompiledPolicy[];
  /** Set when the call must be denied before any rule is consulted. */
  refusal?: string;
}

/** What a call is refused with when a reading throws on it (evaluate and explain say the same). */
function unreadable(err: unknown): string {
  return `this call could not be read (${(err as Error).message})`;
}

export class Engine implements PolicyEngine {
  readonly defaultAction: FinalAction;
  readonly policyCount: number;
  readonly ruleCount: number;
  /** Files loaded, in load order. */
  readonly sources: string[];
  readonly counter: CallCounter;
  /** Whether some file set default_action. */
  readonly defaultActionSet: boolean;
  readonly deterministic: boolean;
  private readonly set: CompiledSet;
  private readonly clock: Clock;
  private readonly home: string;
  private readonly resolver: PathResolver | null;
  private readonly onOnceConsumed?: () => void;
  private readonly consumed = new Set<number>();
  private readonly scopeCache = new Map<string, CompiledPolicy[]>();
  /** Signatures of scope lists (sharedLeaf), kept per list as scopeFor() keeps the lists. */
  private readonly scopeSigs = new WeakMap<CompiledPolicy[], string | null>();
  private readonly taintTools = new Map<string, boolean>();
  private readonly taintScopes = new WeakMap<CompiledPolicy[], CompiledPolicy[]>();
  private readonly commandCache = new FifoMap<string, CommandReadings>();
  private commandCacheChars = 0;
  private readonly needsPaths: boolean;
  private readonly referencedParams: string[];
  private readonly effects: EffectCache;
  private readonly memo = new DecisionMemo();
  private readonly derivedMemo: DerivedMemo;
  private readonly shared: SharedAnalysis | undefined;
  /** Some rule has a taint field and decisions carry taints (LoadEngineOptions.taints). */
  private readonly hasTaintRules: boolean;
  /** LoadEngineOptions.deferDeniedTaints (only where hasTaintRules). */
  private readonly deferTaints: boolean;
  /** The session state of the evaluation in progress (evaluation is synchronous). */
  private session: SessionLookup | undefined;
  /** How many times rules have consulted the session state so far (see watchSession). */
  private sessionReads = 0;
  /** Projects' layers, when they apply (docs/project-policy.md). */
  readonly projects: ProjectLayerSource | undefined;
  /** A project layer blocks this evaluation: a once-rule allow is not used up by it. */
  private holdOnce = false;
  /** Content ids of the policies whose matches can be shared with another engine (shadow-cache.ts). */
  private readonly shareIds: Map<CompiledPolicy, number> | undefined;
  /** During an evaluation with a shared analysis: recording matches, or reusing another engine's. */
  private sharing: 'record' | 'reuse' | undefined;

  constructor(
    readonly files: ParsedPolicyFile[],
    defaultAction: FinalAction,
    opts: LoadEngineOptions & { defaultActionSet?: boolean } = {},
  ) {
    this.clock = opts.clock ?? systemClock;
    this.home = opts.home ?? homedir();
    this.shared = opts.shared?.home === this.home ? opts.shared : undefined;
    this.effects = this.shared?.effects ?? new EffectCache();
    this.resolver = opts.resolveSymlinks === false ? null : new PathResolver();
    this.onOnceConsumed = opts.onOnceConsumed;
    this.projects = opts.projects;
    this.counter = opts.counter ?? new CallCounter();
    this.defaultAction = defaultAction;
    this.defaultActionSet = opts.defaultActionSet ?? true;
    this.sources = files.map((f) => f.file);
    // Content keys of the policies, for sharing answers with another engine (below).
    const keys = this.shared ? new Map(files.flatMap((f) => f.policies.map((a) => [a, policyKey(f.file, a)]))) : null;
    const log = this.shared?.matches;
    // A set deciding after another (a shadow set: shared analysis, no taints) files the command
    // patterns of the policies no such first engine has in an index of their own: the others'
    // answers it takes from the first engine, so marking a call is usually needed for those alone.
    const second = !!log && opts.taints === false;
    const heldIds = second && log && keys ? log.heldByFirst([...keys.values()].map((k) => log.idOf(k))) : null;
    // With no first engine loaded yet (or nothing in common) there is nothing to keep apart.
    const held = heldIds && heldIds.size > 0 ? heldIds : null;
    this.set = compileSet(
      files,
      this.home,
      held && keys && log ? (_file, ast) => !held.has(log.idOf(keys.get(ast) ?? '')) : undefined,
    );
    this.policyCount = this.set.all.length;
    this.ruleCount = this.set.ruleCount;
    this.needsPaths = this.set.all.some((p) => p.rules.some((r) => r.when.path));
    this.deterministic = deterministicFiles(files);
    this.hasTaintRules = opts.taints !== false && this.set.all.some((p) => p.rules.some((r) => r.ast.taint));
    this.deferTaints = this.hasTaintRules && opts.deferDeniedTaints === true;
    this.derivedMemo = new DerivedMemo(this.set.all.flatMap((p) => p.rules));
    const params = new Set<string>();
    for (const p of this.set.all) for (const r of p.rules) for (const t of r.when.toolParams ?? []) params.add(t.name);
    this.referencedParams = [...params];
    if (log && keys) {
      // Only policies whose answer depends on the call alone are shared (docs/shadow-and-replay.md).
      this.shareIds = new Map();
      for (const p of this.set.all)
        if (!p.rules.some((r) => r.ast.once || r.expiresAt !== undefined || r.when.callCount))
          this.shareIds.set(p, log.idOf(keys.get(p.ast) ?? policyKey(p.file, p.ast)));
      log.register(this, [...this.shareIds.values()], !second);
    }
  }

  evaluate(call: ToolCall, opts: EvaluateOptions = {}): Decision {
    const t0 = performance.now();
    const layer = this.projects?.layerFor(call.workdir) ?? null;
    const p = layer ? this.projectDecision(layer, call, opts) : undefined;
    this.session = opts.session && this.watchSession(opts.session);
    this.holdOnce = p?.action === 'deny' || p?.action === 'ask';
    if (this.shareIds && this.shared) this.sharing = this.shared.matches.open(call, this) ? 'reuse' : 'record';
    let d: Decision;
    try {
      d = (this.sharing === 'reuse' && opts.dryRun && this.answered(call)) || this.decide(call, !!opts.dryRun, 0);
    } catch (err) {
      // A reading that throws (a bug, or input no reading foresaw) must not become a 500 that a
      // caller may treat as "no answer": the call is refused, visibly and in the audit log.
      d = defaultDecision('deny', `${unreadable(err)}; refusing`);
    } finally {
      this.session = undefined;
      this.holdOnce = false;
      this.sharing = undefined;
    }
    if (layer && p) d = overlayDecision(d, p, layer, this.isDurableAllow(d));
    d.evalDurationUs = Math.max(0, Math.round((performance.now() - t0) * 1000));
    return d;
  }

  evaluateResponse(call: ToolCall, response: string): Decision {
    const t0 = performance.now();
    let d = decideResponse(this.scopeFor(call), response);
    const layer = this.projects?.layerFor(call.workdir);
    if (layer) d = overlayResponse(d, layer.engine.evaluateResponse(call, response), layer);
    d.evalDurationUs = Math.max(0, Math.round((performance.now() - t0) * 1000));
    return d;
  }

  summary(): { default_action: string; rules: PolicySummaryRule[]; summary: string } {
    return summarize(this.set.all, this.defaultAction);
  }

  /** Makes the project layer of a call current before it is decided (a server's worker read). */
  prepareProject(workdir: string | undefined): Promise<void> | undefined {
    return this.projects?.prepare(workdir);
  }

  /** The project layer a call made in `workdir` is decided with, if any. */
  projectLayer(workdir: string | undefined): ProjectLayer | null {
    return this.projects?.layerFor(workdir) ?? null;
  }

  /** The project layer's answer; one that cannot be read is a deny (fail closed, visibly). */
  private projectDecision(layer: ProjectLayer, call: ToolCall, opts: EvaluateOptions): Decision {
    try {
      return layer.engine.evaluate(call, opts);
    } catch (err) {
      return defaultDecision(
        'deny',
        `the policy of project ${layer.root} could not be evaluated (${(err as Error).message}); refusing`,
      );
    }
  }

  /**
   * The session state as rules see it, counting each time they consult it: a derived call's
   * decision that did not consult it holds whatever the session carries, so the derived-call memo
   * may keep it (keepDerived).
   */
  private watchSession(s: SessionLookup): SessionLookup {
    return new WatchedSession(s, this.countSessionRead);
  }

  /** watchSession's count, made once per engine rather than per evaluation. */
  private readonly countSessionRead = (): void => {
    this.sessionReads++;
  };

  /**
   * Ends the derived-memo recording begun when sessionReads was `reads`: keeps `d` unless it was
   * worked out by consulting the session state (then it holds for that state alone).
   */
  private keepDerived(slot: string, d: Decision | null, reads: number): void {
    this.derivedMemo.end(slot, reads === this.sessionReads ? d : null);
  }

  private isDurableAllow(d: Decision): boolean {
    return d.action === 'allow' && !!d.policy && this.set.all.some((p) => p.durable && p.name === d.policy);
  }

  /** Every reading the engine makes of a call and how each rule in scope fared (dry run). */
  explain(call: ToolCall, session?: SessionLookup): ExplainResult {
    const decision = this.evaluate(call, { dryRun: true, session });
    let x: ExplainResult;
    let prep: PreparedCall | undefined;
    this.session = session;
    try {
      prep = this.prepare(call);
      x = explainCall(call, prep, decision, this.filter());
    } catch (err) {
      // evaluate() refused the call for the same fault: show the refusal, not a stack.
      prep = undefined;
      x = {
        call: { tool: call.tool, agent: call.agent, session: call.session },
        fields: {},
        rules: [],
        decision,
        refusal: unreadable(err),
      };
    } finally {
      this.session = undefined;
    }
    const layer = this.projects?.layerFor(call.workdir);
    if (layer) {
      const px = layer.engine.explain(call, session);
      for (const r of x.rules) if (decision.policyFile) r.decided = false;
      for (const r of px.rules) r.decided = r.decided && decision.policyFile === r.file;
      x.rules.push(...px.rules.map((r) => ({ ...r, layer: 'project' as const })));
      x.project = { root: layer.root, files: layer.files };
    }
    if (prep && !prep.refusal) {
      let derived: DerivedResult[] = [];
      try {
        derived = this.derive(call, prep, 0);
      } catch {
        // the decision above already says the effects could not be read
      }
      if (derived.length)
        x.derived = derived.map((r) => ({
          via: r.effect.via,
          tool: r.call.tool,
          params: r.call.params,
          decision: r.decision,
        }));
    }
    return x;
  }

  /** Decides every call this one amounts to (effects/), dry-run, `depth` levels down. */
  private derive(call: ToolCall, prep: PreparedCall, depth: number, untilDeny = false): DerivedResult[] {
    if (depth >= MAX_EFFECT_DEPTH) return [];
    const list = effectsOf(call, prep.fields.command, prep.fields.path, this.effects, prep.view.cmd?.analysis);
    const out: DerivedResult[] = [];
    for (const effect of list) {
      const c = derivedCall(call, effect, prep.fields.workdir);
      // The effect names the derived call across engines (effects of a command are shared).
      const decision = this.decideDerived(c, depth + 1, effect);
      out.push({ effect, call: c, decision });
      // strictest() stops at the first deny made by a rule: what follows cannot change the outcome.
      if (untilDeny && decision.action === 'deny' && decision.policy) break;
    }
    return out;
  }

  /** decide() for a derived call, through the memo of derived calls' decisions (derived-memo.ts). */
  private decideDerived(c: ToolCall, depth: number, key: object): Decision {
    // A call that amounts to nothing further (a read, a delete) costs its path readings and its
    // own rules, whose answer the decision memo keeps: keeping it here too would only add a key.
    if (!toolMayHaveEffects(c.tool)) {
      // Only the top-level call's own effects: deeper, a derived-memo entry may be recording the
      // path readings its decision rests on, which a decision taken as it is would not make.
      return depth === 1 && this.sharing ? this.sharedLeaf(c, depth, key) : this.decide(c, true, depth, key);
    }
    const memo = this.derivedMemo;
    const slot = memo.slot(c, depth, this.session !== undefined);
    if (slot === null) return this.decide(c, true, depth, key);
    const kept = memo.get(slot, (r) => pathReadings(r.path, r.workdir, this.home, this.resolver).candidates);
    if (kept) return kept;
    memo.begin();
    const reads = this.sessionReads;
    let d: Decision | null = null;
    try {
      d = this.decide(c, true, depth, key);
      return d;
    } finally {
      this.keepDerived(slot, d, reads);
    }
  }

  /**
   * decide() for a derived call that amounts to nothing further, shared with the other engine
   * deciding the same call (a shadow set beside the live one): its decision depends only on the
   * policies of its scope, the set-wide readings of prepare() and the filesystem, so where both
   * engines' scopes for it have the same signature the first engine's decision is the second's,
   * read moments apart. The first engine keeps it; the second takes it (without the taints, which
   * a set deciding without taints never carries).
   */
  private sharedLeaf(c: ToolCall, depth: number, key: object): Decision {
    const log = this.shared?.matches;
    const sig = log ? this.scopeSig(this.scopeFor(c)) : null;
    if (!log || sig === null) return this.decide(c, true, depth, key);
    if (this.sharing === 'reuse') {
      const kept = log.decisionFor(key, sig);
      if (kept) {
        if (kept.taints === undefined || this.hasTaintRules) return kept;
        const { taints: _, ...rest } = kept;
        return rest;
      }
      return this.decide(c, true, depth, key);
    }
    const d = this.decide(c, true, depth, key);
    log.keepDecision(key, sig, d);
    return d;
  }

  /**
   * What a decision in this scope depends on besides the call: the policies (by shared content
   * id, in order), the default action, and the set-wide readings prepare() makes (symlink
   * resolution, path readings, the parameters rules name). Null when a policy of the scope is not
   * shared (its answer may depend on this engine's own state, or the other set lacks it).
   */
  private scopeSig(scope: CompiledPolicy[]): string | null {
    const hit = this.scopeSigs.get(scope);
    if (hit !== undefined) return hit;
    const ids = this.shareIds;
    let sig: string | null =
      `${this.defaultAction}\0${this.resolver ? 1 : 0}\0${this.needsPaths ? 1 : 0}\0${JSON.stringify(this.referencedParams)}\0`;
    for (const p of scope) {
      const id = ids?.get(p);
      if (id === undefined) {
        sig = null;
        break;
      }
      sig += `${id},`;
    }
    this.scopeSigs.set(scope, sig);
    return sig;
  }

  /** The `tests:` sections of the loaded files. */
  inlineTests(): { file: string; cases: InlineTestCase[] }[] {
    return this.files.filter((f) => f.tests.length).map((f) => ({ file: f.file, cases: f.tests }));
  }

  /** Recorded calls per tool (status call_counts). */
  callCounts(): Record<string, number> {
    return this.counter.snapshot(this.clock.now());
  }

  private filter(): RuleFilter {
    return { now: this.clock.now(), ruleCount: this.ruleCount, consumed: this.consumed };
  }

  /** Enabled policies whose match fits the call, in evaluation order. */
  scopeFor(call: ToolCall): CompiledPolicy[] {
    let byTool = this.scopeCache.get(call.tool);
    if (!byTool) {
      byTool = this.set.ordered.filter((p) => !p.tools || p.tools.some((g) => g.test(call.tool)));
      if (this.scopeCache.size >= SCOPE_CACHE_SIZE) this.scopeCache.clear();
      this.scopeCache.set(call.tool, byTool);
      this.memo.register(byTool);
    }
    let out: CompiledPolicy[] | undefined;
    for (let i = 0; i < byTool.length; i++) {
      const p = byTool[i];
      if (!p) continue;
      const fits =
        (!p.agents || p.agents.some((g) => g.test(call.agent ?? ''))) &&
        (!p.sessions || p.sessions.some((g) => g.test(call.session ?? '')));
      if (!fits && !out) out = byTool.slice(0, i);
      else if (fits && out) out.push(p);
    }
    return out ?? byTool;
  }

  private readings(command: string): CommandReadings {
    const hit = this.commandCache.get(command);
    if (hit) return hit;
    const analysis = this.shared ? this.shared.analyze(command) : analyzeCommand(command, { home: this.home });
    const r: CommandReadings = {
      analysis,
      marks: null,
      ownMarks: null,
      lower: null,
      rawSlashed: analysis.raw.includes('\\') ? analysis.raw.replace(/\\/g, '/') : analysis.raw,
      size: 0,
      own: null,
      granting: null,
      decided: null,
      decidedIn: -1,
    };
    r.size = command.length + analysis.candidates.reduce((n, c) => n + c.length, 0);
    while (
      this.commandCache.size &&
      (this.commandCache.size >= COMMAND_CACHE_ENTRIES || this.commandCacheChars + r.size > COMMAND_CACHE_CHARS)
    ) {
      const first = this.commandCache.shift();
      if (!first) break;
      this.commandCacheChars -= first[1].size;
    }
    this.commandCache.set(command, r);
    this.commandCacheChars += r.size;
    return r;
  }

  /** Reads the call once: fields, command readings, path readings, word-index marks. */
  private prepare(call: ToolCall, key: object = call): PreparedCall {
    const now = this.clock.now();
    const set = this.set;
    let marked = false;
    let markedOwn = false;
    const view: CallView = {
      call,
      session: this.session,
      matches: this.sharedMatches(key),
      count: (tool, windowMs) => this.counter.count(tool, windowMs, now),
      markCommand: (own) => {
        if (own && set.ownIndex) {
          if (markedOwn || !view.cmd) return;
          markedOwn = true;
          const cmd = view.cmd;
          const index = set.ownIndex;
          index.begin();
          if (cmd.ownMarks) index.markAll(cmd.ownMarks);
          else {
            markTexts(index, cmd.rawSlashed, commandTexts(cmd.analysis));
            cmd.ownMarks = index.markedIds();
          }
          return;
        }
        if (marked || !view.cmd) return;
        marked = true;
        const index = set.commandIndex;
        index.begin();
        const cmd = view.cmd;
        if (cmd.marks) {
          index.markAll(cmd.marks);
          return;
        }
        // Every text a command pattern or needle is tried on (see match.ts), each read once.
        markTexts(index, cmd.rawSlashed, commandTexts(cmd.analysis));
        // The marks depend on the command alone: the next call with it replays them.
        cmd.marks = index.markedIds();
      },
    };
    let fields: CallFields;
    try {
      fields = readFields(call);
    } catch (err) {
      if (!(err instanceof AmbiguousInputError)) throw err;
      return { now, view, fields: {}, scope: [], refusal: err.message };
    }
    const big = oversizedField(call, fields);
    if (big)
      return {
        now,
        view,
        fields,
        scope: [],
        refusal: `${big} is longer than ${big === 'command' ? MAX_COMMAND_BYTES : MAX_INPUT_BYTES} bytes; refusing to evaluate it`,
      };
    for (const name of this.referencedParams) {
      const t = paramText(call.input?.[name] ?? call.params[name]);
      if (tooLong(t)) {
        return {
          now,
          view,
          fields,
          scope: [],
          refusal: `parameter ${name} is longer than ${MAX_INPUT_BYTES} bytes; refusing to evaluate it`,
        };
      }
    }
    const scope = this.scopeFor(call);
    set.pathIndex.begin();
    if (fields.command !== undefined) {
      const r = this.readings(fields.command);
      if (r.analysis.truncated)
        return { now, view, fields, scope, refusal: `command cannot be analysed safely: ${r.analysis.truncated}` };
      view.cmd = r;
    }
    if (fields.path !== undefined && this.needsPaths) {
      const pr = pathReadings(fields.path, fields.workdir, this.home, this.resolver, call.tool === 'delete');
      // a decision kept for a derived call holds only while its paths read the same (symlinks)
      if (this.resolver)
        this.derivedMemo.read({ path: fields.path, workdir: fields.workdir, candidates: pr.candidates });
      view.paths = pr.candidates;
      const wd = pr.workdir;
      view.pathsRel = pr.candidates.map((p) =>
        wd && p.startsWith(wd === '/' ? '/' : wd + '/') ? p.slice(wd === '/' ? 1 : wd.length + 1) : undefined,
      );
      for (const p of pr.candidates) set.pathIndex.markText(p);
    }
    if (fields.url !== undefined) view.url = fields.url.includes('\\') ? fields.url.replace(/\\/g, '/') : fields.url;
    if (fields.domain !== undefined) view.domain = normalizeDomain(fields.domain);
    const gates = set.gates;
    if (gates.useful && set.ownIndex) {
      // Two command indexes (compile.ts ownIndex): each marked, and its policies opened, only
      // when a policy filed in it is asked about; a shadow set whose shared policies are all
      // answered by the live set marks only its own index.
      let epoch = -1;
      let opened = false;
      let openedOwn = false;
      const ownIndex = set.ownIndex;
      view.mayFire = (p) => {
        if (epoch < 0)
          epoch = gates.compute(null, view.paths ? set.pathIndex : null, view.url !== undefined, view.domain);
        if (view.cmd) {
          if (p.own) {
            if (!openedOwn) {
              openedOwn = true;
              view.markCommand(true);
              gates.openCommand(ownIndex, true, epoch);
            }
          } else if (!opened) {
            opened = true;
            view.markCommand(false);
            gates.openCommand(set.commandIndex, false, epoch);
          }
        }
        return gates.mayFire(p, epoch);
      };
    } else if (gates.useful) {
      // Worked out on the first policy asked about (a call whose answer is memoized asks none).
      let epoch = -1;
      view.mayFire = (p) => {
        if (epoch < 0) {
          // The command's marks are needed to know which policies can fire: make them now.
          if (view.cmd) view.markCommand();
          epoch = gates.compute(
            view.cmd ? set.commandIndex : null,
            view.paths ? set.pathIndex : null,
            view.url !== undefined,
            view.domain,
          );
        }
        return gates.mayFire(p, epoch);
      };
    }
    return { now, view, fields, scope };
  }

  /**
   * The decision of a call the engine deciding it first denied by a rule, from that engine's
   * answers alone, when they settle it as a deny here too: every policy this set asks about
   * before the deny is one the two share (no own policy, no policy the first engine never reached).
   * decideRequest itself decides, on a view that holds those answers and nothing else: asked for
   * anything they do not answer (a gate), the answer is dropped and the call decided in full.
   * Equal to decide(): a call the first engine denied by a rule read the same fields, sizes and
   * command (no refusal), and a deny here ends decide() (a dry run, no taints: nothing is counted,
   * used up or derived). The one reading that is this set's own, the parameters its rules name, is
   * checked here. Null: decide in full. Only for a dry run of a set deciding without taints.
   */
  private answered(call: ToolCall): Decision | null {
    const log = this.shared?.matches;
    if (!log?.deniedFirst(call) || this.hasTaintRules) return null;
    const matches = this.sharedMatches(call);
    if (!matches) return null;
    for (const name of this.referencedParams)
      if (tooLong(paramText(call.input?.[name] ?? call.params[name]))) return null;
    let asked = false;
    const view = {
      call,
      matches,
      mayFire: () => {
        asked = true;
        return false;
      },
    } as unknown as CallView;
    const filter: RuleFilter = { now: 0, ruleCount: this.ruleCount, consumed: this.consumed };
    const out = decideRequest(this.scopeFor(call), view, filter, this.defaultAction);
    return !asked && out.decision.action === 'deny' && out.decision.policy !== undefined ? out.decision : null;
  }

  /** The matches another engine found for this call, or where this engine records its own. */
  private sharedMatches(key: object): SharedMatches | undefined {
    const ids = this.shareIds;
    if (!this.sharing || !ids || !this.shared) return undefined;
    const record = this.sharing === 'record';
    const results = this.shared.matches.results(key, record);
    return results ? { ids, results, record } : undefined;
  }

  private decide(
    call: ToolCall,
    dryRun: boolean,
    depth: number,
    key: object = call,
    prepared?: PreparedCall,
  ): Decision {
    const prep = prepared ?? this.prepare(call, key);
    if (prep.refusal) return defaultDecision('deny', prep.refusal);
    const own = this.decideOwn(call, prep, dryRun, depth === 0);
    if (own.action === 'deny') {
      if (!this.hasTaintRules) return own;
      // The top-level call only: its decision is final here (own), and only its taints wait; a
      // derived call's deny feeds the decision of the call above it, so it is walked as before.
      if (depth === 0 && this.deferTaints) return { ...own, taintsDeferred: true };
      return this.withDerivedTaints(own, call, prep, depth);
    }
    let derived: DerivedResult[];
    try {
      derived = this.derive(call, prep, depth, true);
    } catch (err) {
      // A call whose effects cannot be read is not waved through (fail closed, visibly).
      return defaultDecision(
        'deny',
        `what this call amounts to could not be read (${(err as Error).message}); refusing`,
      );
    }
    if (!derived.length) return own;
    const d = strictest(own, derived);
    if (!this.hasTaintRules) return d;
    const taints = mergeTaints([own.taints, ...derived.map((r) => r.decision.taints)]);
    return taints ? { ...d, taints } : d;
  }

  /** A denied call still taints by what it amounts to (a denied `cat ~/.ssh/id_rsa` reads a key). */
  private withDerivedTaints(own: Decision, call: ToolCall, prep: PreparedCall, depth: number): Decision {
    let derived: (TaintSpec[] | undefined)[];
    try {
      derived = this.derivedTaints(call, prep, depth);
    } catch {
      return own;
    }
    const taints = mergeTaints([own.taints, ...derived]);
    return taints ? { ...own, taints } : own;
  }

  /**
   * The taints of the calls this one amounts to, as derive() would decide them. Only the taints
   * are wanted, so a derived call is decided in full only when it can amount to calls of its own;
   * otherwise its taints are its own taint rules' (none when no policy for its tool has one).
   */
  private derivedTaints(call: ToolCall, prep: PreparedCall, depth: number): (TaintSpec[] | undefined)[] {
    if (depth >= MAX_EFFECT_DEPTH) return [];
    const out: (TaintSpec[] | undefined)[] = [];
    for (const effect of effectsOf(
      call,
      prep.fields.command,
      prep.fields.path,
      this.effects,
      prep.view.cmd?.analysis,
    )) {
      const c = derivedCall(call, effect, prep.fields.workdir);
      if (toolMayHaveEffects(c.tool)) {
        const d = this.derivedForTaints(c, depth + 1);
        if (d) out.push(d.taints);
        continue;
      }
      if (!this.taintsTool(c.tool)) continue;
      out.push(this.ownTaints(c, depth + 1));
    }
    return out;
  }

  /**
   * The taints a derived call that amounts to nothing further gets from its own taint rules
   * (undefined when it is refused). Kept in the derived-call memo beside the decisions, under a
   * key of its own, with the path readings they were worked out from: a denied command seen again
   * need not read and match its derived reads anew while their paths read the same.
   */
  private ownTaints(c: ToolCall, depth: number): TaintSpec[] | undefined {
    const memo = this.derivedMemo;
    const decisionSlot = memo.slot(c, depth, this.session !== undefined);
    const slot = decisionSlot === null ? null : `taints${decisionSlot}`;
    if (slot !== null) {
      const kept = memo.get(slot, (r) => pathReadings(r.path, r.workdir, this.home, this.resolver).candidates);
      if (kept) return kept.taints;
      memo.begin();
    }
    const reads = this.sessionReads;
    let d: Decision | null = null;
    try {
      const p = this.prepare(c);
      d = defaultDecision('allow', '');
      if (!p.refusal)
        d.taints = taintsOf(this.tainting(p.scope), p.view, {
          now: p.now,
          ruleCount: this.ruleCount,
          consumed: this.consumed,
        });
      return d.taints;
    } finally {
      if (slot !== null) this.keepDerived(slot, d, reads);
    }
  }

  /**
   * The decision of a derived call that can amount to calls of its own, for its taints: undefined
   * when it can have none (no taint rule for its tool and no calls derived from it), in which case
   * its own rules need not be matched at all. Through the derived-call memo like decideDerived().
   */
  private derivedForTaints(c: ToolCall, depth: number): Decision | undefined {
    const memo = this.derivedMemo;
    const slot = memo.slot(c, depth, this.session !== undefined);
    if (slot !== null) {
      const kept = memo.get(slot, (r) => pathReadings(r.path, r.workdir, this.home, this.resolver).candidates);
      if (kept) return kept;
      memo.begin();
    }
    const reads = this.sessionReads;
    let d: Decision | null = null;
    try {
      const p = this.prepare(c);
      // Its taints are its own taint rules' and those of the calls it amounts to (decide() may
      // drop some, never add): with neither, it has none, whatever it is decided, and its rules
      // need not be matched. Most derived commands (`exposes-secret ...`, a tool's request) are so.
      if (!this.hasOwnTaints(c, p) && !this.hasEffects(c, p, depth)) return undefined;
      d = this.decide(c, true, depth, c, p);
      return d;
    } finally {
      if (slot !== null) this.keepDerived(slot, d, reads);
    }
  }

  /**
   * Whether some taint rule of this prepared call's scope matches it: the taints decideOwn()
   * would put on it (none for a refused call, which decide() denies before any rule).
   */
  private hasOwnTaints(call: ToolCall, prep: PreparedCall): boolean {
    if (prep.refusal || !this.taintsTool(call.tool)) return false;
    const filter: RuleFilter = { now: prep.now, ruleCount: this.ruleCount, consumed: this.consumed };
    return taintsOf(this.tainting(prep.scope), prep.view, filter).length > 0;
  }

  /**
   * Whether decide() at `depth` would find calls derived from this prepared one (false where it
   * would not look: a refusal, the depth limit, or effects that cannot be read, which decide()
   * turns into a deny without taints).
   */
  private hasEffects(call: ToolCall, prep: PreparedCall, depth: number): boolean {
    if (prep.refusal || depth >= MAX_EFFECT_DEPTH) return false;
    try {
      return effectsOf(call, prep.fields.command, prep.fields.path, this.effects, prep.view.cmd?.analysis).length > 0;
    } catch {
      return false;
    }
  }

  /**
   * The policies of a scope that have a rule with a taint field, in scope order (the scope lists
   * of scopeFor() are kept per tool, so this is worked out once per list, not per call).
   */
  private tainting(scope: CompiledPolicy[]): CompiledPolicy[] {
    let hit = this.taintScopes.get(scope);
    if (!hit) {
      hit = scope.filter((p) => p.rules.some((r) => r.ast.taint));
      this.taintScopes.set(scope, hit);
    }
    return hit;
  }

  /** Whether some policy that can apply to this tool has a rule with a taint field. */
  private taintsTool(tool: string): boolean {
    let hit = this.taintTools.get(tool);
    if (hit === undefined) {
      hit = this.set.ordered.some(
        (p) => (!p.tools || p.tools.some((g) => g.test(tool))) && p.rules.some((r) => r.ast.taint),
      );
      if (this.taintTools.size >= SCOPE_CACHE_SIZE) this.taintTools.clear();
      this.taintTools.set(tool, hit);
    }
    return hit;
  }

  private decideOwn(call: ToolCall, prep: PreparedCall, dryRun: boolean, top = false): Decision {
    const filter: RuleFilter = { now: prep.now, ruleCount: this.ruleCount, consumed: this.consumed };
    if (!dryRun && this.wantsCount(call.tool, prep.scope, filter)) {
      if (!this.counter.record(call.tool, filter.now))
        return defaultDecision('deny', 'call counter is full; refusing to evaluate (fail closed)');
    }
    // The answer of a call seen before, when nothing but the call decides it (decision-memo.ts).
    const slot = this.memo.slot(prep.scope, prep.view, prep.fields.command);
    const kept = slot === null ? undefined : this.memo.get(slot, prep.view.cmd);
    if (kept) return kept;
    const out = decideRequest(prep.scope, prep.view, filter, this.defaultAction);
    let d = out.decision;
    // A rule's deny of the call itself, its answers recorded: the engine deciding the same call
    // next may need none of its own work (answered()).
    if (top && d.action === 'deny' && d.policy !== undefined && this.sharing === 'record')
      this.shared?.matches.denied(call);
    if (!dryRun && !this.holdOnce && out.onceRule && d.action === 'allow') d = this.consumeOnce(out.onceRule, d);
    if (this.hasTaintRules && this.taintsTool(call.tool)) {
      const taints = taintsOf(this.tainting(prep.scope), prep.view, filter);
      if (taints.length) d = { ...d, taints };
    }
    if (slot !== null) this.memo.set(slot, prep.view.cmd, d);
    return d;
  }

  /** Record only when some active call_count rule could look at this tool (docs/policy.md). */
  private wantsCount(tool: string, scope: CompiledPolicy[], f: RuleFilter): boolean {
    if (this.set.countedTools.has(tool)) return true;
    for (const p of scope) {
      if (p.countsOwnTool && p.rules.some((r) => r.when.callCount && !r.when.callCount.tool && ruleActive(r, f)))
        return true;
    }
    return false;
  }

  private consumeOnce(rule: CompiledRule, decision: Decision): Decision {
    try {
      removeOnceRule(rule.policy.file, rule.policy.name, rule.ast.index);
    } catch (err) {
      return {
        ...defaultDecision(
          'deny',
          `one-time authorization could not be claimed; failing closed (${(err as Error).message})`,
        ),
        matchedPolicies: decision.matchedPolicies,
        policy: decision.policy,
      };
    }
    this.consumed.add(rule.id);
    this.onOnceConsumed?.();
    return decision;
  }
}

/**
 * Whether an engine over these files gives an identical call the same answer every time
 * (Engine.deterministic), read from the parsed rules: compileSet compiles every rule of every
 * file, and a rule's call count, session history keys, expiry and action are its parsed ones, so
 * this is the compiled set's answer without compiling it (replay's reading thread asks before it
 * knows whether it will decide any call itself). Taint-only rules keep a set deterministic: the
 * server drops cached allows whenever a new taint is set (docs/session-rules.md); history keys
 * change the answer with every call.
 */
export function deterministicFiles(files: readonly ParsedPolicyFile[]): boolean {
  return !files.some((f) =>
    f.policies.some((p) =>
      p.rules.some(
        (r) =>
          !!r.when.call_count ||
          !!r.when.session_after ||
          !!r.when.session_count ||
          r.expiresAt !== undefined ||
          r.once ||
          r.action === 'webhook',
      ),
    ),
  );
}

/** A policy's content key: the same file path and parsed text are the same policy in any engine. */
function policyKey(file: string, ast: unknown): string {
  return `${file}\0${JSON.stringify(ast)}`;
}

/** Loads a policy file, a directory of them, or several paths in order; throws PolicyLoadError. */
export function loadEngine(configPath: string | string[], opts: LoadEngineOptions = {}): Engine {
  const loaded = loadPolicyFiles(configPath, { cache: opts.parseCache });
  return new Engine(loaded.files, loaded.defaultAction, { ...opts, defaultActionSet: loaded.defaultActionSet });
}

export type { PreparedCall };
