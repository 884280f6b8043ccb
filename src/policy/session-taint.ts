// The taint labels a call's rules put on its session, credential and run
// (docs/session-rules.md).
import type { CompiledPolicy } from './compile.js';
import type { TaintSpec } from './session-state.js';
import { commandSide, whenMatches, type CallView } from './match.js';
import { ruleActive, type RuleFilter } from './evaluate.js';

/**
 * The taint labels that the rules in scope with a `taint` field put on this call. Read as deny
 * rules are (any reading of the call matching counts), and whatever the decision was: a session
 * that tried to read a secret is treated as holding it (docs/session-rules.md).
 */
export function taintsOf(scope: CompiledPolicy[], view: CallView, f: RuleFilter): TaintSpec[] {
  const out: TaintSpec[] = [];
  const mayFire = view.mayFire;
  for (const p of scope) {
    // A policy none of whose rules can match this call (policy-gate.ts) sets no taint either.
    if (mayFire && !mayFire(p)) continue;
    for (const r of p.rules) {
      const t = r.ast.taint;
      if (!t || !ruleActive(r, f)) continue;
      if (out.some((x) => x.label === t.label && x.ttlMs >= t.ttlMs)) continue;
      const w = r.when;
      if (!w.isDefault && !w.unconditional) {
        if (!commandSide(r.id, f.ruleCount, w, view, true)) continue;
        if (!whenMatches(w, view, true, undefined, true)) continue;
      }
      out.push({ label: t.label, ttlMs: t.ttlMs, policy: p.name });
    }
  }
  return out;
}

/** Labels from a call and from what it amounts to, one per label (the longest lasting). */
export function mergeTaints(lists: (TaintSpec[] | undefined)[]): TaintSpec[] | undefined {
  const by = new Map<string, TaintSpec>();
  for (const l of lists)
    for (const t of l ?? []) {
      const old = by.get(t.label);
      if (!old || old.ttlMs < t.ttlMs) by.set(t.label, t);
    }
  return by.size ? [...by.values()] : undefined;
}
