// How a project layer's answer joins the answer of the base and the user's files: exactly as
// layers combine inside one set (docs/policy-layers.md). Deny wins at once, from either side;
// then the stronger of ask > watch > allow; a durable user override allow beats everything but
// deny, as it does over the base's asks. A project answer with no rule behind it says nothing.
import type { Action, Decision } from './types.js';
import type { ProjectLayer } from './project-types.js';
import { mergeTaints } from './session-taint.js';

const STRENGTH: Record<Action, number> = { allow: 1, watch: 2, ask: 3, webhook: 4, deny: 5 };

/** The project's answer, marked with the file it came from. */
function fromProject(p: Decision, layer: ProjectLayer): Decision {
  const file = p.policy ? layer.fileOf(p.policy) : undefined;
  return { ...p, ...(file ? { policyFile: file } : {}) };
}

function withMatched(d: Decision, more: string[]): string[] {
  const out = d.matchedPolicies.slice();
  for (const n of more) if (!out.includes(n)) out.push(n);
  return out;
}

/** `base` and `p` for the same call; `baseDurable`: base is an allow of a durable user override. */
export function overlayDecision(base: Decision, p: Decision, layer: ProjectLayer, baseDurable: boolean): Decision {
  const taints = mergeTaints([base.taints, p.taints]);
  let out: Decision;
  if (base.action === 'deny') out = { ...base, matchedPolicies: withMatched(base, p.matchedPolicies) };
  else if (p.action === 'deny')
    out = { ...fromProject(p, layer), matchedPolicies: withMatched(p, base.matchedPolicies) };
  else if (!p.policy || baseDurable || STRENGTH[p.action] <= STRENGTH[base.action])
    out = { ...base, matchedPolicies: withMatched(base, p.matchedPolicies) };
  else out = { ...fromProject(p, layer), matchedPolicies: withMatched(p, base.matchedPolicies) };
  if (taints) out.taints = taints;
  else delete out.taints;
  out.project = layer.root;
  return out;
}

/** Response side: a withheld response from either side withholds it. */
export function overlayResponse(base: Decision, p: Decision, layer: ProjectLayer): Decision {
  if (base.action === 'deny' || !p.policy) return base;
  if (p.action === 'deny' || STRENGTH[p.action] > STRENGTH[base.action]) return fromProject(p, layer);
  return base;
}
