// `svc policy lint`: static checks on one policy file, each reported with file:line:col.
// Errors are things the loader rejects or that can never work (unknown keys, bad actions,
// patterns that cannot match, risky regexes); warnings are things that load but probably do
// not do what the author meant (shadowed rules, an allow that hides a later deny, ...).
import { readFileSync, statSync } from 'node:fs';
import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  visit,
  parseAllDocuments,
  type Document,
  type Node,
  type Pair,
  type YAMLMap,
} from 'yaml';
import { expansionProblem } from './parse.js';
import { RESERVED_TOOLS } from './types.js';
import { DYNAMIC_KINDS, parsePolicyTextLenient } from './parse.js';
import { ACTION_HINTS, GLOB_KEYS, KEYS as PARSER_KEYS, PATH_KEYS, POSITIVE_KEYS, REGEX_KEYS } from './keys.js';
import { parseRe2 } from './re2-parse.js';
import { closest } from '../util/edit-distance.js';

export const LINT_MAX_BYTES = 1024 * 1024;
export const GLOB_MAX_BYTES = 8192;
export const DOUBLESTAR_MAX_BYTES = 256;
export const DOUBLESTAR_MAX_COUNT = 2;
export const REGEX_MAX_CHARS = 500;

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  file: string;
  line: number;
  col: number;
  severity: Severity;
  code: string;
  message: string;
}

// The loader's key lists, so lint and load can never disagree about what is known.
const KEYS: Readonly<Record<keyof typeof PARSER_KEYS, readonly string[]>> = PARSER_KEYS;
const ACTIONS = ['allow', 'deny', 'ask', 'watch', 'log', 'webhook'];
const DEFAULT_ACTIONS = ['allow', 'deny', 'ask', 'watch', 'log'];
const GRANTING = new Set(['allow', 'watch', 'log', 'webhook']);
const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;

// ---------------------------------------------------------------- pattern checks

/** Why a glob can never match, or undefined. Mirrors the loader's limits and class syntax. */
export function globProblem(p: string, isPath: boolean): string | undefined {
  if (p.trim() === '') return 'empty pattern never matches';
  if (Buffer.byteLength(p) > GLOB_MAX_BYTES) return `pattern longer than ${GLOB_MAX_BYTES} bytes`;
  const stars = p.split('**').length - 1;
  if (stars > 0 && Buffer.byteLength(p) > DOUBLESTAR_MAX_BYTES)
    return `a pattern with ** may be at most ${DOUBLESTAR_MAX_BYTES} bytes`;
  if (stars > DOUBLESTAR_MAX_COUNT) return `at most ${DOUBLESTAR_MAX_COUNT} ** per pattern (found ${stars})`;
  for (let i = 0; i < p.length; i++) {
    if (p[i] !== '[') continue;
    // Same class syntax as the matcher (Go's filepath.Match): [^...] negates, a-z ranges,
    // no escapes; a bare "-" or a leading "]" makes the class malformed.
    let j = i + 1;
    if (p[j] === '^') j++;
    let members = 0;
    for (;;) {
      const c = p[j];
      if (c === undefined) return `unclosed character class at "${p.slice(i)}" (write [[] for a literal [)`;
      if (c === ']' && members > 0) break;
      if (c === ']') return `empty character class "${p.slice(i, j + 1)}" never matches`;
      if (c === '-')
        return `character class "${p.slice(i, j + 1)}..." has a bare "-", which makes it malformed (it never matches)`;
      const lo = c;
      j++;
      if (p[j] === '-') {
        const hi = p[j + 1];
        if (hi === undefined || hi === '-' || hi === ']')
          return `character class at "${p.slice(i)}" ends a range with "${hi ?? ''}", which makes it malformed (it never matches)`;
        if (lo > hi) return `character class range "${lo}-${hi}" is reversed and matches nothing`;
        j += 2;
      }
      members++;
    }
    i = j;
  }
  if (isPath) {
    const tilde = p.indexOf('~/');
    if (tilde > 0 && !p.startsWith('**/~/'))
      return '"~" is only meaningful at the start of a path pattern; use **/ to match any home directory';
    if (p.startsWith('./'))
      return 'paths are cleaned before matching, so a leading "./" never matches; drop it or use **/';
    if (/(^|\/)\.\.?\/[^*]/.test(p.slice(1)) && !p.startsWith('../'))
      return 'paths are cleaned before matching, so "/./" or "/../" inside a pattern never matches';
  }
  return undefined;
}

/** Patterns that match, but probably not what the author meant. */
export function globWarning(p: string, key: string): string | undefined {
  if (/\[!/.test(p)) return '"[!" is a literal "!" in this glob dialect, not a negation; write [^...]';
  if (key.startsWith('command') && !p.startsWith('*') && /\s\|\s?|\s?\|\s/.test(p)) {
    return 'commands are split at pipes and a pipeline reads as "a && b"; match each part, or write the pipeline with " && "';
  }
  return undefined;
}

/** Risks in a response regex: the loader rejects these or they can run away. */
export function regexProblem(re: string): string | undefined {
  if (re.length > REGEX_MAX_CHARS) return `regex longer than ${REGEX_MAX_CHARS} characters`;
  if (/\\[1-9]|\\k</.test(re)) return 'backreferences are not supported (RE2 syntax) and make matching slow';
  if (nestedQuantifier(re))
    return 'nested quantifier (a quantified group inside a quantified group, like (a+)+) can take exponential time';
  try {
    parseRe2(re);
  } catch (err) {
    return `invalid regex: ${(err as Error).message}`;
  }
  return undefined;
}

function nestedQuantifier(re: string): boolean {
  const stack: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < re.length; i++) {
    const c = re[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') stack.push(false);
    else if (c === ')') {
      const inner = stack.pop() ?? false;
      const next = re[i + 1];
      const quantified = next === '+' || next === '*' || (next === '{' && !/^\{[01]\}/.test(re.slice(i + 1)));
      if (inner && quantified) return true;
      if (stack.length && (inner || quantified)) stack[stack.length - 1] = true;
    } else if ((c === '+' || c === '*' || c === '{') && stack.length) stack[stack.length - 1] = true;
  }
  return false;
}

const WILD = /[*?[]/;

function literalPrefix(p: string): string {
  const m = WILD.exec(p);
  return m ? p.slice(0, m.index) : p;
}

/**
 * Whether every subject matched by `b` is also matched by `a` (conservative: false when unsure).
 * Used to find rules that an earlier rule in the same policy always decides first.
 */
export function globCovers(a: string, b: string, isPath: boolean): boolean {
  if (a === b) return true;
  if (a === '**' || (!isPath && a === '*')) return true;
  const bHead = literalPrefix(b);
  // "prefix" patterns: a literal head followed only by * or **.
  const tail = a.endsWith('**') ? '**' : a.endsWith('*') ? '*' : '';
  if (tail) {
    const head = a.slice(0, -tail.length);
    if (!WILD.test(head)) {
      if (!isPath || tail === '**')
        return (
          bHead.startsWith(head) &&
          (bHead.length > head.length || b.length === head.length || b.slice(head.length).startsWith('*'))
        );
      // a single path * stays within one segment: only literal one-segment subjects are covered.
      return !WILD.test(b) && b.startsWith(head) && !b.slice(head.length).includes('/') && b.length > head.length;
    }
  }
  // "suffix" patterns: ** then a literal tail, e.g. **/.env.
  if (a.startsWith('**') && !WILD.test(a.slice(2))) {
    const rest = a.slice(2);
    return !WILD.test(b) ? b.endsWith(rest) : false;
  }
  return false;
}

// ---------------------------------------------------------------- YAML walking

interface Ctx {
  file: string;
  lc: LineCounter;
  out: Diagnostic[];
}

function pos(ctx: Ctx, node: Node | null | undefined): { line: number; col: number } {
  const off = node?.range?.[0] ?? 0;
  const p = ctx.lc.linePos(off);
  return { line: p.line, col: p.col };
}

function report(ctx: Ctx, node: Node | null | undefined, severity: Severity, code: string, message: string): void {
  ctx.out.push({ file: ctx.file, ...pos(ctx, node), severity, code, message });
}

function checkKeys(ctx: Ctx, map: YAMLMap, kind: keyof typeof KEYS, where: string): void {
  for (const pair of map.items as Pair<Node, Node>[]) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (KEYS[kind].includes(key)) continue;
    let hint = '';
    if (kind === 'policy' && key === 'action') hint = ' ("action" belongs on each rule inside rules:)';
    else if (kind === 'rule' && (key === 'match' || key === 'reason'))
      hint = key === 'match' ? ' ("match" belongs on the policy, not the rule)' : ' (use message:)';
    else {
      const near = closest(key, KEYS[kind]);
      if (near) hint = ` (did you mean "${near}"?)`;
    }
    report(ctx, pair.key, 'error', 'unknown-key', `unknown key "${key}" in ${where}${hint}`);
  }
}

function get(map: YAMLMap, key: string): Node | undefined {
  const pair = (map.items as Pair<Node, Node>[]).find((p) => isScalar(p.key) && p.key.value === key);
  return pair?.value ?? undefined;
}

function scalarText(n: Node | undefined): string | undefined {
  return isScalar(n) && n.value !== null && typeof n.value !== 'object' ? String(n.value) : undefined;
}

function checkAction(ctx: Ctx, node: Node | undefined, parent: Node, where: string): string | undefined {
  const raw = scalarText(node);
  if (raw === undefined) {
    report(
      ctx,
      node ?? parent,
      'error',
      'missing-action',
      `${where} has no action (one of ${ACTIONS.filter((a) => a !== 'log').join(', ')})`,
    );
    return undefined;
  }
  const a = raw.toLowerCase();
  if (a === 'require_approval') {
    report(ctx, node, 'error', 'bad-action', `${where}: action "require_approval" was removed; use "ask"`);
    return undefined;
  }
  if (!ACTIONS.includes(a)) {
    const hint = ACTION_HINTS[a] ?? closest(a, ACTIONS);
    report(
      ctx,
      node,
      'error',
      'bad-action',
      `${where}: unknown action "${raw}"${hint ? ` (did you mean "${hint}"?)` : ''}`,
    );
    return undefined;
  }
  if (a === 'log')
    report(ctx, node, 'warning', 'deprecated-action', `${where}: action "log" is an old spelling of "watch"`);
  return a === 'log' ? 'watch' : a;
}

function stringList(ctx: Ctx, node: Node | undefined, where: string): { text: string; node: Node }[] {
  if (!node) return [];
  if (isScalar(node) && typeof node.value === 'string') return [{ text: node.value, node }];
  if (!isSeq(node)) {
    report(ctx, node, 'error', 'wrong-type', `${where} must be a list of strings`);
    return [];
  }
  const out: { text: string; node: Node }[] = [];
  for (const item of node.items as Node[]) {
    if (isScalar(item) && (typeof item.value === 'string' || typeof item.value === 'number'))
      out.push({ text: String(item.value), node: item });
    else report(ctx, item, 'error', 'wrong-type', `${where} entries must be strings`);
  }
  return out;
}

interface RuleInfo {
  index: number;
  node: Node;
  action?: string;
  unconditional: boolean;
  /** Positive pattern groups when the rule's condition is exactly "one of these patterns". */
  groups: Map<string, string[]>;
  hasExclusions: boolean;
  hasOther: boolean;
}

function checkWhen(ctx: Ctx, when: Node | undefined, where: string, info: RuleInfo): void {
  if (when === undefined || (isScalar(when) && when.value === null)) {
    info.unconditional = true;
    return;
  }
  if (!isMap(when)) {
    report(ctx, when, 'error', 'wrong-type', `${where}: when must be a mapping`);
    return;
  }
  checkKeys(ctx, when, 'when', `${where} when`);
  const keys = (when.items as Pair<Node, Node>[]).map((p) => (isScalar(p.key) ? String(p.key.value) : ''));
  const dflt = get(when, 'default');
  if (isScalar(dflt) && dflt.value === true) {
    info.unconditional = true;
    const others = keys.filter((k) => k !== 'default');
    if (others.length)
      report(
        ctx,
        dflt,
        'warning',
        'default-ignores-conditions',
        `${where}: default: true matches every call, so ${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} ignored`,
      );
    return;
  }
  const known = keys.filter((k) => KEYS.when.includes(k) && k !== 'default');
  if (!known.length) {
    info.unconditional = true;
    return;
  }
  const positive = known.filter((k) => (POSITIVE_KEYS as readonly string[]).includes(k));
  const responseOnly = known.every((k) => (REGEX_KEYS as readonly string[]).includes(k));
  if (!positive.length && !responseOnly) {
    report(
      ctx,
      when,
      'warning',
      'never-fires',
      `${where}: a when with only exclusions (${known.join(', ')}) never matches a call; add a positive condition such as command_matches`,
    );
  }
  for (const k of known) {
    const node = get(when, k);
    if ((GLOB_KEYS as readonly string[]).includes(k)) {
      const list = stringList(ctx, node, `${where} ${k}`);
      for (const { text, node: n } of list) {
        const problem = globProblem(text, (PATH_KEYS as readonly string[]).includes(k));
        const warning = problem ? undefined : globWarning(text, k);
        if (problem) report(ctx, n, 'error', 'bad-pattern', `${where} ${k}: "${text}": ${problem}`);
        else if (warning) report(ctx, n, 'warning', 'suspicious-pattern', `${where} ${k}: "${text}": ${warning}`);
      }
      if (
        k === 'command_matches' ||
        k === 'path_matches' ||
        k === 'url_matches' ||
        k === 'domain_matches' ||
        k === 'session_matches'
      ) {
        info.groups.set(
          k,
          list.map((x) => x.text),
        );
      } else if (k.endsWith('_not_matches')) info.hasExclusions = true;
      else info.hasOther = true;
    } else if (k === 'command_contains') {
      for (const { text, node: n } of stringList(ctx, node, `${where} ${k}`)) {
        if (text.trim() === '')
          report(
            ctx,
            n,
            'error',
            'bad-pattern',
            `${where} command_contains: an empty substring would match every command`,
          );
      }
      info.hasOther = true;
    } else if ((REGEX_KEYS as readonly string[]).includes(k)) {
      for (const { text, node: n } of stringList(ctx, node, `${where} ${k}`)) {
        const problem = regexProblem(text);
        if (problem) report(ctx, n, 'error', 'bad-regex', `${where} ${k}: ${problem}`);
      }
      info.hasOther = true;
    } else if (k === 'call_count') {
      checkCallCount(ctx, node, where);
      info.hasOther = true;
    } else if (k === 'agent_depth') {
      if (!isMap(node))
        report(ctx, node, 'error', 'wrong-type', `${where} agent_depth must be a mapping of gte/lte/eq`);
      else {
        checkKeys(ctx, node, 'agent_depth', `${where} agent_depth`);
        for (const p of node.items as Pair<Node, Node>[]) {
          if (!isScalar(p.value) || !Number.isInteger(p.value.value))
            report(ctx, p.value, 'error', 'wrong-type', `${where} agent_depth bounds must be integers`);
        }
      }
      info.hasOther = true;
    } else if (k === 'command_dynamic') {
      const ok =
        (isScalar(node) && typeof node.value === 'boolean') ||
        (isSeq(node) &&
          node.items.every((x) => isScalar(x) && (DYNAMIC_KINDS as readonly string[]).includes(String(x.value))));
      if (!ok)
        report(
          ctx,
          node,
          'error',
          'wrong-type',
          `${where} command_dynamic must be true, false or a list of ${DYNAMIC_KINDS.join(', ')}`,
        );
      info.hasOther = true;
    } else if (k === 'tool_param_matches') {
      if (!isMap(node))
        report(
          ctx,
          node,
          'error',
          'wrong-type',
          `${where} tool_param_matches must map parameter names to a glob or a list of globs`,
        );
      info.hasOther = true;
    } else info.hasOther = true;
  }
}

function checkCallCount(ctx: Ctx, node: Node | undefined, where: string): void {
  if (!isMap(node)) {
    report(ctx, node, 'error', 'wrong-type', `${where} call_count must be a mapping with gte and window`);
    return;
  }
  checkKeys(ctx, node, 'call_count', `${where} call_count`);
  const gte = get(node, 'gte');
  if (!isScalar(gte) || !Number.isInteger(gte.value) || (gte.value as number) < 0 || (gte.value as number) > 1000) {
    report(ctx, gte ?? node, 'error', 'bad-call-count', `${where} call_count.gte must be an integer from 0 to 1000`);
  }
  const win = scalarText(get(node, 'window'));
  if (!win || !DURATION.test(win))
    report(
      ctx,
      get(node, 'window') ?? node,
      'error',
      'bad-call-count',
      `${where} call_count.window must be a duration like 30s, 10m or 1h (no d)`,
    );
}

function checkRule(ctx: Ctx, node: Node, where: string, index: number): RuleInfo {
  const info: RuleInfo = {
    index,
    node,
    unconditional: false,
    groups: new Map(),
    hasExclusions: false,
    hasOther: false,
  };
  if (!isMap(node)) {
    report(ctx, node, 'error', 'wrong-type', `${where} must be a mapping with action and when`);
    return info;
  }
  checkKeys(ctx, node, 'rule', where);
  const action = checkAction(ctx, get(node, 'action'), node, where);
  if (action) info.action = action;
  checkWhen(ctx, get(node, 'when'), where, info);
  const ask = get(node, 'ask');
  if (ask) {
    if (isMap(ask)) checkKeys(ctx, ask, 'ask', `${where} ask`);
    if (action && action !== 'ask')
      report(ctx, ask, 'warning', 'ask-options-ignored', `${where}: ask options only apply to action: ask`);
  }
  const hook = get(node, 'webhook');
  if (hook && isMap(hook)) checkKeys(ctx, hook, 'webhook', `${where} webhook`);
  if (action === 'webhook') {
    const url = hook && isMap(hook) ? scalarText(get(hook, 'url')) : undefined;
    if (!url?.trim()) report(ctx, hook ?? node, 'error', 'webhook-url', `${where}: a webhook rule needs webhook.url`);
    const timeout = hook && isMap(hook) ? scalarText(get(hook, 'timeout')) : undefined;
    if (timeout && !DURATION.test(timeout))
      report(
        ctx,
        get(hook as YAMLMap, 'timeout'),
        'error',
        'bad-duration',
        `${where}: webhook.timeout "${timeout}" is not a duration like 5s or 500ms`,
      );
  }
  const exp = get(node, 'expires_at');
  if (exp) {
    const t = scalarText(exp);
    if (!t || Number.isNaN(Date.parse(t)) || !/^\d{4}-\d{2}-\d{2}T/.test(t))
      report(
        ctx,
        exp,
        'error',
        'bad-timestamp',
        `${where}: expires_at must be an RFC 3339 timestamp like 2026-01-31T12:00:00Z`,
      );
  }
  const sugg = get(node, 'suggestions');
  if (sugg) stringList(ctx, sugg, `${where} suggestions`);
  return info;
}

/** Rules that an earlier rule of the same policy always decides first. */
function checkShadowing(ctx: Ctx, rules: RuleInfo[], policyName: string): void {
  for (const [j, later] of rules.entries()) {
    for (const earlier of rules.slice(0, j)) {
      const where = `policy "${policyName}" rule ${later.index + 1}`;
      if (earlier.unconditional) {
        report(
          ctx,
          later.node,
          'warning',
          'shadowed',
          `${where} can never match: rule ${earlier.index + 1} (line ${pos(ctx, earlier.node).line}) matches every call first`,
        );
        break;
      }
      if (earlier.hasExclusions || earlier.hasOther || earlier.groups.size !== 1 || later.unconditional) continue;
      const [only] = earlier.groups.entries();
      if (!only) continue;
      const [key, pats] = only;
      const theirs = later.groups.get(key);
      if (!theirs?.length) continue;
      const isPath = key === 'path_matches';
      const uncovered = theirs.filter((b) => !pats.some((a) => globCovers(a, b, isPath)));
      if (uncovered.length) continue;
      const line = pos(ctx, earlier.node).line;
      const restrictive = later.action === 'deny' || later.action === 'ask';
      if (earlier.action && GRANTING.has(earlier.action) && restrictive) {
        report(
          ctx,
          later.node,
          'warning',
          'allow-before-deny',
          `${where} (${later.action}) is hidden by rule ${earlier.index + 1} (${earlier.action}, line ${line}), whose ${key} cover the same calls; within a policy the first match wins, so the ${later.action} only fires for compound commands. Move the ${later.action} rule first.`,
        );
      } else {
        report(
          ctx,
          later.node,
          'warning',
          'shadowed',
          `${where} never decides: rule ${earlier.index + 1} (line ${line}) has ${key} that cover all of its patterns${earlier.action === later.action ? ' (the rule is redundant)' : ''}`,
        );
      }
      break;
    }
  }
}

function checkTool(ctx: Ctx, node: Node | undefined, where: string): void {
  for (const { text, node: n } of stringList(ctx, node, `${where} match.tool`)) {
    if (WILD.test(text) || (RESERVED_TOOLS as readonly string[]).includes(text)) continue;
    const lower = text.toLowerCase();
    if ((RESERVED_TOOLS as readonly string[]).includes(lower)) {
      report(
        ctx,
        n,
        'error',
        'tool-case',
        `${where} match.tool "${text}": reserved tool classes are lower-case ("${lower}"), and matching is case-sensitive`,
      );
      continue;
    }
    const hostNames: Record<string, string> = {
      bash: 'exec',
      shell: 'exec',
      powershell: 'exec',
      run_command: 'exec',
      readfile: 'read',
      writefile: 'write',
      edit_file: 'edit',
      webfetch: 'fetch',
      websearch: 'web_search',
    };
    const near = hostNames[lower] ?? closest(lower, RESERVED_TOOLS);
    if (near)
      report(
        ctx,
        n,
        'warning',
        'unknown-tool',
        `${where} match.tool "${text}" is not a tool class hosts send${near ? ` (did you mean "${near}"?)` : ''}`,
      );
  }
}

function checkPolicy(ctx: Ctx, node: Node, index: number, names: Map<string, number>): void {
  const label = `policy ${index + 1}`;
  if (!isMap(node)) {
    report(ctx, node, 'error', 'wrong-type', `${label} must be a mapping with name and rules`);
    return;
  }
  checkKeys(ctx, node, 'policy', label);
  const name = scalarText(get(node, 'name'));
  if (!name?.trim()) report(ctx, node, 'error', 'missing-name', `${label} has no name`);
  else if (names.has(name))
    report(
      ctx,
      get(node, 'name'),
      'error',
      'duplicate-name',
      `policy name "${name}" is already used on line ${names.get(name)}`,
    );
  else names.set(name, pos(ctx, get(node, 'name')).line);
  const where = name ? `policy "${name}"` : label;
  const prio = get(node, 'priority');
  if (prio) {
    if (!isScalar(prio) || !Number.isInteger(prio.value))
      report(ctx, prio, 'error', 'wrong-type', `${where}: priority must be an integer`);
    else if (prio.value === 0)
      report(
        ctx,
        prio,
        'warning',
        'priority-zero',
        `${where}: priority 0 means the default (100), not "first"; use a small positive number such as 1`,
      );
  }
  const match = get(node, 'match');
  if (match) {
    if (!isMap(match))
      report(ctx, match, 'error', 'wrong-type', `${where}: match must be a mapping of agent, session, tool`);
    else {
      checkKeys(ctx, match, 'match', `${where} match`);
      for (const k of ['agent', 'session']) {
        const v = get(match, k);
        if (v && !isScalar(v))
          report(ctx, v, 'error', 'wrong-type', `${where}: match.${k} is a single glob string, not a list`);
      }
      checkTool(ctx, get(match, 'tool'), where);
    }
  }
  const rules = get(node, 'rules');
  if (!rules || (isScalar(rules) && rules.value === null)) {
    report(ctx, node, 'warning', 'no-rules', `${where} has no rules, so it never fires`);
    return;
  }
  if (!isSeq(rules)) {
    report(ctx, rules, 'error', 'wrong-type', `${where}: rules must be a list`);
    return;
  }
  if (!rules.items.length) report(ctx, rules, 'warning', 'no-rules', `${where} has no rules, so it never fires`);
  const infos = (rules.items as Node[]).map((r, i) => checkRule(ctx, r, `${where} rule ${i + 1}`, i));
  checkShadowing(ctx, infos, name ?? label);
}

function checkTests(ctx: Ctx, node: Node): void {
  if (!isSeq(node)) {
    report(ctx, node, 'error', 'wrong-type', 'tests must be a list of test cases');
    return;
  }
  (node.items as Node[]).forEach((t, i) => {
    const where = `test ${i + 1}`;
    if (!isMap(t)) {
      report(ctx, t, 'error', 'wrong-type', `${where} must be a mapping`);
      return;
    }
    checkKeys(ctx, t, 'test', where);
    if (!scalarText(get(t, 'tool')))
      report(ctx, t, 'error', 'test-tool', `${where} needs a tool (exec, read, write, fetch ...)`);
    const expect = scalarText(get(t, 'expect'));
    if (!expect || !['allow', 'deny', 'ask', 'watch', 'log', 'webhook'].includes(expect)) {
      report(
        ctx,
        get(t, 'expect') ?? t,
        'error',
        'test-expect',
        `${where}: expect must be one of allow, deny, ask, watch`,
      );
    }
    const params = get(t, 'params');
    if (params && !isMap(params))
      report(ctx, params, 'error', 'wrong-type', `${where}: params must be a mapping such as {command: "..."}`);
  });
}

/** Lints policy YAML text. The file name is only used in the diagnostics. */
export function lintPolicyText(text: string, file: string): Diagnostic[] {
  const lc = new LineCounter();
  const ctx: Ctx = { file, lc, out: [] };
  if (Buffer.byteLength(text) > LINT_MAX_BYTES) {
    report(ctx, undefined, 'error', 'too-large', `policy files may be at most ${LINT_MAX_BYTES} bytes`);
    return ctx.out;
  }
  let docs: Document[];
  try {
    const parsed = parseAllDocuments(text, { lineCounter: lc, prettyErrors: false });
    docs = Array.isArray(parsed) ? (parsed as Document[]) : [];
  } catch (err) {
    report(ctx, undefined, 'error', 'parse-error', (err as Error).message);
    return ctx.out;
  }
  const doc = docs[0];
  if (!doc) {
    report(ctx, undefined, 'warning', 'empty', 'the file is empty: no policies and no default_action');
    return ctx.out;
  }
  const second = docs[1];
  if (second) {
    report(
      ctx,
      second.contents ?? undefined,
      'error',
      'multiple-documents',
      'a policy file holds exactly one YAML document (found another after "---"); only the first is checked',
    );
  }
  // A file whose aliases expand beyond the limit is refused before anything expands them.
  const blowup = doc.errors.length ? null : expansionProblem(doc as Document.Parsed);
  if (blowup) {
    report(ctx, undefined, 'error', 'alias-expansion', blowup);
    return ctx.out;
  }
  // Aliases (*name) are checked as the anchored node they stand for.
  visit(doc, { Alias: (_, alias) => (alias.resolve(doc) as Node | undefined) ?? visit.REMOVE });
  for (const e of doc.errors) {
    const p = lc.linePos(e.pos[0]);
    ctx.out.push({
      file,
      line: p.line,
      col: p.col,
      severity: 'error',
      code: 'parse-error',
      message: e.message.split('\n', 1).join(''),
    });
  }
  if (doc.errors.length) return ctx.out;
  const root = doc.contents as Node | null;
  if (!root || (isScalar(root) && root.value === null)) {
    report(ctx, undefined, 'warning', 'empty', 'the file is empty: no policies and no default_action');
    return ctx.out;
  }
  if (!isMap(root)) {
    report(
      ctx,
      root,
      'error',
      'wrong-type',
      'a policy file is a mapping with version, default_action, policies and tests',
    );
    return ctx.out;
  }
  checkKeys(ctx, root, 'top', 'the file');
  const version = get(root, 'version');
  if (version) {
    const v = scalarText(version)?.trim();
    if (v !== '' && v !== '1')
      report(ctx, version, 'error', 'bad-version', `version must be "1" (got ${JSON.stringify(v)})`);
  }
  const def = get(root, 'default_action');
  if (def) {
    const v = scalarText(def)?.trim().toLowerCase() ?? '';
    if (!DEFAULT_ACTIONS.includes(v)) {
      const hint = ACTION_HINTS[v] ?? closest(v, DEFAULT_ACTIONS);
      report(
        ctx,
        def,
        'error',
        'bad-default-action',
        `default_action must be one of allow, deny, ask, watch${hint ? ` (did you mean "${hint}"?)` : ''}`,
      );
    }
  }
  const notify = get(root, 'notify');
  if (notify) {
    if (!isMap(notify)) report(ctx, notify, 'error', 'wrong-type', 'notify must be a mapping with url, platform, on');
    else {
      checkKeys(ctx, notify, 'notify', 'notify');
      const on = get(notify, 'on');
      if (on && !isSeq(on)) report(ctx, on, 'error', 'wrong-type', 'notify.on is a list, e.g. [deny, ask]');
    }
  }
  const policies = get(root, 'policies');
  if (policies && !(isScalar(policies) && policies.value === null)) {
    if (!isSeq(policies)) report(ctx, policies, 'error', 'wrong-type', 'policies must be a list');
    else {
      const names = new Map<string, number>();
      (policies.items as Node[]).forEach((p, i) => checkPolicy(ctx, p, i, names));
    }
  }
  const tests = get(root, 'tests');
  if (tests) checkTests(ctx, tests);
  addLoaderFindings(ctx, text);
  ctx.out.sort((a, b) => a.line - b.line || a.col - b.col);
  return ctx.out;
}

/** What the loader itself rejects, for anything the checks above did not already report. */
function addLoaderFindings(ctx: Ctx, text: string): void {
  let diags;
  try {
    diags = parsePolicyTextLenient(text, ctx.file).diagnostics;
  } catch (err) {
    report(ctx, undefined, 'error', 'load-error', (err as Error).message);
    return;
  }
  for (const d of diags) {
    if (ctx.out.some((o) => o.line === d.line && o.severity === d.severity)) continue;
    ctx.out.push({
      file: ctx.file,
      line: d.line,
      col: d.col,
      severity: d.severity,
      code: 'load-error',
      message: d.problem,
    });
  }
}

export function lintPolicyFile(file: string): Diagnostic[] {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return [{ file, line: 0, col: 0, severity: 'error', code: 'missing', message: 'file does not exist' }];
  }
  if (size > LINT_MAX_BYTES)
    return [
      {
        file,
        line: 0,
        col: 0,
        severity: 'error',
        code: 'too-large',
        message: `policy files may be at most ${LINT_MAX_BYTES} bytes`,
      },
    ];
  return lintPolicyText(readFileSync(file, 'utf8'), file);
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col}: ${d.severity}: ${d.message} [${d.code}]`;
}
