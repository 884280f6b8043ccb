// `explain`: what the engine read from a call and how every rule in scope fared, so a user can
// see why a command was denied, or why a rule they wrote did not fire.
import type { Decision, ToolCall } from './types.js';
import type { CompiledPolicy } from './compile.js';
import { ruleActive, type RuleFilter } from './evaluate.js';
import { whenMatches, type GroupTrace } from './match.js';
import type { CallFields } from './accessors.js';
import type { CallView } from './match.js';
import type { DynamicReading, ExtraReading, InterpreterScript } from './shell.js';

export type ExplainStatus = 'matched' | 'near' | 'no' | 'skipped';

export interface ExplainRule {
  policy: string;
  file: string;
  line: number;
  /** 0-based position in the policy's rules. */
  index: number;
  action: string;
  /** matched; near (a positive condition matched but an exclusion or another condition undid it); no; skipped (expired or consumed). */
  status: ExplainStatus;
  reason: string;
  /** This rule produced the final decision. */
  decided: boolean;
  groups: GroupTrace[];
  /** Set for a rule of a project's own layer (the others are the base's or the user's files). */
  layer?: 'project';
}

export interface ExplainResult {
  call: { tool: string; agent: string; session: string; workdir?: string };
  fields: CallFields;
  /** Why the call was refused before any rule was consulted (ambiguous or oversized input). */
  refusal?: string;
  command?: {
    raw: string;
    normalized: string;
    components: string[];
    candidates: string[];
    envAssignments: string[];
    composite: boolean;
    /** Readings from understanding the shell: extracted code, resolved variables, decoded literals ... */
    readings: ExtraReading[];
    /** Why what runs cannot be known statically (empty when it can). */
    dynamic: DynamicReading[];
    /** Scripts handed to interpreters on stdin. */
    scripts: InterpreterScript[];
  };
  /** Path readings (lexical, symlink-resolved, relative). */
  paths?: string[];
  url?: string;
  domain?: string;
  rules: ExplainRule[];
  decision: Decision;
  /** The project whose own layer took part (docs/project-policy.md). */
  project?: { root: string; files: string[] };
  /** The calls this one amounts to (files written or read, hosts reached, commands run), each decided. */
  derived?: { via: string; tool: string; params: Record<string, unknown>; decision: Decision }[];
}

interface Prepared {
  view: CallView;
  fields: CallFields;
  scope: CompiledPolicy[];
  refusal?: string;
}

export function explainCall(call: ToolCall, prep: Prepared, decision: Decision, filter: RuleFilter): ExplainResult {
  const { view } = prep;
  const out: ExplainResult = {
    call: { tool: call.tool, agent: call.agent, session: call.session, workdir: prep.fields.workdir },
    fields: prep.fields,
    rules: [],
    decision,
  };
  if (prep.refusal) out.refusal = prep.refusal;
  if (view.cmd) {
    const a = view.cmd.analysis;
    out.command = {
      raw: a.raw,
      normalized: a.normalized,
      components: a.components,
      candidates: a.candidates,
      envAssignments: a.envAssignments,
      composite: a.composite,
      readings: a.readings,
      dynamic: a.dynamic,
      scripts: a.scripts,
    };
  }
  if (view.paths) out.paths = view.paths;
  if (view.url !== undefined) out.url = view.url;
  if (view.domain !== undefined) out.domain = view.domain;
  for (const p of prep.scope) {
    let policyMatched = false;
    for (const r of p.rules) {
      const base = {
        policy: p.name,
        file: p.file,
        line: r.ast.line,
        index: r.ast.index,
        action: r.action,
        decided: false,
      };
      if (!ruleActive(r, filter)) {
        const why =
          r.ast.expiresAt !== undefined && filter.now >= r.ast.expiresAt
            ? `expired at ${new Date(r.ast.expiresAt).toISOString()}`
            : 'once-rule already consumed';
        out.rules.push({ ...base, status: 'skipped', reason: why, groups: [] });
        continue;
      }
      const groups: GroupTrace[] = [];
      const ok = whenMatches(r.when, view, r.restrictive, groups);
      const near = !ok && groups.some((g) => (g.ok && g.positive) || g.near);
      let reason = groups
        .filter((g) => (ok ? g.ok : !g.ok || g.near))
        .map((g) => `${g.key}: ${g.detail}`)
        .join('; ');
      if (!ok && near) {
        const passed = groups.filter((g) => g.ok && g.positive).map((g) => `${g.key}: ${g.detail}`);
        if (passed.length) reason = `${passed.join('; ')}; but ${reason}`;
      }
      if (ok && policyMatched) reason = `${reason} (not reached: an earlier rule of this policy matched)`;
      const decided = ok && !policyMatched && decision.policy === p.name;
      out.rules.push({
        ...base,
        status: ok ? 'matched' : near ? 'near' : 'no',
        reason: reason || (ok ? 'matched' : 'did not match'),
        decided,
        groups,
      });
      if (ok) policyMatched = true;
    }
  }
  return out;
}
