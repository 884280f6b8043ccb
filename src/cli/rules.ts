// `svc rules suggest`: rules proposed from what humans approved and denied.
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { parse, UsageError, type Command } from './args.js';
import { defaultDataDir } from '../util/datadir.js';
import { resolveConfig } from '../policy/config-path.js';
import { isValidDate } from '../audit/audit-file-names.js';

const options = {
  min: { type: 'string' },
  'min-denials': { type: 'string' },
  since: { type: 'string' },
  json: { type: 'boolean' },
  config: { type: 'string' },
  'data-dir': { type: 'string' },
  'audit-dir': { type: 'string' },
} as const;

const help = `usage: svc rules suggest [--min N] [--min-denials N] [--since YYYY-MM-DD] [--json]

Reads the audit history and proposes rules from what people decided:
  allow  for a call that was asked and approved at least N times (--min, default 3)
  deny   for a call a person denied (--min-denials, default 1)
Each rule names the exact command or path (glob characters escaped) and is checked against the
live policy set before it is shown: the recorded call is decided again with the rule added, and
a rule that would open a current deny, or changes nothing, is left out (listed with the reason).
Calls whose text holds a secret, and calls people decided both ways, are never suggested.
The output is a policy file to paste into <data-dir>/policies/ (review it first).

options:
  --min N              approvals needed for an allow suggestion (default 3)
  --min-denials N      denials needed for a deny suggestion (default 1)
  --since DATE         only history from this UTC day on (default: 30 days ago)
  --json               suggestions and skipped candidates as JSON
  --config PATH        the live policy set (default: the running server's, asked over
                       SERVICE_URL; else the files svc serve loads by default)
  --data-dir DIR       the data directory (default $SERVICE_HOME, else ~/.svc)
  --audit-dir DIR      the audit files (default <data-dir>/audit)`;

/**
 * The policy files the running server decides with: --config as given to svc serve; else the
 * server's own report (GET /v1/status), when it answers; else what svc serve loads by default.
 */
async function livePolicy(config: string | undefined, dataDir: string): Promise<{ display: string; paths: string[] }> {
  if (config) return resolveConfig(config, dataDir);
  try {
    const { api } = await import('./client.js');
    const r = await api('GET', '/v1/status');
    if (r.status === 200 && r.body) {
      const layers = Array.isArray(r.body.layers)
        ? r.body.layers
            .map((l: any) => (typeof l === 'string' ? l : l?.path))
            .filter((p: unknown) => typeof p === 'string' && existsSync(p))
        : [];
      if (layers.length) return { display: `the running server (${layers.join(', ')})`, paths: layers };
      if (typeof r.body.config_path === 'string' && existsSync(r.body.config_path)) {
        const c = resolveConfig(r.body.config_path, dataDir);
        return { display: `the running server (${c.display})`, paths: c.paths };
      }
    }
  } catch {
    /* no server: the files svc serve would load */
  }
  return resolveConfig(undefined, dataDir);
}

function count(v: unknown, name: string, fallback: number): number {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000)
    throw new UsageError(`--${name} must be a whole number of at least 1`);
  return n;
}

export default {
  help,
  options,
  words: ['suggest'],
  async run(argv) {
    const [sub, ...rest] = argv;
    if (sub !== 'suggest')
      throw new UsageError(sub ? `unknown subcommand "${sub}" (expected suggest)` : 'expected a subcommand: suggest');
    const { values } = parse(rest, options, false);
    const minApprovals = count(values.min, 'min', 3);
    const minDenials = count(values['min-denials'], 'min-denials', 1);
    const since =
      (values.since as string | undefined) ?? new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    if (!isValidDate(since)) throw new UsageError(`--since "${since}" is not a date (YYYY-MM-DD)`);
    const dataDir = values['data-dir'] ? resolve(values['data-dir'] as string) : defaultDataDir();
    const auditDir = values['audit-dir'] ? resolve(values['audit-dir'] as string) : join(dataDir, 'audit');
    if (!existsSync(auditDir)) {
      process.stderr.write(`svc rules: no audit directory at ${auditDir} (use --audit-dir or --data-dir)\n`);
      return 1;
    }
    const { readResolutions } = await import('./rules/history.js');
    const { suggest, suggestionsYaml } = await import('./rules/suggest.js');
    const { resolved, events } = await readResolutions(auditDir, since);
    const live = await livePolicy(values.config as string | undefined, dataDir);
    const r = suggest(resolved, live.paths, { minApprovals, minDenials });
    if (values.json) {
      process.stdout.write(
        JSON.stringify(
          {
            since,
            events_read: events,
            human_decisions: resolved.length,
            live_policy: live.display,
            suggestions: r.suggestions,
            skipped: r.skipped,
          },
          null,
          2,
        ) + '\n',
      );
      return 0;
    }
    const header = [
      `# Suggested by 'svc rules suggest' from ${resolved.length} human decisions in ${events} audit events since ${since}.`,
      `# Each rule was checked against the live policy (${live.display}): none opens a current deny.`,
      ...r.suggestions.map(
        (s, i) =>
          `#   ${i + 1}. ${s.kind} ${s.tool} "${s.subject}": ${s.count}x by ${s.by.join(', ')}; now ${s.now}, with the rule ${s.after}`,
      ),
      '# Review, then save as a file in <data-dir>/policies/ (the server reloads it).',
    ].join('\n');
    process.stdout.write(
      r.suggestions.length
        ? suggestionsYaml(r.suggestions, header)
        : `# no suggestions from ${resolved.length} human decisions since ${since}\n`,
    );
    if (r.skipped.length) {
      process.stderr.write(
        `left out ${r.skipped.length}:\n` +
          r.skipped.map((s) => `  ${s.kind} ${s.tool} "${s.subject}" (${s.count}x): ${s.why}\n`).join(''),
      );
    }
    return 0;
  },
} satisfies Command;
