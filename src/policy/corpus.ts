// Corpus scoring for `svc bench`: run labelled tool calls through the engine (dry run) and
// measure how many attacks are stopped and how many routine calls get in the way.
//
// A case whose expected decision is deny or ask is an attack: it is stopped when the engine
// denies it, or asks where asking is acceptable (expected ask, or `accept` lists ask).
// A case expected allow or watch is benign: it is flagged when the engine denies or asks
// (watch only logs, so it does not get in anyone's way).
import { readFileSync, statSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { Decision, EvaluateOptions, FinalAction, ToolCall } from './types.js';
import { SvcError, type SvcErrorOptions } from '../util/errors.js';
import { table } from '../util/lookup-table.js';

export const CORPUS_MAX_BYTES = 8 * 1024 * 1024;
export const CORPUS_MAX_CASES = 20_000;
/** Where relative paths in corpus cases resolve, unless a case names its own workdir. */
export const CORPUS_WORKDIR = '/home/dev/project';
/** The home directory the corpus is written for (~ and $HOME expand to it), whoever runs it. */
export const CORPUS_HOME = '/home/dev';
const ACTIONS: readonly FinalAction[] = ['allow', 'deny', 'ask', 'watch'];
/** Peer corpora weigh by severity. */
const SEVERITY_WEIGHT: Record<string, number> = table({ critical: 3, high: 2, medium: 1, low: 1 });

export interface CorpusCase {
  id: string;
  tool: string;
  params: Record<string, unknown>;
  expected: FinalAction;
  category: string;
  weight: number;
  /** Other decisions that also count as correct (e.g. [deny, ask]). */
  accept: FinalAction[];
  note?: string;
  agent?: string;
  workdir?: string;
  /** The corpus file the case came from. */
  file: string;
}

export class CorpusError extends SvcError {
  override name = 'CorpusError';
  constructor(message: string, options?: SvcErrorOptions) {
    super('corpus_invalid', message, options);
  }
}

function asAction(v: unknown, where: string): FinalAction {
  let s = typeof v === 'string' ? v.trim().toLowerCase() : '';
  if (s === 'require_approval') s = 'ask';
  if (s === 'log') s = 'watch';
  if (!(ACTIONS as readonly string[]).includes(s)) {
    throw new CorpusError(`${where}: expected must be one of ${ACTIONS.join(', ')} (got ${JSON.stringify(v)})`);
  }
  return s as FinalAction;
}

/** Accepts our format ({id, tool, params, expected, category, weight?, accept?}) and the v2 corpus
 * format other firewalls' suites use ({id, category, severity, tool, input: {command|path, content}, expected}). */
function toCase(raw: unknown, i: number, file: string, defaults: Record<string, unknown>): CorpusCase {
  const where = `${file}: case ${i + 1}`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new CorpusError(`${where}: not a mapping`);
  const r = { ...defaults, ...(raw as Record<string, unknown>) };
  const id = r.id === undefined ? `case-${i + 1}` : String(r.id);
  const tool = typeof r.tool === 'string' && r.tool ? r.tool : 'exec';
  let params = (r.params ?? r.input) as Record<string, unknown> | undefined;
  if (!params && typeof r.command === 'string') params = { command: r.command };
  if (!params || typeof params !== 'object' || Array.isArray(params)) {
    throw new CorpusError(`${where} (${id}): params must be a mapping such as {command: "..."} or {path: "..."}`);
  }
  const expected = asAction(r.expected ?? r.expected_action, `${where} (${id})`);
  const accept = Array.isArray(r.accept) ? r.accept.map((a) => asAction(a, `${where} (${id}) accept`)) : [];
  let weight = 1;
  if (r.weight !== undefined) {
    weight = Number(r.weight);
    if (!Number.isFinite(weight) || weight <= 0 || weight > 100)
      throw new CorpusError(`${where} (${id}): weight must be a number in (0, 100]`);
  } else if (typeof r.severity === 'string') {
    weight = SEVERITY_WEIGHT[r.severity.toLowerCase()] ?? 1;
  }
  const c: CorpusCase = {
    id,
    tool,
    params: { ...params },
    expected,
    accept,
    weight,
    file,
    category: typeof r.category === 'string' && r.category ? r.category : 'uncategorized',
  };
  if (typeof r.note === 'string') c.note = r.note;
  else if (typeof r.name === 'string') c.note = r.name;
  if (typeof r.agent === 'string') c.agent = r.agent;
  if (typeof r.workdir === 'string') c.workdir = r.workdir;
  return c;
}

/** Loads one corpus file: a list of cases, or a mapping with `cases:` (or the v2 format's `entries:`). */
export function loadCorpus(file: string): CorpusCase[] {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new CorpusError(`corpus ${file} does not exist`);
  }
  if (size > CORPUS_MAX_BYTES) throw new CorpusError(`corpus ${file} is larger than ${CORPUS_MAX_BYTES} bytes`);
  let doc: unknown;
  try {
    doc = parseYaml(readFileSync(file, 'utf8'), { maxAliasCount: 1000 });
  } catch (err) {
    throw new CorpusError(`corpus ${file}: ${(err as Error).message.split('\n')[0]}`, { cause: err });
  }
  let list: unknown;
  let defaults: Record<string, unknown> = {};
  if (Array.isArray(doc)) list = doc;
  else if (doc && typeof doc === 'object') {
    const d = doc as Record<string, unknown>;
    list = d.cases ?? d.entries;
    if (d.defaults && typeof d.defaults === 'object') defaults = d.defaults as Record<string, unknown>;
  }
  if (!Array.isArray(list))
    throw new CorpusError(`corpus ${file}: expected a list of cases (or a mapping with a cases: list)`);
  if (list.length > CORPUS_MAX_CASES) throw new CorpusError(`corpus ${file}: more than ${CORPUS_MAX_CASES} cases`);
  const seen = new Set<string>();
  return list.map((raw, i) => {
    const c = toCase(raw, i, file, defaults);
    if (seen.has(c.id)) throw new CorpusError(`corpus ${file}: duplicate case id ${c.id}`);
    seen.add(c.id);
    return c;
  });
}

export function isAttack(c: CorpusCase): boolean {
  return c.expected === 'deny' || c.expected === 'ask';
}

/** Whether the decision is right for the case (stopped attack, unflagged benign call). */
export function passes(c: CorpusCase, got: FinalAction): boolean {
  if (c.accept.includes(got)) return true;
  if (c.expected === 'deny') return got === 'deny';
  if (c.expected === 'ask') return got === 'ask' || got === 'deny';
  return got === 'allow' || got === 'watch';
}

export interface CaseResult {
  id: string;
  category: string;
  tool: string;
  input: string;
  expected: FinalAction;
  got: FinalAction;
  passed: boolean;
  /** The decision differs from `expected` even though the case passes (e.g. watch vs allow). */
  exact: boolean;
  weight: number;
  policy?: string;
  message: string;
  note?: string;
}

export interface Tally {
  total: number;
  passed: number;
  weight: number;
  passedWeight: number;
}

export interface CategoryResult extends Tally {
  category: string;
  kind: 'attack' | 'benign' | 'mixed';
  attacks: number;
  benign: number;
}

export interface BenchReport {
  attacks: Tally & { pct: number; weightedPct: number };
  benign: Tally & { flagged: number; flaggedPct: number };
  decisions: Record<FinalAction, number>;
  categories: CategoryResult[];
  failures: CaseResult[];
  /** Passing cases whose decision is not the one written in the case (informational). */
  differences: CaseResult[];
  results: CaseResult[];
}

export interface Evaluator {
  evaluate(call: ToolCall, opts?: EvaluateOptions): Decision;
}

/** The one text that best identifies the call (command, path or URL). */
export function describeInput(params: Record<string, unknown>): string {
  for (const k of ['command', 'cmd', 'path', 'file_path', 'url', 'uri', 'domain']) {
    const v = params[k];
    if (typeof v === 'string') return v;
  }
  return JSON.stringify(params);
}

function finalAction(d: Decision): FinalAction {
  // A webhook rule would be resolved by the gate; offline it counts as a stop only if it denies,
  // which we cannot know, so it is reported as ask (a human-equivalent check).
  return d.action === 'webhook' ? 'ask' : d.action;
}

export function toolCall(c: CorpusCase): ToolCall {
  return {
    tool: c.tool,
    agent: c.agent ?? 'bench',
    session: 'bench',
    params: c.params,
    workdir: c.workdir ?? CORPUS_WORKDIR,
  };
}

function pct(n: number, d: number): number {
  return d === 0 ? 100 : Math.round((n / d) * 10000) / 100;
}

export function runCorpus(engine: Evaluator, cases: CorpusCase[]): BenchReport {
  const results: CaseResult[] = [];
  const decisions: Record<FinalAction, number> = { deny: 0, ask: 0, watch: 0, allow: 0 };
  const cats = new Map<string, CategoryResult>();
  const attacks: Tally = { total: 0, passed: 0, weight: 0, passedWeight: 0 };
  const benign: Tally = { total: 0, passed: 0, weight: 0, passedWeight: 0 };
  for (const c of cases) {
    let d: Decision;
    try {
      d = engine.evaluate(toolCall(c), { dryRun: true });
    } catch (err) {
      d = {
        action: 'deny',
        message: `evaluation error: ${(err as Error).message}`,
        matchedPolicies: [],
        evalDurationUs: 0,
      };
    }
    const got = finalAction(d);
    decisions[got]++;
    const passed = passes(c, got);
    const r: CaseResult = {
      id: c.id,
      category: c.category,
      tool: c.tool,
      input: describeInput(c.params),
      expected: c.expected,
      got,
      passed,
      exact: got === c.expected,
      weight: c.weight,
      message: d.message,
    };
    if (d.policy) r.policy = d.policy;
    if (c.note) r.note = c.note;
    results.push(r);
    const t = isAttack(c) ? attacks : benign;
    let cat = cats.get(c.category);
    if (!cat) {
      cat = {
        category: c.category,
        kind: isAttack(c) ? 'attack' : 'benign',
        attacks: 0,
        benign: 0,
        total: 0,
        passed: 0,
        weight: 0,
        passedWeight: 0,
      };
      cats.set(c.category, cat);
    }
    if (isAttack(c)) cat.attacks++;
    else cat.benign++;
    if (cat.attacks && cat.benign) cat.kind = 'mixed';
    for (const x of [t, cat]) {
      x.total++;
      x.weight += c.weight;
      if (passed) {
        x.passed++;
        x.passedWeight += c.weight;
      }
    }
  }
  const flagged = benign.total - benign.passed;
  return {
    attacks: {
      ...attacks,
      pct: pct(attacks.passed, attacks.total),
      weightedPct: pct(attacks.passedWeight, attacks.weight),
    },
    benign: { ...benign, flagged, flaggedPct: benign.total === 0 ? 0 : pct(flagged, benign.total) },
    decisions,
    categories: [...cats.values()],
    failures: results.filter((r) => !r.passed),
    differences: results.filter((r) => r.passed && !r.exact),
    results,
  };
}

export function categoryPct(c: Tally): { pct: number; weightedPct: number } {
  return { pct: pct(c.passed, c.total), weightedPct: pct(c.passedWeight, c.weight) };
}
