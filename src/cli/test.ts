// `svc test`: evaluate one call offline, or run a policy file's inline tests / a test suite.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { CALL_OPTIONS, closest, onePositional, parse, UsageError, type Command } from './args.js';
import { PROFILES, shippedPolicy } from '../policy/config-path.js';
import type { Engine } from '../policy/engine.js';
import { compileCommandGlob } from '../policy/glob.js';
import { RESERVED_TOOLS, type Action, type Decision, type ToolCall } from '../policy/types.js';

export const SUITE_MAX_BYTES = 1024 * 1024;
const SUITE_KEYS = ['policy', 'tests'];
const CASE_KEYS = ['name', 'tool', 'agent', 'params', 'expect', 'expect_message', 'session', 'workdir', 'input'];
const EXPECT = ['allow', 'deny', 'ask', 'watch', 'log', 'webhook'];

/** Exit codes (docs/cli.md): 0 allow/watch, 1 deny, 2 ask (a webhook needs an outside answer, like ask). */
export function exitCodeFor(action: Action): number {
  if (action === 'deny') return 1;
  if (action === 'ask' || action === 'webhook') return 2;
  return 0;
}

export interface SuiteCase {
  name: string;
  tool: string;
  agent: string;
  session: string;
  params: Record<string, unknown>;
  input?: Record<string, unknown>;
  workdir?: string;
  expect: Action;
  expectMessage?: string;
}

export interface CaseOutcome {
  name: string;
  passed: boolean;
  expected: Action;
  got?: Action;
  policy?: string;
  message?: string;
  error?: string;
}

function asMap(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function toCase(raw: unknown, i: number, where: string): SuiteCase {
  const at = `${where}: test ${i + 1}`;
  if (!asMap(raw)) throw new UsageError(`${at} must be a mapping with tool, params and expect`);
  for (const k of Object.keys(raw))
    if (!CASE_KEYS.includes(k)) throw new UsageError(`${at}: unknown key "${k}" (known: ${CASE_KEYS.join(', ')})`);
  if (typeof raw.tool !== 'string' || !raw.tool) throw new UsageError(`${at} needs a tool`);
  const expect = typeof raw.expect === 'string' ? raw.expect : '';
  if (!EXPECT.includes(expect)) throw new UsageError(`${at}: expect must be one of allow, deny, ask, watch`);
  for (const k of ['params', 'input'] as const)
    if (raw[k] !== undefined && !asMap(raw[k])) throw new UsageError(`${at}: ${k} must be a mapping`);
  const c: SuiteCase = {
    name: typeof raw.name === 'string' && raw.name ? raw.name : `test ${i + 1}`,
    tool: raw.tool,
    agent: typeof raw.agent === 'string' && raw.agent ? raw.agent : 'test',
    session: typeof raw.session === 'string' ? raw.session : '',
    params: (raw.params as Record<string, unknown>) ?? {},
    expect: (expect === 'log' ? 'watch' : expect) as Action,
  };
  if (raw.input) c.input = raw.input as Record<string, unknown>;
  if (typeof raw.workdir === 'string') c.workdir = raw.workdir;
  if (typeof raw.expect_message === 'string') c.expectMessage = raw.expect_message;
  return c;
}

/** Runs cases against an engine (dry runs). `expect_message` is a command-style glob. */
export function runCases(engine: Engine, cases: SuiteCase[]): CaseOutcome[] {
  return cases.map((c) => {
    const call: ToolCall = { tool: c.tool, agent: c.agent, session: c.session, params: c.params };
    if (c.input) call.input = c.input;
    if (c.workdir) call.workdir = c.workdir;
    let d: Decision;
    try {
      d = engine.evaluate(call, { dryRun: true });
    } catch (err) {
      return { name: c.name, passed: false, expected: c.expect, error: (err as Error).message };
    }
    let passed = d.action === c.expect;
    if (passed && c.expectMessage !== undefined) passed = compileCommandGlob(c.expectMessage).test(d.message);
    const o: CaseOutcome = { name: c.name, passed, expected: c.expect, got: d.action, message: d.message };
    if (d.policy) o.policy = d.policy;
    return o;
  });
}

interface SuiteSource {
  /** Policy file(s) the cases run against. */
  policy: string | string[];
  cases: SuiteCase[];
}

function expandTilde(p: string): string {
  return p === '~' || p.startsWith('~/') ? homedir() + p.slice(1) : p;
}

/** Reads a policy file with inline tests, or a suite file ({policy?, tests}). */
export function readSuite(file: string): SuiteSource {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new UsageError(`${file} does not exist`);
  }
  if (size > SUITE_MAX_BYTES) throw new UsageError(`${file} is larger than ${SUITE_MAX_BYTES} bytes`);
  let doc: unknown;
  try {
    doc = parseYaml(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`${file}: ${(err as Error).message.split('\n')[0]}`, { cause: err });
  }
  if (!asMap(doc)) throw new UsageError(`${file}: expected a policy file or a test suite (a mapping with tests:)`);
  const isPolicyFile = 'policies' in doc || 'default_action' in doc || 'version' in doc;
  if (!isPolicyFile) {
    for (const k of Object.keys(doc))
      if (!SUITE_KEYS.includes(k))
        throw new UsageError(`${file}: unknown key "${k}" in a test suite (known: policy, tests)`);
  }
  const tests = doc.tests;
  if (!Array.isArray(tests) || !tests.length) throw new UsageError(`${file} has no tests: list`);
  let policy: string = file;
  if (!isPolicyFile && typeof doc.policy === 'string' && doc.policy)
    policy = resolve(dirname(file), expandTilde(doc.policy));
  return { policy, cases: tests.map((t, i) => toCase(t, i, file)) };
}

// The engine's code is imported once a suite or a call is read: --help and bad arguments print
// without it (about 0.3 s of module import).
async function openForSuite(src: SuiteSource, config: string | undefined): Promise<Engine> {
  const { loadEngine } = await import('../policy/engine.js');
  // A suite runs against exactly one policy set: no user policy dir, no overrides.
  if (!config) return loadEngine(src.policy);
  if ((PROFILES as readonly string[]).includes(config) && !existsSync(config)) return loadEngine(shippedPolicy(config));
  return loadEngine(resolve(config));
}

function globMatch(pattern: string, name: string): boolean {
  return compileCommandGlob(pattern).test(name);
}

async function runSuiteMode(file: string, v: Record<string, unknown>): Promise<number> {
  const src = readSuite(file);
  let cases = src.cases;
  if (typeof v.run === 'string') cases = cases.filter((c) => globMatch(v.run as string, c.name));
  const engine = await openForSuite(src, v.config as string | undefined);
  const results = runCases(engine, cases);
  const failed = results.filter((r) => !r.passed && !r.error).length;
  const errors = results.filter((r) => r.error).length;
  const passed = results.length - failed - errors;
  if (v.json) {
    process.stdout.write(
      JSON.stringify({ passed, failed, errors, total: results.length, tests: results }, null, 2) + '\n',
    );
  } else {
    const out: string[] = [];
    for (const r of results) {
      if (r.passed) {
        if (v.verbose) out.push(`PASS  ${r.name}`);
        continue;
      }
      if (r.error) out.push(`ERROR ${r.name}: ${r.error}`);
      else
        out.push(
          `FAIL  ${r.name}: expected ${r.expected}, got ${r.got}${r.policy ? ` (${r.policy})` : ''}\n      ${r.message}`,
        );
    }
    out.push(
      `${passed} passed, ${failed} failed${errors ? `, ${errors} errors` : ''} (${results.length} tests, ${Array.isArray(src.policy) ? src.policy.join(', ') : (v.config ?? src.policy)})`,
    );
    process.stdout.write(out.join('\n') + '\n');
  }
  return failed || errors ? 1 : 0;
}

/** A tool class the policy set can tell apart: a reserved one or one a policy names exactly. */
function checkTool(tool: string, engine: Engine): void {
  const named = new Set<string>(RESERVED_TOOLS);
  for (const f of engine.files)
    for (const p of f.policies) for (const t of p.match.tool) if (!/[*?[{]/.test(t)) named.add(t);
  if (named.has(tool)) return;
  const hint = closest(tool, [...named]);
  throw new UsageError(
    `unknown tool "${tool}"${hint ? ` (did you mean ${hint}?)` : ''}; known: ${[...named].sort().join(', ')}`,
  );
}

async function runSingle(arg: string, v: Record<string, unknown>): Promise<number> {
  const { offlineCall } = await import('../policy/offline-engine.js');
  const { engine, display, call } = offlineCall(arg, v);
  const tool = call.tool;
  checkTool(tool, engine);
  const d = engine.evaluate(call, { dryRun: true });
  // The project's own layer (docs/project-policy.md): what it refused, or why it did not load.
  const root = engine.projects?.rootOf(call.workdir);
  const project = root ? engine.projects?.status().find((s) => s.root === root) : undefined;
  for (const m of [...(project?.refused ?? []), ...(project?.error ? [project.error] : [])])
    process.stderr.write(`svc test: project policy: ${m}\n`);
  if (v.json) {
    const body = {
      tool,
      input: arg,
      decision: d.action,
      allowed: d.action === 'allow' || d.action === 'watch',
      policy: d.policy ?? null,
      message: d.message,
      matched_policies: d.matchedPolicies,
      suggestions: d.suggestions ?? [],
      config: display,
      ...(d.policyFile ? { policy_file: d.policyFile } : {}),
      ...(project ? { project_layer: project } : {}),
    };
    process.stdout.write(JSON.stringify(body, null, 2) + '\n');
  } else {
    const lines = [
      `decision: ${d.action}`,
      `policy:   ${d.policy ?? '(none: default action)'}`,
      `message:  ${d.message}`,
    ];
    if (d.policyFile) lines.push(`file:     ${d.policyFile} (this project's own policy)`);
    if (d.suggestions?.length) lines.push('suggestions:', ...d.suggestions.map((s) => `  ${s}`));
    process.stdout.write(lines.join('\n') + '\n');
  }
  return exitCodeFor(d.action);
}

export default {
  help: `usage: svc test COMMAND [--tool T] [--config PATH|PROFILE] [--json]
       svc test --file POLICY.yaml [--run GLOB] [--config PATH|PROFILE] [--json] [--verbose]
       svc test POLICY.yaml ...

Evaluates one tool call offline (a dry run: nothing is counted, no once-rule is used) and prints
the decision, the deciding policy and its message. Exit status: 0 allow or watch, 1 deny, 2 ask,
64 bad arguments (an unknown option or tool class).
For --tool read, write or edit the argument is a path; for fetch, web_fetch, http or browser a URL;
otherwise a command.

With --file (or a positional argument that is an existing .yaml file) it runs that policy file's
inline tests: instead, or a suite file (policy: PATH and tests:), and reports
each failing case; exit 1 when any case fails.

  --tool T            tool class (default exec)
  --config PATH       policy file, directory, or standard|strict|permissive|ci; default as
                      svc serve: <data-dir>/policies/ when it holds YAML, else standard
  --data-dir DIR      where the default policies live (default $SERVICE_HOME, else ~/.svc)
  --agent NAME        agent id of the call (default cli)
  --session ID        session id of the call
  --workdir DIR       working directory for relative paths (default the current directory)
  --run GLOB          only tests whose name matches
  --json              machine-readable output
  --verbose           also list passing tests`,

  usageExitCode: 64,

  async run(argv: string[]): Promise<number> {
    const { values, positionals } = parse(argv, {
      ...CALL_OPTIONS,
      file: { type: 'string', short: 'f' },
      run: { type: 'string' },
      json: { type: 'boolean' },
      verbose: { type: 'boolean', short: 'v' },
    });
    const v = values as Record<string, unknown>;
    if (typeof v.file === 'string') {
      if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}" with --file`);
      return runSuiteMode(v.file, v);
    }
    const arg = onePositional(
      positionals,
      positionals.length
        ? 'give one command (quote it), or --file POLICY.yaml'
        : 'missing COMMAND (or --file POLICY.yaml)',
    );
    if (!v.tool && /\.ya?ml$/i.test(arg) && !/\s/.test(arg) && existsSync(arg) && statSync(arg).isFile())
      return runSuiteMode(arg, v);
    if (arg.trim() === '') throw new UsageError('the command is empty');
    return runSingle(arg, v);
  },
} satisfies Command;
