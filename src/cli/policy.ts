// `svc policy lint FILE...` and `svc policy explain "COMMAND"`.
import { resolve } from 'node:path';
import { onePositional, parse, UsageError, type Command } from './args.js';
import { replay, replayHelp } from './policy-replay.js';
import { diff, diffHelp } from './policy-diff.js';
import { openOfflineEngine, offlineCall } from '../policy/offline-engine.js';
import { formatDiagnostic, lintPolicyFile, type Diagnostic } from '../policy/lint.js';
import type { ExplainResult, ExplainRule } from '../policy/engine.js';
import type { ToolCall } from '../policy/types.js';
import type { PolicyLayer } from '../policy/config-path.js';
import type { ProjectLayerStatus } from '../policy/project-policies.js';
import { api } from './client.js';
import { showSession } from './session-view.js';

const STRENGTH = ['allow', 'watch', 'ask', 'webhook', 'deny'];
/** Readings listed in full; a command with more is summarised (the rest are in --json). */
const MAX_READINGS_SHOWN = 24;

const help = `usage: svc policy lint FILE... [--json]
       svc policy explain COMMAND [--tool T] [--config PATH|PROFILE] [--all] [--json]
       svc policy explain --session ID [--json]
       svc policy reload [--accept-removal]
       svc policy replay CANDIDATE [--from DATE] [--to DATE] [--agent A] [--json]
       svc policy diff A B [--corpus FILE]... [--audit] [--json]
       svc policy promote

lint     checks policy files without loading them into a server: unknown keys (with a
         suggestion), bad actions and values, patterns that can never match, risky regexes,
         rules that an earlier rule of the same policy always decides first, and allow rules
         that hide a later deny. Each finding has file:line:col. Exit 1 when there are errors,
         0 with warnings only.

explain  shows how the engine reads a call (normalized command, executed parts, every spelling
         deny rules look at; or the path spellings, URL and domain), every rule that matched or
         nearly matched and why, and why the decision is what it is. For --tool read, write or
         edit the argument is a path; for fetch, web_fetch, http or browser a URL.
         With --session ID and no COMMAND it asks the running server what its session-aware
         rules know about that session: taint labels (and the credential or run that carries
         them) and its recent calls (docs/session-rules.md).

  --tool T         tool class (default exec)
  --config PATH    policy file, directory, or standard|strict|permissive|ci (default as svc serve)
  --data-dir DIR   where the default policies live (default $SERVICE_HOME, else ~/.svc)
  --agent NAME     agent id (default cli)      --session ID   session id
  --workdir DIR    working directory (default the current directory)
  --all            also list rules in scope that did not match
  --json           machine-readable output

reload   asks the running server to reload its policy files now. When a file of the set in
         force has disappeared, the server keeps the last good set until the file returns;
         --accept-removal is the explicit act that drops it (docs/policy-layers.md).

replay   re-decides the calls of the audit log under a candidate set (below)
diff     the calls two policy sets decide differently (below)
promote  asks the running server to make its shadow set (svc serve --shadow DIR) live: the
         live policy directory takes the shadow's files, atomically; admin token only
         (docs/shadow-and-replay.md)

${replayHelp}

${diffHelp}`;

async function reload(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { 'accept-removal': { type: 'boolean' } });
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const res = await api('POST', '/v1/policy/reload', values['accept-removal'] ? { accept_removal: true } : {});
  if (res.status === 200) {
    process.stdout.write(`reloaded: ${res.body.policies_loaded} policies, ${res.body.rules_total} rules\n`);
    return 0;
  }
  const msg = typeof res.body === 'object' && res.body ? (res.body.message ?? res.body.error) : String(res.body);
  process.stderr.write(`svc: reload failed (${res.status}): ${msg}\n`);
  return 1;
}

async function lint(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { json: { type: 'boolean' } });
  if (!positionals.length) throw new UsageError('missing FILE to lint');
  const all: Diagnostic[] = positionals.flatMap((f) => lintPolicyFile(f));
  const errors = all.filter((d) => d.severity === 'error').length;
  const warnings = all.length - errors;
  if (values.json) {
    process.stdout.write(JSON.stringify({ errors, warnings, diagnostics: all }, null, 2) + '\n');
  } else {
    for (const d of all) process.stdout.write(formatDiagnostic(d) + '\n');
    const files = positionals.length === 1 ? positionals[0] : `${positionals.length} files`;
    process.stdout.write(
      `${files}: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`,
    );
  }
  return errors ? 1 : 0;
}

/** Which layer a rule comes from: the base, a user file, or the project's own policy. */
function layerOf(r: ExplainRule, layers?: PolicyLayer[]): string | undefined {
  if (r.layer === 'project') return 'project';
  const l = layers?.find((x) => r.file === x.path || r.file.startsWith(x.path.endsWith('/') ? x.path : `${x.path}/`));
  return l ? (l.kind === 'base' ? 'base' : 'user file') : undefined;
}

function ruleLabel(r: ExplainRule, layers?: PolicyLayer[]): string {
  const layer = layerOf(r, layers);
  return `${r.policy} rule ${r.index + 1} (${r.action}, ${r.file}:${r.line})${layer ? ` [${layer}]` : ''}`;
}

/** One paragraph on why the decision came out as it did. */
export function whyText(x: ExplainResult): string {
  const d = x.decision;
  if (x.refusal) return `The call was refused before any rule was consulted: ${x.refusal}.`;
  const from = x.derived?.find((e) => e.decision.policy && d.message.startsWith(`${e.via}: `));
  if (from)
    return `What the call amounts to decided it: "${from.via}" is ${from.decision.action} by policy ${from.decision.policy}, stricter than the call's own reading (deny > ask > watch/allow).`;
  const fired = x.rules.filter((r) => r.status === 'matched' && !r.reason.includes('(not reached'));
  if (!fired.length) {
    return x.rules.length
      ? `No rule in scope matched, so the default action (${d.action}) applies.`
      : `No policy covers tool "${x.call.tool}" for this agent and session, so the default action (${d.action}) applies.`;
  }
  const decider = x.rules.find((r) => r.decided);
  const actions = [...new Set(fired.map((r) => r.action))].sort((a, b) => STRENGTH.indexOf(b) - STRENGTH.indexOf(a));
  const parts: string[] = [];
  if (d.action === 'deny' && fired.some((r) => r.action === 'deny')) {
    parts.push('A deny rule matched, and deny wins over every other rule.');
  } else if (actions.length > 1) {
    parts.push(`Rules answered ${actions.join(', ')}; the strongest (deny > webhook > ask > watch > allow) wins.`);
  } else {
    parts.push(`Every rule that matched says ${actions[0]}.`);
  }
  if (decider) parts.push(`${ruleLabel(decider)} supplies the message.`);
  const strongest = actions[0];
  if (strongest && strongest !== d.action && !decider) {
    parts.push(`The final ${d.action} comes from outside the rules above (a durable override or the default).`);
  }
  return parts.join(' ');
}

function list(label: string, items: string[]): string[] {
  if (!items.length) return [];
  const shown = items.slice(0, MAX_READINGS_SHOWN);
  const more = items.length > shown.length ? [`  ... and ${items.length - shown.length} more (see --json)`] : [];
  return [`${label}`, ...shown.map((s) => `  ${s}`), ...more];
}

export function formatExplain(
  x: ExplainResult,
  showAll: boolean,
  config: string,
  layers?: PolicyLayer[],
  project?: ProjectLayerStatus,
): string {
  const out: string[] = [];
  const c = x.call;
  out.push(`Policy:    ${config}`);
  const own = x.project ? x.project.files.map((f) => ` + project ${f}`).join('') : '';
  if (layers?.length)
    out.push(
      `Layers:    ${layers.map((l) => l.name).join(' + ')}${layers.some((l) => l.kind === 'base') ? '' : ' (base replaced)'}${own}`,
    );
  for (const m of [...(project?.refused ?? []), ...(project?.error ? [project.error] : [])])
    out.push(`Project:   ${m}`);
  out.push(
    `Call:      tool ${c.tool}, agent ${c.agent || '-'}, session ${c.session || '-'}${c.workdir ? `, workdir ${c.workdir}` : ''}`,
  );
  const command = x.command;
  if (command) {
    out.push(`Command:   ${command.raw}`);
    out.push(`Normalized: ${command.normalized || '(nothing executed)'}`);
    out.push(...list('Executed parts (allow/watch rules must cover every one):', [...new Set(command.components)]));
    const extra = command.candidates.filter((s) => !command.components.includes(s));
    out.push(...list('Other readings (deny/ask rules match any one):', extra));
    if (command.envAssignments.length) out.push(`Assigns:   ${command.envAssignments.join(', ')}`);
    const how: Record<string, string> = {
      extracted: 'code extracted from',
      resolved: 'variable resolved:',
      decoded: 'decoded by',
      function: 'function call',
      alias: 'alias',
      script: 'script for',
      meaning: 'what it amounts to:',
    };
    out.push(
      ...list(
        'Shell readings (what the shell will make of it):',
        (command.readings ?? []).map((r) => `${how[r.kind] ?? r.kind} ${r.from} -> ${JSON.stringify(r.text)}`),
      ),
    );
    out.push(
      ...list(
        'Dynamic (what runs is only known at run time):',
        (command.dynamic ?? []).map((d) => `${d.kind}: ${d.reason}`),
      ),
    );
  }
  if (x.paths) out.push(...list('Path readings:', x.paths));
  if (x.url !== undefined) out.push(`URL:       ${x.url}`);
  if (x.domain !== undefined) out.push(`Domain:    ${x.domain}`);
  if (x.derived?.length) {
    out.push(
      ...list(
        'Amounts to (each decided like a direct call; the strictest wins):',
        x.derived.map(
          (e) =>
            `${e.via} -> ${e.tool} ${JSON.stringify(e.params).slice(0, 160)}: ${e.decision.action}${e.decision.policy ? ` (policy ${e.decision.policy})` : ''}`,
        ),
      ),
    );
  }
  out.push('');
  const d = x.decision;
  out.push(`Decision:  ${d.action}${d.policy ? ` (policy ${d.policy})` : ''}`);
  out.push(`Message:   ${d.message}`);
  if (d.suggestions?.length) out.push(...list('Suggestions:', d.suggestions));
  out.push(`Why:       ${whyText(x)}`);
  const groups: [string, ExplainRule[]][] = [
    ['Matched', x.rules.filter((r) => r.status === 'matched')],
    [
      'Nearly matched (a condition held but another, or an exclusion, undid it)',
      x.rules.filter((r) => r.status === 'near'),
    ],
    ['Skipped (expired or used up)', x.rules.filter((r) => r.status === 'skipped')],
  ];
  if (showAll) groups.push(['Did not match', x.rules.filter((r) => r.status === 'no')]);
  for (const [title, rules] of groups) {
    if (!rules.length) continue;
    out.push('');
    out.push(`${title}:`);
    for (const r of rules) out.push(`  ${r.decided ? '=>' : '  '} ${ruleLabel(r, layers)}\n       ${r.reason}`);
  }
  if (!showAll) {
    const rest = x.rules.filter((r) => r.status === 'no').length;
    if (rest) out.push('', `${rest} other rule${rest === 1 ? '' : 's'} in scope did not match (--all lists them).`);
  }
  return out.join('\n');
}

async function explain(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    tool: { type: 'string', short: 't' },
    config: { type: 'string', short: 'c' },
    'data-dir': { type: 'string' },
    agent: { type: 'string' },
    session: { type: 'string' },
    workdir: { type: 'string' },
    all: { type: 'boolean' },
    json: { type: 'boolean' },
  });
  if (!positionals.length && values.session !== undefined) {
    const id = String(values.session);
    if (id === '') throw new UsageError('--session needs a session id');
    return showSession(id, Boolean(values.json));
  }
  const arg = onePositional(
    positionals,
    positionals.length ? 'give one command (quote it)' : 'missing COMMAND to explain',
  );
  if (arg.trim() === '') throw new UsageError('the command is empty');
  const { engine, display, layers, call } = offlineCall(arg, values);
  const x = engine.explain(call);
  const root = engine.projects?.rootOf(call.workdir);
  const project = root ? engine.projects?.status().find((s) => s.root === root) : undefined;
  if (values.json)
    process.stdout.write(
      JSON.stringify({ config: display, layers, ...x, ...(project ? { project_layer: project } : {}) }, null, 2) + '\n',
    );
  else process.stdout.write(formatExplain(x, Boolean(values.all), display, layers, project) + '\n');
  return 0;
}

/**
 * replay and diff exit 1 when decisions differ, so their bad arguments exit 64 (and a policy set,
 * corpus or log that cannot be read exits 2), each with its own help.
 */
async function exitOnUsage(sub: 'replay' | 'diff', argv: string[]): Promise<number> {
  try {
    return sub === 'replay' ? await replay(argv) : await diff(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`svc policy ${sub}: ${err.message} (see 'svc policy ${sub} --help')\n`);
      return 64;
    }
    process.stderr.write(`svc policy ${sub}: ${(err as Error).message}\n`);
    return 2;
  }
}

export default {
  help,
  async run(argv: string[]): Promise<number> {
    const [sub, ...rest] = argv;
    if (sub === 'lint') return lint(rest);
    if (sub === 'explain') return explain(rest);
    if (sub === 'reload') return reload(rest);
    if (sub === 'promote') return (await import('./policy-promote.js')).promote(rest);
    if (sub === 'replay' || sub === 'diff') return exitOnUsage(sub, rest);
    throw new UsageError(
      sub
        ? `unknown subcommand "${sub}" (use lint, explain, reload, replay, diff or promote)`
        : 'missing subcommand: lint, explain, reload, replay, diff or promote',
    );
  },
} satisfies Command;
