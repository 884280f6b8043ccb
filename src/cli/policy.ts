// `svc policy lint FILE...` and `svc policy explain "COMMAND"`, reload, replay, diff and promote.
// Each subcommand's code is imported when it runs: --help and a bad argument print without
// loading the engine (policy-help.ts).
import { parse, UsageError, type Command } from './args.js';
import { policyHelp } from './policy-help.js';
import type { Diagnostic } from '../policy/lint.js';
import { api } from './client.js';

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
  const { formatDiagnostic, lintPolicyFile } = await import('../policy/lint.js');
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

/**
 * replay and diff exit 1 when decisions differ, so their bad arguments exit 64 (and a policy set,
 * corpus or log that cannot be read exits 2), each with its own help.
 */
async function exitOnUsage(sub: 'replay' | 'diff', argv: string[]): Promise<number> {
  try {
    return sub === 'replay'
      ? await (await import('./policy-replay.js')).replay(argv)
      : await (await import('./policy-diff.js')).diff(argv);
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
  help: policyHelp,
  async run(argv: string[]): Promise<number> {
    const [sub, ...rest] = argv;
    if (sub === 'lint') return lint(rest);
    if (sub === 'explain') return (await import('./policy-explain.js')).explain(rest);
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
