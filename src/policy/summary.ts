// The policy summary of docs/api.md: one short sentence per rule and one for the whole set.
import type { Action, FinalAction, PolicySummaryRule } from './types.js';
import type { CompiledPolicy, CompiledRule } from './compile.js';

const VERB: Record<Action, string> = {
  allow: 'Allows',
  deny: 'Denies',
  ask: 'Asks for approval of',
  watch: 'Watches',
  webhook: 'Asks a webhook about',
};

function listText(items: string[], max = 2): string {
  const shown = items
    .slice(0, max)
    .map((s) => JSON.stringify(s))
    .join(', ');
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}

/** A generated sentence for a rule without a message or policy description. */
function describeRule(p: CompiledPolicy, r: CompiledRule): string {
  const w = r.ast.when;
  const tools = p.ast.match.tool.length ? p.ast.match.tool.join('/') : 'all';
  const conds: string[] = [];
  if (w.command_matches?.length) conds.push(`the command matches ${listText(w.command_matches)}`);
  if (w.command_contains?.length) conds.push(`the command contains ${listText(w.command_contains)}`);
  if (w.command_env_assignments?.length) conds.push(`the command sets ${listText(w.command_env_assignments)}`);
  if (w.path_matches?.length) conds.push(`the path matches ${listText(w.path_matches)}`);
  if (w.url_matches?.length) conds.push(`the URL matches ${listText(w.url_matches)}`);
  if (w.domain_matches?.length) conds.push(`the domain matches ${listText(w.domain_matches)}`);
  if (w.session_matches?.length) conds.push(`the session matches ${listText(w.session_matches)}`);
  if (w.tool_param_matches) conds.push(`a parameter matches (${Object.keys(w.tool_param_matches).join(', ')})`);
  if (w.call_count) conds.push(`${w.call_count.gte}+ calls come within ${w.call_count.windowMs / 1000}s`);
  if (w.agent_depth) conds.push('the agent depth is in range');
  if (w.response_matches?.length) conds.push(`the response matches ${listText(w.response_matches, 1)}`);
  const when = w.default || !conds.length ? '' : ` when ${conds.join(' and ')}`;
  return `${VERB[r.action]} ${tools} calls${when}.`;
}

export function summarize(
  policies: CompiledPolicy[],
  defaultAction: FinalAction,
): { default_action: string; rules: PolicySummaryRule[]; summary: string } {
  const rules: PolicySummaryRule[] = [];
  const counts: Record<string, number> = {};
  for (const p of policies) {
    for (const r of p.rules) {
      const text = r.ast.message || p.ast.description || describeRule(p, r);
      rules.push({ name: p.name, action: r.action, summary: text });
      counts[r.action] = (counts[r.action] ?? 0) + 1;
    }
  }
  const byAction = (['deny', 'ask', 'webhook', 'watch', 'allow'] as const)
    .filter((a) => counts[a])
    .map((a) => `${counts[a]} ${a}`)
    .join(', ');
  const disabled = policies.filter((p) => !p.ast.enabled).length;
  const summary =
    `${policies.length} ${policies.length === 1 ? 'policy' : 'policies'} with ${rules.length} ${rules.length === 1 ? 'rule' : 'rules'}` +
    (byAction ? ` (${byAction})` : '') +
    (disabled ? `, ${disabled} disabled` : '') +
    `; calls no rule matches get ${defaultAction}.`;
  return { default_action: defaultAction, rules, summary };
}
