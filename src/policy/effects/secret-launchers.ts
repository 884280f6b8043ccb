// Programs that load secrets into the environment and then run a command: the command is decided
// as if run directly, so `dotenv -f .env.production run -- printenv` is the environment dump it
// is (with the production secrets in it), and `doppler run -- npm start` stays the `npm start`
// it is. Sources: each tool's usage line: dotenv-cli and python-dotenv (`dotenv [-e F] -- CMD`,
// `dotenv -f F run -- CMD`), dotenvx run, env-cmd, 1Password `op run --`, `doppler run --`,
// `infisical run --`, `aws-vault exec PROFILE --`, `chamber exec SVC --`, `teller run --`,
// `berglas exec --`, `summon`, `vals exec --`, `direnv exec DIR CMD`, `sops exec-env FILE CMD`,
// `envchain NS CMD`.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

export const SECRET_LAUNCHERS: readonly string[] = [
  'dotenv',
  'dotenvx',
  'env-cmd',
  'op',
  'doppler',
  'infisical',
  'aws-vault',
  'chamber',
  'teller',
  'berglas',
  'summon',
  'vals',
  'direnv',
  'sops',
  'envchain',
];
const LAUNCHERS = new Set(SECRET_LAUNCHERS);

function quote(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

/** The command a launcher runs, as argv words, or undefined. */
function innerCommand(name: string, argv: string[]): string[] | undefined {
  const rest = argv.slice(1);
  if (name === 'sops') {
    // sops exec-env FILE 'CMD' / sops exec-file FILE 'CMD {}'
    return rest[0] === 'exec-env' && rest[2] ? [rest[2]] : undefined;
  }
  if (name === 'direnv') return rest[0] === 'exec' && rest.length > 2 ? rest.slice(2) : undefined;
  if (name === 'envchain') {
    const ops = rest.filter((w) => !w.startsWith('-'));
    return ops.length > 1 ? ops.slice(1) : undefined;
  }
  const dash = rest.indexOf('--');
  if (dash >= 0 && dash + 1 < rest.length) {
    // `op run --`, `doppler run --`: only the running subcommands (op item get -- x is not one)
    if (/^(?:op|doppler|infisical|teller|vals|dotenvx)$/.test(name) && rest[0] !== 'run' && rest[0] !== 'exec')
      return undefined;
    if (/^(?:aws-vault|chamber|berglas)$/.test(name) && rest[0] !== 'exec') return undefined;
    return rest.slice(dash + 1);
  }
  return undefined;
}

export function secretLauncherEffects(line: LineFacts, out: Effect[]): void {
  for (const c of line.cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (!LAUNCHERS.has(name)) continue;
    const inner = innerCommand(name, c.argv);
    if (!inner?.length) continue;
    const command = inner.length === 1 ? (inner[0] ?? '') : inner.map(quote).join(' ');
    out.push({
      tool: 'exec',
      command,
      via: `${name} runs \`${command.slice(0, 80)}\` with secrets loaded into its environment`,
    });
  }
}
