// `svc setup HOST [--remove] [--dry-run] [--force]`: installs or removes the svc hook in one
// host's settings, keeping everything else in the file.
import { join } from 'node:path';
import { onePositional, parse, UsageError, type Command } from './args.js';
import { help as serviceHelp } from './setup-service.js';

const help = `usage: svc setup HOST [--remove] [--dry-run] [--force]

Installs the svc hook ('svc hook HOST') into a host's settings, or removes it.
The file is backed up first (NAME.bak.TIMESTAMP), written atomically, and only svc's
own entries are touched. Running it twice changes nothing the second time.

hosts and the files they use:
  claude-code   $CLAUDE_CONFIG_DIR/settings.json (default ~/.claude/settings.json)
  codex         $CODEX_HOME/hooks.json (default ~/.codex/hooks.json)
  cursor        ~/.cursor/hooks.json
  gemini        ~/.gemini/settings.json
  copilot       $COPILOT_HOME/hooks/svc.json (default ~/.copilot/hooks/svc.json)
  cline         ~/Documents/Cline/Hooks/PreToolUse and PostToolUse (scripts)

options:
  --remove      remove the svc hook instead of installing it
  --dry-run     print what would change and write nothing
  --force       replace a malformed file, or one svc does not own (a backup is kept)

${serviceHelp}`;

async function runService(argv: string[]): Promise<number> {
  const svc = await import('./setup-service.js');
  const { values, positionals } = parse(argv, {
    remove: { type: 'boolean' },
    purge: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
    prefix: { type: 'string' },
    'data-dir': { type: 'string' },
    user: { type: 'string' },
    group: { type: 'string' },
    'agent-user': { type: 'string', multiple: true },
    port: { type: 'string' },
    'etc-dir': { type: 'string' },
  });
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const o = svc.parseServiceArgs(values);
  try {
    return svc.runServiceSetup(o);
  } catch (err) {
    process.stderr.write(`svc setup service: ${(err as Error).message.split('\n')[0]}\n`);
    return 1;
  }
}

export default {
  help,
  // what completion offers after `svc setup`: the hosts (hooks/hosts.ts) and protected mode
  words: ['claude-code', 'codex', 'cursor', 'gemini', 'copilot', 'cline', 'service'],
  async run(argv: string[]): Promise<number> {
    if (argv[0] === 'service') return runService(argv.slice(1));
    const { values, positionals } = parse(argv, {
      remove: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      force: { type: 'boolean' },
    });
    const { isHost, HOSTS } = await import('../integrations/hooks/hosts.js');
    const host = onePositional(positionals, `expected one HOST (${HOSTS.join(', ')})`);
    if (!isHost(host)) throw new UsageError(`unknown host "${host}" (expected ${HOSTS.join(', ')})`);
    const { runSetup, SetupError } = await import('../integrations/setup/setup-run.js');
    const { PACKAGE_ROOT } = await import('../util/version.js');
    try {
      const report = runSetup(host, {
        remove: values.remove === true,
        dryRun: values['dry-run'] === true,
        force: values.force === true,
        env: process.env,
        node: process.execPath,
        svcJs: join(PACKAGE_ROOT, 'bin', 'svc.js'),
      });
      process.stdout.write(report.lines.map((l) => l + '\n').join(''));
      return 0;
    } catch (err) {
      if (err instanceof SetupError) {
        process.stderr.write(`svc setup: ${err.message}\n`);
        return 1;
      }
      throw err;
    }
  },
} satisfies Command;
