// Stage 1: YAML text -> policy AST with line numbers. Keys are strict at every depth (a typo
// like `command_match` breaks the load instead of silently widening a rule) and every value is
// type-checked here; value semantics (glob limits, regexes, webhook URLs, duplicate names)
// are checked by validate.ts. parsePolicyText throws the first problem; the lenient variant
// returns them all as diagnostics for tooling.
import type { Document, Node, Pair, YAMLMap } from 'yaml';
import { isAlias, isMap, isScalar, isSeq, parseAllDocuments, visit, yaml } from '../util/yaml.js';
import { parseDuration } from '../util/duration.js';
import type { Action, FinalAction } from './types.js';
import {
  DEFAULT_PRIORITY,
  type MatchAst,
  type ParsedPolicyFile,
  type PolicyAst,
  type RuleAst,
  type WhenAst,
} from './ast.js';
import { closest, PolicyLoadError, type PolicyDiagnostic } from './policy-errors.js';
import { keyOf, Reader } from './parse-reader.js';
import { aliasTargets, type AliasTargets } from './yaml-anchors.js';
import { parseNotify, parseTests } from './parse-extras.js';
import { validatePolicyFile } from './validate.js';
import { ACTION_HINTS, ACTION_WORDS, KEYS, WHEN_LISTS } from './keys.js';
import { isSessionWhenKey, parseSessionWhen, parseTaint } from './session-parse.js';

/** Largest policy file accepted (docs/policy.md). */
export const POLICY_FILE_MAX_BYTES = 1024 * 1024;
export const WEBHOOK_DEFAULT_TIMEOUT_MS = 5_000;
export const WEBHOOK_MAX_TIMEOUT_MS = 30_000;

/** Kinds of dynamic reading a `command_dynamic` list may name (see shell.ts DynamicKind). */
export const DYNAMIC_KINDS = ['network', 'command-name', 'eval', 'stdin', 'source'] as const;

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

export function parseAction(text: string): { action?: Action; problem?: string } {
  const lower = text.toLowerCase();
  if (lower === 'require_approval') return { problem: 'action "require_approval" was removed; use ask' };
  const a = ACTION_WORDS[lower];
  if (a) return { action: a };
  const hint = ACTION_HINTS[lower.trim()] ?? closest(lower.trim(), Object.keys(ACTION_WORDS));
  return {
    problem: `unknown action "${text}" (use allow, deny, ask, watch, log or webhook${hint ? `; did you mean ${hint}?` : ''})`,
  };
}

function parseDefaultAction(r: Reader, pair: Pair): FinalAction | undefined {
  const text = r.str(pair, 'default_action');
  if (text === undefined) return undefined;
  const t = text.trim().toLowerCase();
  if (t === '') return undefined;
  if (t === 'require_approval') {
    r.error(pair.value as Node, 'default_action "require_approval" was removed; use ask', 'default_action');
    return undefined;
  }
  const map: Record<string, FinalAction> = { allow: 'allow', deny: 'deny', ask: 'ask', watch: 'watch', log: 'watch' };
  const a = map[t];
  if (!a)
    r.error(
      pair.value as Node,
      `unknown default_action "${text}" (use allow, deny, ask, watch or log)`,
      'default_action',
    );
  return a;
}

function durationMs(r: Reader, pair: Pair | undefined, what: string): number | undefined {
  const text = r.str(pair, what);
  if (pair === undefined || text === undefined) return undefined;
  try {
    return parseDuration(text);
  } catch {
    r.error(
      pair.value as Node,
      `${what} "${text}" is not a duration (write it like 500ms, 30s, 5m or 1h)`,
      keyOf(pair),
    );
    return undefined;
  }
}

function parseWhen(r: Reader, node: Node | null, ctxLine: number): WhenAst {
  const when: WhenAst = { line: r.line(node) || ctxLine, keyLines: {}, itemLines: {} };
  const e = r.entries(node, KEYS.when, 'when', ctxLine);
  if (!e) return when;
  for (const [k, pair] of e) {
    const keyLine = r.line(pair.key as Node);
    when.keyLines[k] = keyLine;
    if ((WHEN_LISTS as readonly string[]).includes(k)) {
      const list = r.strList(pair, k);
      if (list) {
        (when as unknown as Record<string, string[]>)[k] = list.values;
        when.itemLines[k] = list.lines;
      }
    } else if (k === 'command_dynamic') {
      const v = pair.value as Node | null;
      if (isScalar(v) && typeof v.value === 'boolean') when.command_dynamic = v.value;
      else if (isSeq(v)) {
        const list = r.strList(pair, k);
        if (list) {
          const bad = list.values.find((x) => !(DYNAMIC_KINDS as readonly string[]).includes(x));
          if (bad !== undefined)
            r.error(v, `command_dynamic: unknown kind "${bad}" (use ${DYNAMIC_KINDS.join(', ')})`, k);
          else {
            when.command_dynamic = list.values;
            when.itemLines[k] = list.lines;
          }
        }
      } else r.error(v ?? pair, 'command_dynamic must be true, false or a list of kinds', k);
    } else if (k === 'default') {
      const b = r.bool(pair, 'default');
      if (b !== undefined) when.default = b;
    } else if (k === 'agent_depth') {
      const d = r.entries(pair.value as Node, KEYS.agent_depth, 'agent_depth', keyLine);
      if (d) {
        when.agent_depth = {};
        for (const [dk, dp] of d) {
          const n = r.int(dp, `agent_depth.${dk}`);
          if (n !== undefined) when.agent_depth[dk as 'gte' | 'lte' | 'eq'] = n;
        }
      }
    } else if (k === 'tool_param_matches') {
      const v = pair.value as Node | null;
      if (!isMap(v)) {
        r.error(v ?? pair, 'tool_param_matches must map parameter names to a glob or a list of globs', k);
        continue;
      }
      // A parameter takes one glob or a list of them (a catalogue of phrases for one field).
      const map: Record<string, string[]> = {};
      const lines: number[] = [];
      for (const p of (v as YAMLMap).items) {
        const name = isScalar(p.key) ? String(p.key.value) : undefined;
        if (name === undefined) continue;
        const globs = r.strList(p, `tool_param_matches.${name}`);
        if (globs && globs.values.length > 0) {
          map[name] = globs.values;
          lines.push(...globs.lines);
        }
      }
      when.tool_param_matches = map;
      when.itemLines[k] = lines;
    } else if (k === 'call_count') {
      const line = keyLine;
      const c = r.entries(pair.value as Node, KEYS.call_count, 'call_count', line);
      if (!c) continue;
      const tool = r.str(c.get('tool'), 'call_count.tool');
      const gte = r.int(c.get('gte'), 'call_count.gte');
      const windowMs = durationMs(r, c.get('window'), 'call_count.window');
      if (!c.get('gte'))
        r.error(pair.value as Node, 'call_count needs gte (the count that triggers the rule)', 'gte', line);
      if (!c.get('window'))
        r.error(pair.value as Node, 'call_count needs window (a duration such as 1h)', 'window', line);
      if (gte !== undefined && windowMs !== undefined) when.call_count = { tool: tool || undefined, gte, windowMs };
    } else if (isSessionWhenKey(k)) parseSessionWhen(r, k, pair, when.keyLines[k] ?? when.line, when);
  }
  return when;
}

function parseRule(r: Reader, node: Node, index: number): RuleAst | null {
  const line = r.line(node);
  const e = r.entries(node, KEYS.rule, 'rule', line);
  if (!e) return null;
  const actionPair = e.get('action');
  let action: Action | undefined;
  let actionSpelling = '';
  if (!actionPair) r.error(node, 'rule has no action (use allow, deny, ask, watch or webhook)', 'action', line);
  else {
    actionSpelling = r.str(actionPair, 'action') ?? '';
    const parsed = parseAction(actionSpelling);
    if (parsed.problem) r.error(actionPair.value as Node, parsed.problem, 'action');
    action = parsed.action;
  }
  const whenPair = e.get('when');
  const rule: RuleAst = {
    line,
    index,
    action: action ?? 'deny',
    actionSpelling,
    when: whenPair
      ? parseWhen(r, whenPair.value as Node, r.line(whenPair.key as Node))
      : { line, keyLines: {}, itemLines: {} },
    message: r.str(e.get('message'), 'message') ?? '',
    suggestions: r.strList(e.get('suggestions'), 'suggestions')?.values ?? [],
    once: r.bool(e.get('once'), 'once') ?? false,
  };
  const taint = e.get('taint');
  if (taint) rule.taint = parseTaint(r, taint);
  const added = e.get('added');
  if (added) {
    const v = added.value as Node;
    rule.added = isScalar(v) ? String(v.value) : undefined;
  }
  const ask = e.get('ask');
  if (ask) {
    const a = r.entries(ask.value as Node, KEYS.ask, 'ask', r.line(ask.key as Node));
    if (a) {
      rule.ask = {
        audit: r.bool(a.get('audit'), 'ask.audit') ?? false,
        headlessOnly: r.bool(a.get('headless_only'), 'ask.headless_only') ?? false,
      };
    }
  }
  const wh = e.get('webhook');
  if (wh) {
    const whLine = r.line(wh.key as Node);
    const w = r.entries(wh.value as Node, KEYS.webhook, 'webhook', whLine);
    if (w) {
      let timeoutMs = durationMs(r, w.get('timeout'), 'webhook.timeout') ?? WEBHOOK_DEFAULT_TIMEOUT_MS;
      if (timeoutMs <= 0) timeoutMs = WEBHOOK_DEFAULT_TIMEOUT_MS;
      rule.webhook = {
        url: r.str(w.get('url'), 'webhook.url') ?? '',
        timeoutMs: Math.min(timeoutMs, WEBHOOK_MAX_TIMEOUT_MS),
        failOpen: r.bool(w.get('fail_open'), 'webhook.fail_open') ?? false,
      };
    }
  }
  const exp = e.get('expires_at');
  if (exp) {
    const text = r.str(exp, 'expires_at');
    if (text !== undefined) {
      const t = RFC3339.test(text.trim()) ? Date.parse(text.trim()) : NaN;
      if (Number.isNaN(t))
        r.error(
          exp.value as Node,
          `expires_at "${text}" is not an RFC 3339 timestamp (like 2026-01-31T18:00:00Z)`,
          'expires_at',
        );
      else rule.expiresAt = t;
    }
  }
  return rule;
}

function parseMatch(r: Reader, pair: Pair | undefined, policyLine: number): MatchAst {
  const match: MatchAst = { tool: [], agent: [], session: [], line: pair ? r.line(pair.key as Node) : policyLine };
  if (!pair) return match;
  const e = r.entries(pair.value as Node, KEYS.match, 'match', match.line);
  if (!e) return match;
  for (const k of ['tool', 'agent', 'session'] as const) {
    const p = e.get(k);
    if (p) match[k] = (r.strList(p, `match.${k}`)?.values ?? []).filter((s) => s !== '');
  }
  return match;
}

function parsePolicy(r: Reader, node: Node): PolicyAst | null {
  const line = r.line(node);
  const e = r.entries(node, KEYS.policy, 'policy', line);
  if (!e) return null;
  const name = r.str(e.get('name'), 'policy name') ?? '';
  if (!name.trim()) r.error(node, 'policy has no name', 'name', line);
  const priority = r.int(e.get('priority'), 'priority') ?? 0;
  const policy: PolicyAst = {
    line,
    name,
    description: r.str(e.get('description'), 'description') ?? '',
    priority: priority === 0 ? DEFAULT_PRIORITY : priority,
    enabled: r.bool(e.get('enabled'), 'enabled') ?? true,
    match: parseMatch(r, e.get('match'), line),
    rules: [],
  };
  const rules = e.get('rules');
  if (rules) {
    const v = rules.value as Node | null;
    if (isSeq(v)) {
      v.items.forEach((item, i) => {
        const rule = parseRule(r, item as Node, i);
        if (rule) policy.rules.push(rule);
      });
    } else if (!(isScalar(v) && v.value === null)) r.error(v ?? rules, 'rules must be a list', 'rules');
  }
  return policy;
}

/** Aliases one policy file may use; the shipped profiles use a handful. */
export const POLICY_MAX_ALIASES = 1000;
/** Nodes a file may stand for once its aliases are expanded ("billion laughs" guard). */
export const POLICY_MAX_EXPANDED_NODES = 200_000;

/**
 * The number of nodes the document stands for with every alias expanded, computed without
 * expanding anything (each anchored node is sized once), so a file of nested aliases that would
 * expand to millions of nodes is refused in time linear in its text. Returns a problem or null.
 */
export function expansionProblem(doc: Document.Parsed, targets: AliasTargets = aliasTargets(doc)): string | null {
  const aliases = targets.size;
  if (aliases > POLICY_MAX_ALIASES) return `the file uses ${aliases} YAML aliases; the limit is ${POLICY_MAX_ALIASES}`;
  if (aliases === 0) return null;
  const sizes = new Map<unknown, number>();
  const open = new Set<unknown>();
  const size = (n: unknown): number => {
    if (n === null || n === undefined) return 1;
    if (isAlias(n)) return size(targets.get(n));
    const known = sizes.get(n);
    if (known !== undefined) return known;
    if (open.has(n)) return Infinity; // an alias inside its own anchor: infinite
    open.add(n);
    let total = 1;
    if (isMap(n)) for (const p of n.items) total += size(p.key) + size(p.value);
    else if (isSeq(n)) for (const item of n.items) total += size(item);
    open.delete(n);
    sizes.set(n, total);
    return total;
  };
  const total = size(doc.contents);
  if (total === Infinity) return 'a YAML alias refers to a node that contains it (a recursive alias)';
  if (total > POLICY_MAX_EXPANDED_NODES) {
    return `YAML aliases expand the file to ${total > 1e12 ? 'more than 10^12' : total} nodes; the limit is ${POLICY_MAX_EXPANDED_NODES}`;
  }
  return null;
}

function resolveAliases(doc: Document.Parsed, targets: AliasTargets): void {
  if (!targets.size) return;
  visit(doc, {
    Alias(_key, node) {
      return targets.get(node);
    },
  });
}

/** Parses and validates; returns the AST (as far as it could be read) and every problem found. */
export function parsePolicyTextLenient(
  text: string,
  file: string,
): { policy: ParsedPolicyFile; diagnostics: PolicyDiagnostic[] } {
  const lc = new (yaml().LineCounter)();
  const r = new Reader(file, lc);
  const out: ParsedPolicyFile = { file, policies: [], tests: [] };
  if (Buffer.byteLength(text) > POLICY_FILE_MAX_BYTES) {
    r.error(null, `policy file is larger than ${POLICY_FILE_MAX_BYTES} bytes`, undefined, 0);
    return { policy: out, diagnostics: r.diags };
  }
  const docs = parseAllDocuments(text, { lineCounter: lc, uniqueKeys: true, prettyErrors: false });
  const list = Array.isArray(docs) ? docs : [];
  const second = list[1];
  if (second) {
    r.error(
      second.contents as Node,
      'a policy file holds one YAML document; remove the second document (after ---) or move it to its own file',
      undefined,
      r.line(second.contents as Node) || lc.linePos(second.range[0]).line,
    );
  }
  const doc = list[0];
  if (!doc) return { policy: out, diagnostics: r.diags };
  for (const err of doc.errors) {
    r.error(
      null,
      `YAML syntax error: ${err.message.split(' at line ', 1).join('').trim()}`,
      undefined,
      err.linePos?.[0]?.line ?? (err.pos ? lc.linePos(err.pos[0]).line : 0),
    );
  }
  if (doc.errors.length) return { policy: out, diagnostics: r.diags };
  const targets = aliasTargets(doc);
  const blowup = expansionProblem(doc, targets);
  if (blowup) {
    r.error(null, blowup, undefined, 1);
    return { policy: out, diagnostics: r.diags };
  }
  resolveAliases(doc, targets);
  const e = r.entries(doc.contents as Node, KEYS.top, 'the top level of the policy file', 1);
  if (!e) return { policy: out, diagnostics: r.diags };
  const ver = e.get('version');
  if (ver) {
    const v = r.str(ver, 'version');
    if (v !== undefined && v.trim() !== '' && v.trim() !== '1')
      r.error(ver.value as Node, `unsupported version "${v}" (only "1")`, 'version');
    else if (v !== undefined) out.version = v.trim();
  }
  const da = e.get('default_action');
  if (da) {
    out.defaultAction = parseDefaultAction(r, da);
    if (out.defaultAction) out.defaultActionLine = r.line(da.key as Node);
  }
  const pols = e.get('policies');
  if (pols) {
    const v = pols.value as Node | null;
    if (isSeq(v)) {
      for (const item of v.items as Node[]) {
        const p = parsePolicy(r, item);
        if (p) out.policies.push(p);
      }
    } else if (!(isScalar(v) && v.value === null)) r.error(v ?? pols, 'policies must be a list', 'policies');
  }
  const notify = e.get('notify');
  if (notify) out.notify = parseNotify(r, notify);
  const tests = e.get('tests');
  if (tests) out.tests = parseTests(r, tests);
  validatePolicyFile(out, r.diags);
  r.diags.sort((a, b) => a.line - b.line);
  return { policy: out, diagnostics: r.diags };
}

/** Parses and validates a policy file; throws PolicyLoadError naming file, line and key. */
export function parsePolicyText(text: string, file: string): ParsedPolicyFile {
  const { policy, diagnostics } = parsePolicyTextLenient(text, file);
  const first = diagnostics.find((d) => d.severity === 'error');
  if (first) throw PolicyLoadError.from(first);
  return policy;
}
