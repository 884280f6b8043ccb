// `svc token create|list|revoke`: per-agent tokens, stored as digests in <data-dir>/tokens.json.
import { onePositional, parse, UsageError, type Command } from './args.js';
import { defaultDataDir, ensureDataDir } from '../util/datadir.js';
import { TokenStore, type Scope } from '../auth/tokens.js';

const help = `usage: svc token <create|list|revoke> [options]

  svc token create --agent NAME [--scope eval|admin]...  print a new token once (default scope eval)
  svc token list [--json]                                list tokens (never the secret)
  svc token revoke ID                                    revoke a token by its id (svc_xxxxxxxx)

options:
  --data-dir DIR   data directory (default $SERVICE_HOME, else ~/.svc)

A running server accepts a new token, and refuses a revoked one, within a second.`;

const token: Command = {
  help,
  async run(argv) {
    const [sub, ...rest] = argv;
    const { values, positionals } = parse(rest, {
      agent: { type: 'string' },
      scope: { type: 'string', multiple: true },
      json: { type: 'boolean' },
      'data-dir': { type: 'string' },
    });
    const v = values as { agent?: string; scope?: string[]; json?: boolean; 'data-dir'?: string };
    const store = new TokenStore(ensureDataDir(v['data-dir'] ?? defaultDataDir()));
    switch (sub) {
      case 'create': {
        if (!v.agent) throw new UsageError('create needs --agent NAME');
        if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
        const scopes = v.scope ?? ['eval'];
        for (const s of scopes)
          if (s !== 'eval' && s !== 'admin') throw new UsageError(`invalid --scope "${s}": use eval or admin`);
        const { token: secret, record } = store.create(v.agent, scopes as Scope[]);
        if (v.json)
          process.stdout.write(
            JSON.stringify({ token: secret, id: record.id, agent: record.agent, scopes: record.scopes }) + '\n',
          );
        else {
          process.stdout.write(`${secret}\n`);
          process.stderr.write(
            `token ${record.id} for agent "${record.agent}" (scopes: ${record.scopes.join(', ')}); it is shown only once\n`,
          );
        }
        return 0;
      }
      case 'list': {
        const list = store.list().map(({ hash: _hash, ...r }) => ({ ...r, status: r.revoked ? 'revoked' : 'active' }));
        if (v.json) {
          process.stdout.write(JSON.stringify({ tokens: list }, null, 2) + '\n');
          return 0;
        }
        if (!list.length) {
          process.stdout.write('no tokens (create one with: svc token create --agent NAME)\n');
          return 0;
        }
        process.stdout.write(
          `${'ID'.padEnd(14)} ${'AGENT'.padEnd(20)} ${'SCOPES'.padEnd(12)} ${'STATUS'.padEnd(8)} CREATED\n`,
        );
        for (const r of list) {
          process.stdout.write(
            `${r.id.padEnd(14)} ${r.agent.padEnd(20)} ${r.scopes.join(',').padEnd(12)} ${r.status.padEnd(8)} ${r.created_at}\n`,
          );
        }
        return 0;
      }
      case 'revoke': {
        const r = store.revoke(onePositional(positionals, 'revoke needs exactly one token ID'));
        process.stdout.write(`revoked ${r.id} (agent "${r.agent}")\n`);
        return 0;
      }
      default:
        throw new UsageError(
          sub
            ? `unknown subcommand "${sub}": use create, list or revoke`
            : 'missing subcommand: create, list or revoke',
        );
    }
  },
};

export default token;
