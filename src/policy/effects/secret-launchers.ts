// Programs that load secrets into the environment and then run a command: the command is decided
// as if run directly, so `dotenv -f .env.production run -- printenv` is the environment dump it
// is (with the production secrets in it), and `doppler run -- npm start` stays the `npm start`
// it is. Sources: each tool's usage line: dotenv-cli and python-dotenv (`dotenv [-e F] -- CMD`,
// `dotenv -f F run -- CMD`), dotenvx run, env-cmd, 1Password `op run --`, `doppler run --`,
// `infisical run --`, `aws-vault exec PROFILE --`, `chamber exec SVC --`, `teller run --`,
// `berglas exec --`, `summon`, `vals exec --`, `direnv exec DIR CMD`, `sops exec-env FILE CMD`,
// `envchain NS CMD`. Deploy platforms that run a command with an app's config vars (its
// production secrets) in the environment, locally or in a one-off container: `heroku run CMD`
// (also run:detached and local:run, which loads .env), `railway run CMD`, `netlify dev:exec CMD`,
// `kamal app exec CMD`, `pipenv run CMD` (pipenv loads .env first), and GitHub Codespaces
// `gh codespace ssh -- CMD`, whose environment holds the user's Codespaces secrets.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';
import { table } from '../../util/lookup-table.js';

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
  'heroku',
  'railway',
  'netlify',
  'kamal',
  'pipenv',
  'gh',
  // package runners that start a launcher: `npx dotenv -e .env.production -- CMD`
  'npx',
  'bunx',
  'pnpx',
  'pnpm',
  'yarn',
];

const LAUNCHERS = new Set(SECRET_LAUNCHERS);
const RUNNER_NAMES = new Set(['npx', 'bunx', 'pnpx', 'pnpm', 'yarn']);

/** The argv without a package runner in front of the launcher (`npx -y dotenv ...`, `pnpm dlx dotenv ...`). */
function withoutRunner(argv: string[]): string[] {
  let i = 0;
  const head = basename(argv[0] ?? '').toLowerCase();
  if (head === 'npx' || head === 'bunx' || head === 'pnpx') i = 1;
  else if ((head === 'pnpm' || head === 'yarn') && (argv[1] === 'dlx' || argv[1] === 'exec')) i = 2;
  else if (head === 'yarn' && argv[1] && LAUNCHERS.has(argv[1])) i = 1;
  else return argv;
  while (i < argv.length && (argv[i] ?? '').startsWith('-')) i += argv[i] === '-p' || argv[i] === '--package' ? 2 : 1;
  const rest = argv.slice(i);
  // the package's name where it differs from its program's (dotenv-cli installs `dotenv`)
  const pkg = PACKAGE_PROGRAMS[rest[0] ?? ''];
  return pkg ? [pkg, ...rest.slice(1)] : rest;
}

const PACKAGE_PROGRAMS: Record<string, string> = table({ 'dotenv-cli': 'dotenv', '@dotenvx/dotenvx': 'dotenvx' });

/** Platform runners: the subcommand words before the command, and their options that take a value. */
const PLATFORM_RUNS: Record<string, { sub: string[][]; withArg: Set<string> }> = table({
  heroku: {
    sub: [['run'], ['run:detached'], ['local:run']],
    withArg: new Set(['-a', '--app', '-r', '--remote', '-s', '--size', '-e', '--env', '--type', '-f', '--env-file']),
  },
  railway: { sub: [['run']], withArg: new Set(['-s', '--service', '-e', '--environment']) },
  netlify: { sub: [['dev:exec']], withArg: new Set(['--context', '--filter']) },
  kamal: {
    sub: [['app', 'exec']],
    withArg: new Set(['-r', '--roles', '-d', '--destination', '-h', '--hosts', '-c', '--config-file']),
  },
  pipenv: { sub: [['run']], withArg: new Set() },
});

/**
 * The command after a platform runner's subcommand: its options are read wherever they stand
 * (`heroku run env -a prod`, as the Heroku CLI parses them) until a `--`.
 */
function platformCommand(name: string, rest: string[]): string[] | undefined {
  const spec = PLATFORM_RUNS[name];
  if (!spec) return undefined;
  const sub = spec.sub.find((s) => s.every((w, i) => rest[i] === w));
  if (!sub) return undefined;
  const out: string[] = [];
  for (let i = sub.length; i < rest.length; i++) {
    const w = rest[i] ?? '';
    if (w === '--') {
      out.push(...rest.slice(i + 1));
      break;
    }
    // pipenv passes every word after `run` to the command
    if (name === 'pipenv' || !w.startsWith('-') || w === '-') {
      out.push(w);
      continue;
    }
    const opt = w.includes('=') ? w.slice(0, w.indexOf('=')) : w;
    if (spec.withArg.has(opt)) {
      if (opt === w) i++;
      continue;
    }
    // the runner's own switches come before the command; after it, a dash word is the command's
    if (!out.length) continue;
    out.push(w);
  }
  return out.length ? out : undefined;
}

function quote(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

/** The command a launcher runs, as argv words, or undefined. */
function innerCommand(name: string, argv: string[]): string[] | undefined {
  const rest = argv.slice(1);
  if (name in PLATFORM_RUNS) return platformCommand(name, rest);
  if (name === 'gh') {
    // gh codespace ssh [flags] -- CMD
    const dash = rest.indexOf('--');
    return rest[0] === 'codespace' && rest[1] === 'ssh' && dash > 1 ? rest.slice(dash + 1) : undefined;
  }
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
    const argv = withoutRunner(c.argv);
    const name = basename(argv[0] ?? '').toLowerCase();
    if (!LAUNCHERS.has(name) || RUNNER_NAMES.has(name)) continue;
    const inner = innerCommand(name, argv);
    if (!inner?.length) continue;
    const command = inner.length === 1 ? (inner[0] ?? '') : inner.map(quote).join(' ');
    out.push({
      tool: 'exec',
      command,
      via: `${name} runs \`${command.slice(0, 80)}\` with secrets loaded into its environment`,
    });
  }
}
