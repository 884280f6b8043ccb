// `svc policy explain COMMAND`: how the engine reads a call and why the decision is what it is.
// The engine's code is imported once the arguments are known to be good (policy-help.ts).
import { CALL_OPTIONS, onePositional, parse, UsageError } from './args.js';
import type { ExplainResult, ExplainRule } from '../policy/engine.js';
import type { PolicyLayer } from '../policy/config-path.js';
import type { ProjectLayerStatus } from '../policy/project-policies.js';
import { showSession } from './session-view.js';

const STRENGTH = ['allow', 'watch', 'ask', 'webhook', 'deny'];
/** Readings listed in full; a command with more is summarised (the rest are in --json). */
const MAX_READINGS_SHOWN = 24;

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

export async function explain(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    ...CALL_OPTIONS,
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
  const { offlineCall } = await import('../policy/offline-engine.js');
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
