// The policies of a shadow set that the live set does not load in the same form (its candidate
// files' policies, and any policy whose answer depends on the engine's own state), compiled a
// second time on their own, with word indexes and gates of their own.
//
// When the live set has just decided a call, the shadow reuses its answer for every shared
// policy (shadow-cache.ts MatchLog) and needs to match only these. Marking the call's words in
// the shadow's full index (every pattern of the standard profile plus the candidate's) was half
// of the shadow's cost; their own index holds only their patterns, so marking a command for them
// finds few words and fragments. The full index is still marked, as before, for a shared policy
// the live set left unanswered (a call whose decision its memo kept, say).
//
// A policy compiled here decides exactly as in the full set: the same parsed policy, the same
// home, the same globs; the word index and gates only ever skip patterns and policies that cannot
// match (policy-gate.ts). The rule returned is the full set's rule at the same position, so the
// decision (policy, rule index, message, once-rule) is the one the full set would make.
import type { ParsedPolicyFile } from './ast.js';
import { compileSet, type CompiledPolicy, type CompiledRule, type CompiledSet } from './compile.js';
import { firstMatch, type RuleFilter } from './evaluate.js';
import type { CallView, CommandReadings, OwnMatcher } from './match.js';
import { commandMarker, policyGate } from './call-marks.js';

export class OwnPolicies {
  private readonly set: CompiledSet;
  /** A policy of the full set -> the same policy compiled here. */
  private readonly twins = new Map<CompiledPolicy, CompiledPolicy>();
  /** Used only while the full set has consumed no once-rule (the engine checks), so none here. */
  private readonly consumed = new Set<number>();

  constructor(files: ParsedPolicyFile[], all: CompiledPolicy[], own: (p: CompiledPolicy) => boolean, home: string) {
    const asts = new Set(all.filter(own).map((p) => p.ast));
    this.set = compileSet(
      files.map((f) => ({ ...f, policies: f.policies.filter((a) => asts.has(a)) })),
      home,
    );
    const byAst = new Map(this.set.all.map((p) => [p.ast, p]));
    for (const p of all) {
      const t = byAst.get(p.ast);
      if (t) this.twins.set(p, t);
    }
  }

  /** The matcher of one call, whose view of the own policies is made on the first one asked. */
  matcher(view: CallView, now: number): OwnMatcher {
    const f: RuleFilter = { now, ruleCount: this.set.ruleCount, consumed: this.consumed };
    let own: CallView | undefined;
    return {
      has: (p) => this.twins.has(p),
      match: (p, granting) => {
        const t = this.twins.get(p);
        if (!t) return undefined;
        own ??= this.viewOf(view);
        if (own.mayFire && !own.mayFire(t)) return undefined;
        const r = firstMatch(t, own, f, granting);
        return r ? p.rules[t.rules.indexOf(r)] : undefined;
      },
    };
  }

  /** The call as the own policies read it: the full view's fields, marks in the own indexes. */
  private viewOf(v: CallView): CallView {
    const set = this.set;
    const own: CallView = { call: v.call, count: v.count, markCommand: () => undefined };
    own.markCommand = commandMarker(set, own);
    if (v.session) own.session = v.session;
    if (v.cmd) own.cmd = v.cmd.twin ??= twinReadings(v.cmd);
    set.pathIndex.begin();
    if (v.paths) {
      own.paths = v.paths;
      if (v.pathsRel) own.pathsRel = v.pathsRel;
      for (const p of v.paths) set.pathIndex.markText(p);
    }
    if (v.url !== undefined) own.url = v.url;
    if (v.domain !== undefined) own.domain = v.domain;
    const gate = policyGate(set, own);
    if (gate) own.mayFire = gate;
    return own;
  }
}

/** Readings of the same command for another compiled set: its marks and rule results apart. */
function twinReadings(r: CommandReadings): CommandReadings {
  return {
    analysis: r.analysis,
    marks: null,
    lower: r.lower,
    rawSlashed: r.rawSlashed,
    size: 0,
    own: null,
    granting: null,
    decided: null,
    decidedIn: -1,
  };
}
