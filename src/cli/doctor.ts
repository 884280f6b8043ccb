// `svc doctor [--json] [--no-canary]`: checks the installation end to end and says how to fix
// what is wrong. Exit 1 when a check failed.
import { parse, type Command } from './args.js';
import { table } from '../util/lookup-table.js';

const options = { json: { type: 'boolean' }, 'no-canary': { type: 'boolean' } } as const;

const MARK: Record<string, string> = table({ ok: 'ok  ', warn: 'warn', fail: 'FAIL', skip: 'skip' });

export default {
  help: `usage: svc doctor [--json] [--no-canary]

Checks the installation and explains each problem with a fix:
  server       the server answers at SERVICE_URL (default http://127.0.0.1:9090)
  token        the admin token (SERVICE_TOKEN, else <data-dir>/token) is accepted
  hook HOST    each host's settings hold the svc hook, and it runs this svc
  canary HOST  a call to run "rm -rf /" sent through each installed hook comes back denied
               (the hook only evaluates it; nothing is executed)
  native hook  the native hook client (svc-hook) is built
  preload      libsvc.so loads (/bin/true is run with it, fail-open)
  policy       the policy set loads without errors, and from which layers
  audit chain  every audit file verifies
  disk space   free space where the data dir is
Exit status 1 when a check failed (warnings do not count), else 0.
  --json        the checks as JSON: [{name, status: ok|warn|fail|skip, detail, fix}]
  --no-canary   do not send the canary call through the hooks`,
  options,
  async run(argv) {
    const { values } = parse(argv, options, false);
    const { runChecks } = await import('./doctor/checks.js');
    const checks = await runChecks({ env: process.env, noCanary: values['no-canary'] === true });
    const failed = checks.filter((c) => c.status === 'fail').length;
    if (values.json) {
      process.stdout.write(JSON.stringify({ ok: failed === 0, checks }, null, 2) + '\n');
    } else {
      const width = Math.max(...checks.map((c) => c.name.length));
      for (const c of checks) {
        process.stdout.write(`${MARK[c.status]}  ${c.name.padEnd(width)}  ${c.detail}\n`);
        if (c.fix && c.status !== 'ok') process.stdout.write(`      ${' '.repeat(width)}  fix: ${c.fix}\n`);
      }
      const warned = checks.filter((c) => c.status === 'warn').length;
      process.stdout.write(
        failed
          ? `\n${failed} problem${failed > 1 ? 's' : ''} found${warned ? `, ${warned} warning${warned > 1 ? 's' : ''}` : ''}.\n`
          : `\nall checks passed${warned ? ` (${warned} warning${warned > 1 ? 's' : ''})` : ''}.\n`,
      );
    }
    return failed ? 1 : 0;
  },
} satisfies Command;
