// A shared branch moved by hand, and the records that let lost commits come back switched off.
// Pushing is where history is lost for everyone, but the move comes first and is often all an
// agent is asked to do: `git branch -f main HEAD~20`, `git update-ref refs/heads/main SHA`,
// `git checkout -B main v1.0`, `git switch -C main old`, `git branch -M feature main` each point
// main (master, trunk, develop, release/*, production) at another commit, and the next push, an
// ordinary fast-forward-looking one from a script or a teammate's tool, publishes the rewind.
// Moving the branch to its own upstream (`origin/main`, `@{u}`) is the routine sync and gives
// nothing. Each is read as what it amounts to:
//   `git-ref-move BRANCH START`  a shared branch pointed at START (asked)
//   `git-ref-move replace OBJ`   `git replace`/`--graft`: a commit shown as another everywhere
//                                the replacement refs go, and baked in by the next filter-repo (asked)
//   `git-reflog-wipe SETTING`    gc run with the reflog's expiry set to now through -c, or the
//                                expiry or the reflog itself switched off in git config: the next
//                                gc deletes every commit only the reflog remembered (denied)
// Sources: git-branch(1) (-f, -C, -M), git-checkout(1) (-B), git-switch(1) (-C, --force-create),
// git-update-ref(1), git-replace(1), git-config(1) (gc.reflogExpire, gc.reflogExpireUnreachable,
// gc.pruneExpire, core.logAllRefUpdates), git(1) (-c NAME=VALUE, -C, --git-dir, --work-tree).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const REF_MOVE_PROGRAMS: readonly string[] = ['git'];

/** Branches others build on: a rewind of one is a rewind of everyone's history. */
export const SHARED_BRANCH = /^(?:main|master|trunk|develop|development|production|prod|release(?:[/-].*)?|stable)$/;

/** Global options of git that take the next word as their value. */
const GLOBAL_WITH_VALUE = new Set([
  '-C',
  '-c',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--exec-path',
  '--config-env',
]);

/** Expiry values that keep nothing: now, all, 0, or a date already past. */
const EXPIRE_NOW = /^(?:now|all|0|never-?not|\d+\.(?:seconds?|minutes?)\.ago)$/i;

/** The subcommand, its arguments and the `-c NAME=VALUE` settings of one git command. */
function gitCall(argv: readonly string[]): { sub: string; args: string[]; settings: string[] } | null {
  const settings: string[] = [];
  let i = 1;
  for (; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (!w.startsWith('-')) break;
    if (w === '-c') settings.push(argv[++i] ?? '');
    else if (GLOBAL_WITH_VALUE.has(w)) i++;
  }
  const sub = argv[i];
  return sub === undefined ? null : { sub, args: argv.slice(i + 1), settings };
}

/** A start point that is the branch's own upstream: moving there is a sync, not a rewind. */
function ownUpstream(branch: string, start: string | undefined): boolean {
  if (start === undefined) return false;
  // the commit checked out: `git branch -M main` after `git init` (the forge's quick start),
  // `git checkout -B main` in CI; what HEAD holds is what the user is working on
  if (start === 'HEAD' || start === '@') return true;
  if (/^@\{(?:u|upstream)\}$/.test(start) || start === `${branch}@{u}` || start === `${branch}@{upstream}`) return true;
  const m = /^(?:refs\/remotes\/)?([A-Za-z0-9._-]+)\/(.+)$/.exec(start);
  return !!m && m[2] === branch;
}

function branchName(ref: string): string {
  return ref.replace(/^refs\/heads\//, '');
}

/** `git branch -f NAME [START]`, `git branch -C|-M OLD NEW`, `--force` with -c/-m. */
function branchMove(args: string[]): { branch: string; start: string } | null {
  let force = false;
  let copyOrMove = false;
  let forcedCopyOrMove = false;
  const ops: string[] = [];
  for (const w of args) {
    if (w === '--') continue;
    if (w.startsWith('--')) {
      if (w === '--force') force = true;
      else if (w === '--move' || w === '--copy') copyOrMove = true;
      else if (
        /^--(?:delete|list|contains|no-contains|merged|no-merged|points-at|show-current|edit-description|unset-upstream|set-upstream-to|format|sort)/.test(
          w,
        )
      )
        return null;
      continue;
    }
    if (w.startsWith('-') && w.length > 1) {
      for (const f of w.slice(1)) {
        if (f === 'f') force = true;
        else if (f === 'C' || f === 'M') forcedCopyOrMove = true;
        else if (f === 'c' || f === 'm') copyOrMove = true;
        else if (f === 'd' || f === 'D' || f === 'l' || f === 'u') return null;
      }
      continue;
    }
    ops.push(w);
  }
  if (forcedCopyOrMove || (force && copyOrMove)) {
    // -M NEW renames the current branch to NEW; -M OLD NEW renames OLD; NEW is overwritten
    const target = ops.length >= 2 ? ops[1] : ops[0];
    const source = ops.length >= 2 ? (ops[0] ?? 'HEAD') : 'HEAD';
    return target !== undefined ? { branch: branchName(target), start: source } : null;
  }
  if (force && ops[0] !== undefined) return { branch: branchName(ops[0]), start: ops[1] ?? 'HEAD' };
  return null;
}

/** `git checkout -B NAME [START]`, `git switch -C|--force-create NAME [START]`. */
function createForced(sub: string, args: string[]): { branch: string; start: string } | null {
  for (let i = 0; i < args.length; i++) {
    const w = args[i] ?? '';
    const flag =
      sub === 'checkout' ? w === '-B' : w === '-C' || w === '--force-create' || w.startsWith('--force-create=');
    if (!flag) continue;
    const name = w.startsWith('--force-create=') ? w.slice('--force-create='.length) : args[i + 1];
    const after = args.slice(w.includes('=') ? i + 1 : i + 2).filter((a) => !a.startsWith('-'));
    return name !== undefined ? { branch: name, start: after[0] ?? 'HEAD' } : null;
  }
  return null;
}

/** `git update-ref [-m MSG] [--no-deref] [-d] REF [NEW [OLD]]`. */
function updateRef(args: string[]): { branch: string; start: string } | null {
  const ops: string[] = [];
  let del = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] ?? '';
    if (w === '-m') i++;
    else if (w === '-d') del = true;
    else if (w === '--stdin') return null;
    else if (!w.startsWith('-')) ops.push(w);
  }
  const ref = ops[0];
  if (ref === undefined || !ref.startsWith('refs/heads/')) return null;
  return { branch: branchName(ref), start: del ? '(deleted)' : (ops[1] ?? '') };
}

export function refMoveEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    if (basename(c.argv[0] ?? '') !== 'git') continue;
    const call = gitCall(c.argv);
    if (!call) continue;
    const { sub, args } = call;
    const move =
      sub === 'branch'
        ? branchMove(args)
        : sub === 'checkout' || sub === 'switch'
          ? createForced(sub, args)
          : sub === 'update-ref'
            ? updateRef(args)
            : null;
    if (move && SHARED_BRANCH.test(move.branch) && !ownUpstream(move.branch, move.start))
      out.push({
        tool: 'exec',
        command: `git-ref-move ${move.branch} ${move.start}`,
        via: `git ${sub} points ${move.branch} at ${move.start}: the commits after it drop out of the branch, for everyone once it is pushed`,
      });
    if (sub === 'replace') {
      const ops = args.filter((w) => !w.startsWith('-'));
      const looks = args.some((w) => /^(?:-l|--list|-d|--delete|--format.*)$/.test(w));
      if (!looks && ops.length > 0)
        out.push({
          tool: 'exec',
          command: `git-ref-move replace ${ops.join(' ')}`,
          via: `git replace shows ${ops[0] ?? ''} as another commit wherever refs/replace goes, and a later filter-repo makes it permanent`,
        });
    }
    reflogSettings(sub, args, call.settings, out);
  }
}

/** The reflog's expiry set to now for a gc, or switched off in the configuration. */
function reflogSettings(sub: string, args: string[], settings: string[], out: Effect[]): void {
  const wipes = (name: string, value: string): boolean => {
    const n = name.toLowerCase();
    if (/^gc\.(?:[^.]+\.)?reflogexpire(?:unreachable)?$/.test(n)) return EXPIRE_NOW.test(value);
    if (n === 'core.logallrefupdates') return /^(?:false|no|off|0)$/i.test(value);
    return false;
  };
  if (sub === 'gc') {
    for (const s of settings) {
      const eq = s.indexOf('=');
      if (eq > 0 && wipes(s.slice(0, eq), s.slice(eq + 1)))
        out.push({
          tool: 'exec',
          command: `git-reflog-wipe ${s}`,
          via: `git gc with ${s} expires the whole reflog: commits only it remembered are deleted`,
        });
    }
  }
  if (sub === 'config') {
    const ops = args.filter((w) => !w.startsWith('-'));
    const [name, value] = ops[0] === 'set' ? [ops[1], ops[2]] : [ops[0], ops[1]];
    if (name !== undefined && value !== undefined && wipes(name, value))
      out.push({
        tool: 'exec',
        command: `git-reflog-wipe ${name}=${value}`,
        via: `git config sets ${name} to ${value}: the next gc deletes every commit only the reflog remembered`,
      });
    // a served repository's own refusals of force pushes and branch deletes switched off: the
    // next push may rewrite or delete any branch of it (git-config(1) receive.denyNonFastForwards,
    // receive.denyDeletes), as a forge's branch protection removed
    if (
      name !== undefined &&
      value !== undefined &&
      /^receive\.deny(?:nonfastforwards|deletes)$/i.test(name) &&
      /^(?:false|no|off|0)$/i.test(value)
    )
      out.push({
        tool: 'exec',
        command: `git-safeguard-off ${name}=${value}`,
        via: `git config sets ${name} to ${value}: the repository accepts force pushes or branch deletes`,
      });
  }
}
