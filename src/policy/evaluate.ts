// Stage 4: combining rule matches into one decision (docs/policy.md).
// Inside a policy the first matching rule speaks; across policies deny wins at once, then
// webhook > ask > watch > allow; a durable override allow beats everything but deny; when no
// rule fires, default_action applies. The response side turns ask/webhook into deny.
import type { Action, Decision, FinalAction } from './types.js';
import type { CompiledPolicy, CompiledRule } from './compile.js';
import { commandSide, whenMatches, type CallView } from './match.js';

const STRENGTH: Record<Action, number> = { allow: 1, watch: 2, ask: 3, webhook: 4, deny: 5 };

/** Largest response scanned by response rules; a larger one is withheld (never scan a prefix). */
export const RESPONSE_MAX_BYTES = 1024 * 1024;

export interface RuleFilter {
  now: number;
  /** Rules in the set (sizes the per-command caches). */
  ruleCount: number;
  /** Once-rules already consumed by this engine (the file rewrite may still be reloading). */
  consumed: Set<number>;
}

export function ruleActive(r: CompiledRule, f: RuleFilter): boolean {
  const exp = r.expiresAt;
  return (exp === undefined || f.now < exp) && (f.consumed.size === 0 || !f.consumed.has(r.id));
}

/**
 * The first active rule of a policy that matches (each rule read by its own action, or all as
 * granting for the durable pass). The command side of each rule is cached per command.
 */
export function firstMatch(
  p: CompiledPolicy,
  view: CallView,
  f: RuleFilter,
  allGranting = false,
): CompiledRule | undefined {
  const rules = p.rules;
  for (let i = 0; i < rules.length; i++) {
    const r = rules[i];
    if (!r) continue;
    if (!ruleActive(r, f)) continue;
    const w = r.when;
    const restrictive = allGranting ? false : r.restrictive;
    if (w.isDefault || w.unconditional) return r;
    if (!commandSide(r.id, f.ruleCount, w, view, restrictive)) continue;
    // A path rule cannot match when none of its patterns could (word index).
    if (w.pathIndexed && (!view.paths || !w.pathIndexed.maybe())) continue;
    if (whenMatches(w, view, restrictive, undefined, true)) return r;
  }
  return undefined;
}

/**
 * firstMatch, or the answer another engine found for the same policy and call (a shadow set
 * beside the live one: see SharedMatches in match.ts); `granting` answers are kept apart.
 */
function matchIn(p: CompiledPolicy, view: CallView, f: RuleFilter, granting: boolean): CompiledRule | undefined {
  const m = view.matches;
  const id = m?.ids.get(p);
  if (m === undefined || id === undefined) return firstMatch(p, view, f, granting);
  const key = granting ? -id : id;
  if (!m.record) {
    const i = m.results.get(key);
    if (i !== undefined) return i < 0 ? undefined : p.rules[i];
  }
  const r = firstMatch(p, view, f, granting);
  if (m.record) m.results.set(key, r ? p.rules.indexOf(r) : -1);
  return r;
}

/**
 * The answer another engine already found for this policy and call: the rule, null for none, or
 * undefined when there is none to reuse. Asked before the policy's gate, so a second engine whose
 * policies are all answered (a shadow reaching a deny the live set found) marks no command at all.
 */
function reused(p: CompiledPolicy, view: CallView, granting: boolean): CompiledRule | null | undefined {
  const m = view.matches;
  if (m === undefined || m.record) return undefined;
  const id = m.ids.get(p);
  if (id === undefined) return undefined;
  const i = m.results.get(granting ? -id : id);
  if (i === undefined) return undefined;
  return i < 0 ? null : (p.rules[i] ?? null);
}

/** A policy its gate closed matches nothing: recorded as such for the engine that reuses answers. */
function gated(p: CompiledPolicy, view: CallView, granting: boolean): void {
  const m = view.matches;
  if (m === undefined || !m.record) return;
  const id = m.ids.get(p);
  if (id !== undefined) m.results.set(granting ? -id : id, -1);
}

const VERB: Record<Action, string> = {
  allow: 'allowed',
  deny: 'denied',
  ask: 'approval required',
  watch: 'allowed and watched',
  webhook: 'sent to webhook',
};

function decisionOf(rule: CompiledRule, fired: CompiledRule[]): Decision {
  const names = [rule.policy.name];
  for (const f of fired) if (f.policy.name !== rule.policy.name) names.push(f.policy.name);
  const d: Decision = {
    action: rule.action,
    message: rule.ast.message || `${VERB[rule.action]} by policy ${rule.policy.name}`,
    matchedPolicies: names,
    policy: rule.policy.name,
    rule: rule.ast.index,
    evalDurationUs: 0,
  };
  if (rule.ast.suggestions.length) d.suggestions = rule.ast.suggestions.slice();
  if (rule.action === 'webhook' && rule.ast.webhook) d.webhook = { ...rule.ast.webhook };
  if (rule.action === 'ask' && rule.ast.ask) d.ask = { ...rule.ast.ask };
  return d;
}

export function defaultDecision(action: FinalAction, message: string): Decision {
  return { action, message, matchedPolicies: [], evalDurationUs: 0 };
}

export interface RequestOutcome {
  decision: Decision;
  /** The rule that produced a final allow, when it is a once-rule (to be consumed). */
  onceRule?: CompiledRule;
}

export function decideRequest(
  scope: CompiledPolicy[],
  view: CallView,
  f: RuleFilter,
  defaultAction: FinalAction,
): RequestOutcome {
  let durable: CompiledRule | undefined;
  const mayFire = view.mayFire;
  for (const p of scope) {
    if (!p.durable) continue;
    let r: CompiledRule | null | undefined = reused(p, view, true);
    if (r === undefined) {
      if (mayFire && !mayFire(p)) {
        gated(p, view, true);
        continue;
      }
      r = matchIn(p, view, f, true);
    }
    if (r && r.action === 'allow') {
      durable = r;
      break;
    }
  }
  if (!scope.length) return { decision: defaultDecision(defaultAction, 'no matching policy; using default action') };
  const fired: CompiledRule[] = [];
  let best: CompiledRule | undefined;
  for (let i = 0; i < scope.length; i++) {
    const p = scope[i];
    if (!p) continue;
    let r: CompiledRule | null | undefined = reused(p, view, false);
    if (r === undefined) {
      if (mayFire && !mayFire(p)) {
        gated(p, view, false);
        continue;
      }
      r = matchIn(p, view, f, false);
    }
    if (!r) continue;
    fired.push(r);
    if (r.action === 'deny') return { decision: decisionOf(r, fired) };
    if (!best || STRENGTH[r.action] > STRENGTH[best.action]) best = r;
    else if (r.action === 'allow' && best.action === 'allow' && !best.ast.message && r.ast.message) best = r;
  }
  if (durable) {
    const d = decisionOf(durable, fired);
    d.action = 'allow';
    if (!durable.ast.message) {
      d.message = /auto-allowed\.ya?ml$/i.test(durable.policy.file)
        ? 'auto-allowed by user rule'
        : 'allowed by durable user override';
    }
    return { decision: d, onceRule: durable.ast.once ? durable : undefined };
  }
  if (!best) return { decision: defaultDecision(defaultAction, 'no matching rule; using default action') };
  return { decision: decisionOf(best, fired), onceRule: best.action === 'allow' && best.ast.once ? best : undefined };
}

/** Response side (docs/policy.md): only response_matches / response_not_matches are read. */
export function decideResponse(scope: CompiledPolicy[], response: string): Decision {
  if (!scope.length) return defaultDecision('allow', 'no policy in scope for the response');
  if (response.length > RESPONSE_MAX_BYTES / 4 && Buffer.byteLength(response) > RESPONSE_MAX_BYTES) {
    const p = scope.find((x) => x.hasResponseRules);
    if (p) {
      return {
        action: 'deny',
        message: `response larger than ${RESPONSE_MAX_BYTES} bytes cannot be scanned by response rules; withheld`,
        matchedPolicies: [p.name],
        policy: p.name,
        evalDurationUs: 0,
      };
    }
  }
  const fired: CompiledRule[] = [];
  let best: CompiledRule | undefined;
  for (const p of scope) {
    if (!p.hasResponseRules) continue;
    const r = p.rules.find(
      (x) =>
        x.when.responseMatch &&
        x.when.responseMatch.test(response) &&
        !(x.when.responseNot && x.when.responseNot.test(response)),
    );
    if (!r) continue;
    fired.push(r);
    if (r.action === 'deny' || r.action === 'ask' || r.action === 'webhook') {
      const d = decisionOf(r, fired);
      d.action = 'deny';
      delete d.webhook;
      delete d.ask;
      if (!r.ast.message) d.message = `response withheld by policy ${r.policy.name}`;
      return d;
    }
    if (!best || STRENGTH[r.action] > STRENGTH[best.action]) best = r;
  }
  if (!best) return defaultDecision('allow', 'no response rule matched');
  return decisionOf(best, fired);
}
