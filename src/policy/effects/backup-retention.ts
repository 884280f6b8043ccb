// Backups are deleted by the backup tool's own retention verbs. A forget/prune that keeps
// nothing (`restic forget --keep-last 0 --prune`, `borg prune --keep-daily=0`), a delete of the
// whole repository (`borg delete /backup/repo`), of every snapshot a listing or a glob returns
// (`restic forget $(restic snapshots -q) --prune`, `kopia snapshot delete --all-snapshots-for-source
// /home --delete`), or a retention policy of nothing destroys every backup there is: that is
// `backup-wipe TOOL ...`. Deleting named snapshots is `backup-delete TOOL ...`. A retention policy
// that keeps something (`--keep-daily 7`) is the routine maintenance it is, and a dry run
// deletes nothing. Sources: restic and rustic `forget` (--keep-* options, -1 keeps all), borg
// `prune`/`delete`/`rdelete`/`repo-delete` (borg 1.x and 2.x usage), kopia `snapshot delete`
// (--delete confirms; without it kopia only lists), `kopia policy set --keep-*`, duplicity
// `remove-older-than`/`remove-all-but-n-full` (--force confirms), rdiff-backup
// `--remove-older-than`, tarsnap `--nuke`/`-d`, Time Machine `tmutil deletelocalsnapshots`,
// Timeshift `--delete-all`, Cassandra `nodetool clearsnapshot` (--all, -t TAG).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { table } from '../../util/lookup-table.js';

export const BACKUP_PROGRAMS: readonly string[] = [
  'restic',
  'rustic',
  'borg',
  'borg2',
  'kopia',
  'duplicity',
  'rdiff-backup',
  'tarsnap',
  'tmutil',
  'timeshift',
  'nodetool',
];

/** A retention count or duration that keeps nothing: 0, 0d, 0h, 0y0m0d0h. */
const ZERO = /^(?:0+|(?:0+[ymwdhs])+|0+[a-z]*)$/i;

/** Options that take a value, per tool (so their value is not read as an operand). */
const GLOBAL_WITH_ARG = new Set([
  '-r',
  '--repo',
  '--repository',
  '--repository-file',
  '-p',
  '--password-file',
  '--password-command',
  '--cache-dir',
  '-o',
  '--option',
  '--limit-upload',
  '--limit-download',
  '--cacert',
  '--tls-client-cert',
  '--pack-size',
  '--compression',
  '--host',
  '--tag',
  '--path',
  '--group-by',
  '-g',
  '--config-file',
  '--remote-path',
  '--rsh',
  '--umask',
  '--lock-wait',
  '--glob-archives',
  '--match-archives',
  '-a',
  '--prefix',
  '--first',
  '--last',
  '--sort-by',
  '--source',
  '--max-retries',
  '--name',
]);

interface Parsed {
  /** Subcommand words (positional words before the first option of the subcommand, in order). */
  ops: string[];
  /** --keep-* options with their values (`--keep-daily=7`, `-d 7`, `--keep-tag x`). */
  keeps: [string, string][];
  flags: Set<string>;
  values: Map<string, string>;
}

/** restic's short keep options. */
const RESTIC_SHORT_KEEP: Record<string, string> = table({
  '-l': '--keep-last',
  '-H': '--keep-hourly',
  '-d': '--keep-daily',
  '-w': '--keep-weekly',
  '-m': '--keep-monthly',
  '-y': '--keep-yearly',
});

function parse(argv: string[], shortKeeps: Record<string, string>): Parsed {
  const ops: string[] = [];
  const keeps: [string, string][] = [];
  const flags = new Set<string>();
  const values = new Map<string, string>();
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '--') {
      ops.push(...argv.slice(i + 1));
      break;
    }
    if (!w.startsWith('-') || w === '-') {
      ops.push(w);
      continue;
    }
    const eq = w.indexOf('=');
    const name = eq > 0 ? w.slice(0, eq) : w;
    const long = shortKeeps[name] ?? name;
    if (long.startsWith('--keep-')) {
      const v = eq > 0 ? w.slice(eq + 1) : (argv[++i] ?? '');
      keeps.push([long, v]);
      continue;
    }
    if (eq > 0) {
      values.set(name, w.slice(eq + 1));
      continue;
    }
    if (GLOBAL_WITH_ARG.has(w)) {
      values.set(w, argv[++i] ?? '');
      continue;
    }
    flags.add(w);
  }
  return { ops, keeps, flags, values };
}

/** A keep policy given, and whether it keeps nothing (-1 keeps everything). */
function keepsNothing(keeps: [string, string][]): boolean {
  return keeps.length > 0 && keeps.every(([k, v]) => k !== '--keep-tag' && ZERO.test(v.trim()));
}

/** An operand known only at run time: a substitution, a glob, a variable. */
const COMPUTED = /\$\(|`|[*?]|^\$/;

function dry(p: Parsed): boolean {
  return p.flags.has('-n') || p.flags.has('--dry-run');
}

function wipe(tool: string, words: string[], why: string): Effect {
  return { tool: 'exec', command: `backup-wipe ${tool} ${words.join(' ')}`, via: `${tool} ${why}` };
}

function named(tool: string, words: string[], why: string): Effect {
  return { tool: 'exec', command: `backup-delete ${tool} ${words.join(' ')}`, via: `${tool} ${why}` };
}

function restic(tool: string, argv: string[], out: Effect[]): void {
  const p = parse(argv, RESTIC_SHORT_KEEP);
  const sub = p.ops[0];
  if (sub !== 'forget' || dry(p)) return;
  const ids = p.ops.slice(1);
  if (keepsNothing(p.keeps)) out.push(wipe(tool, argv.slice(1), 'forgets every snapshot: its keep policy keeps none'));
  else if (p.keeps.length) return;
  else if (ids.some((w) => COMPUTED.test(w)))
    out.push(wipe(tool, argv.slice(1), 'forgets every snapshot a listing or a glob returns'));
  else if (ids.length) out.push(named(tool, argv.slice(1), `forgets snapshots ${ids.join(' ')}`));
}

function borg(argv: string[], out: Effect[]): void {
  const p = parse(argv, {});
  const sub = p.ops[0];
  if (!sub || dry(p)) return;
  if (sub === 'rdelete' || sub === 'repo-delete')
    return void out.push(wipe('borg', argv.slice(1), 'deletes the whole backup repository'));
  if (sub === 'prune') {
    if (keepsNothing(p.keeps))
      out.push(wipe('borg', argv.slice(1), 'prunes every archive: its keep policy keeps none'));
    return;
  }
  if (sub !== 'delete') return;
  const where = p.ops.slice(1);
  const pattern = p.values.get('-a') ?? p.values.get('--glob-archives') ?? p.values.get('--match-archives');
  const selects =
    pattern !== undefined || p.values.has('--prefix') || p.values.has('--first') || p.values.has('--last');
  const archive = where.some((w) => w.includes('::') && !w.endsWith('::')) || where.length > 1;
  if (pattern !== undefined && /^(?:\*|sh:\*|re:\.\*|re:\^?\.\*\$?)$/.test(pattern))
    out.push(wipe('borg', argv.slice(1), 'deletes every archive of the repository'));
  else if (where.some((w) => COMPUTED.test(w.replace(/^[^:]*::/, ''))))
    out.push(wipe('borg', argv.slice(1), 'deletes every archive a listing or a glob returns'));
  else if (!archive && !selects && (where.length > 0 || p.values.has('-r') || p.values.has('--repo')))
    out.push(wipe('borg', argv.slice(1), 'deletes the whole backup repository'));
  else out.push(named('borg', argv.slice(1), 'deletes backup archives'));
}

function kopia(argv: string[], out: Effect[]): void {
  const p = parse(argv, {});
  const [group, verb] = p.ops;
  if (group === 'snapshot' && (verb === 'delete' || verb === 'rm')) {
    // without --delete kopia only lists what it would delete
    if (!p.flags.has('--delete')) return;
    const ids = p.ops.slice(2);
    if (p.flags.has('--all-snapshots-for-source') || ids.some((w) => COMPUTED.test(w)))
      out.push(wipe('kopia', argv.slice(1), 'deletes every snapshot of a source'));
    else out.push(named('kopia', argv.slice(1), 'deletes snapshots'));
  } else if (group === 'policy' && verb === 'set' && keepsNothing(p.keeps.filter(([k]) => k !== '--keep-tag')))
    out.push(wipe('kopia', argv.slice(1), 'sets a retention policy that keeps no snapshot'));
  else if ((group === 'repository' || group === 'repo') && (verb === 'delete' || verb === 'rm'))
    out.push(wipe('kopia', argv.slice(1), 'deletes the whole backup repository'));
}

/** Duplicity and rdiff-backup ages that keep nothing: now, 0D, 0s, 0B (no backups back). */
const NO_AGE = /^(?:now|0+[smhDWMYB]?|0+[smhdwmyb])$/i;

function duplicity(argv: string[], out: Effect[]): void {
  const p = parse(argv, {});
  if (!p.flags.has('--force')) return; // duplicity only lists what it would remove without --force
  const [sub, n] = p.ops;
  if (
    (sub === 'remove-older-than' && n !== undefined && NO_AGE.test(n)) ||
    (/^remove-all-(?:but|inc-of-but)-n-full$/.test(sub ?? '') && n === '0')
  )
    out.push(wipe('duplicity', argv.slice(1), 'removes every backup set'));
}

function rdiff(argv: string[], out: Effect[]): void {
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const v = w.startsWith('--remove-older-than=')
      ? w.slice(20)
      : w === '--remove-older-than' || w === '--older-than'
        ? argv[i + 1]
        : undefined;
    if (v !== undefined && NO_AGE.test(v)) out.push(wipe('rdiff-backup', argv.slice(1), 'removes every increment'));
  }
}

export function backupEffects(line: LineView, out: Effect[]): void {
  // `restic snapshots -q | xargs restic forget`: the command a listing is piped into through
  // xargs gets the listing as operands known only at run time
  const piped = /\bxargs\b/.test(line.text)
    ? new Set(line.cmds.map((c) => (c.pipedInto ? c.pipedInto.join('\0') : '')))
    : undefined;
  for (const c of line.cmds) {
    const argv = piped?.has(c.argv.join('\0')) ? [...c.argv, '$(xargs)'] : c.argv;
    const name = basename(argv[0] ?? '').toLowerCase();
    if (name === 'restic' || name === 'rustic') restic(name, argv, out);
    else if (name === 'borg' || name === 'borg2') borg(argv, out);
    else if (name === 'kopia') kopia(argv, out);
    else if (name === 'duplicity') duplicity(argv, out);
    else if (name === 'rdiff-backup') rdiff(argv, out);
    else if (name === 'tarsnap') {
      if (argv.includes('--nuke')) out.push(wipe('tarsnap', argv.slice(1), 'deletes every archive'));
      // `-d --archive-names FILE` (tarsnap(1): read the archive names from FILE) deletes every
      // archive a list names, as a delete fed a listing does
      else if (argv.includes('-d') && argv.some((w) => w === '--archive-names' || w.startsWith('--archive-names=')))
        out.push(wipe('tarsnap', argv.slice(1), 'deletes every archive a list of names holds'));
    } else if (name === 'tmutil') {
      if (argv[1] === 'deletelocalsnapshots' && !/^\d{4}-/.test(argv[2] ?? ''))
        out.push(wipe('tmutil', argv.slice(1), 'deletes the local Time Machine snapshots'));
    } else if (name === 'nodetool') {
      // Cassandra: clearsnapshot --all (or with no tag, older versions) removes every snapshot
      const at = argv.indexOf('clearsnapshot');
      if (at > 0 && (argv.includes('--all') || !argv.slice(at + 1).some((w) => w === '-t' || w.startsWith('--tag'))))
        out.push(wipe('nodetool', argv.slice(1), 'clears every Cassandra snapshot'));
    } else if (name === 'timeshift') {
      if (argv.includes('--delete-all')) out.push(wipe('timeshift', argv.slice(1), 'deletes every system snapshot'));
    }
  }
}
