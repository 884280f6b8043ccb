// Work that exists nowhere else once a git line has run, read from the line as a whole: each
// command alone is everyday work, together they leave no copy.
//   `git checkout -- . && git clean -fd`: every uncommitted change of the tree reverted AND every
//     untracked file deleted (the two halves of a working tree's unsaved work), also spelled
//     `git restore .`, `git checkout .`, `git reset --hard`, `git checkout -f` for the first half
//     and `git clean -f` (not `-X`, which takes only ignored build output) for the second. Read as
//       `git-discard-all`                      (asked by the standard profile)
//     `git worktree remove --force DIR` does both to a linked worktree in one command.
//   `git branch -D x && git push origin --delete x`: a branch deleted unmerged (-D) here and on
//     the remote in the same line; its commits are then on no branch anywhere. Read as
//       `git-branch-erased NAME`               (asked by the standard profile)
// A branch deleted with `-d` (git refuses unless merged), or only on one side, keeps a copy.
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import type { SimpleCommand } from './walk.js';

/** Git's options that take a value before the subcommand. */
const GIT_VALUE_OPTS = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace']);

/** The subcommand and what follows it, or undefined when the command is not git. */
function gitArgs(c: SimpleCommand): string[] | undefined {
  if ((c.argv[0] ?? '').replace(/^.*[\\/]/, '') !== 'git') return undefined;
  let i = 1;
  while (i < c.argv.length && (c.argv[i] ?? '').startsWith('-')) i += GIT_VALUE_OPTS.has(c.argv[i] ?? '') ? 2 : 1;
  return c.argv.slice(i);
}

/** Pathspecs naming the whole tree. */
const WHOLE_TREE = /^(?:\.|\.\/|:\/|:\/:?|\*)$/;

/** Whether the command reverts every tracked change of the working tree. */
function revertsTree(a: string[]): boolean {
  const [sub, ...rest] = a;
  const paths = rest.filter((w) => !w.startsWith('-'));
  if (sub === 'reset') return rest.includes('--hard');
  if (sub === 'checkout')
    return rest.includes('-f') || rest.includes('--force') || paths.some((p) => WHOLE_TREE.test(p));
  if (sub === 'restore') {
    // `--staged` alone only unstages; the worktree is restored by default or by --worktree/-W
    const worktree =
      !rest.includes('--staged') && !rest.includes('-S') ? true : rest.some((w) => /^(?:--worktree|-W)$/.test(w));
    return worktree && paths.some((p) => WHOLE_TREE.test(p));
  }
  return false;
}

/**
 * Whether one command alone overwrites the whole working tree with a source it names: `git restore
 * --source=HEAD~20 --staged --worktree .`, `git checkout HEAD~3 -- .`, `git read-tree -u --reset
 * HEAD`. Naming the source (or the discard) is asking for
 * every uncommitted change to go, and an older source also reverts committed work in the tree; a
 * bare `git checkout -- .` or `git restore .` (the everyday undo of one's own edits), and a branch
 * switch that drops local edits (`git switch --discard-changes B`, `git checkout -f B`), are not read so.
 */
function overwritesTree(a: string[]): boolean {
  const [sub, ...rest] = a;
  if (sub === 'restore') {
    const source = rest.some((w) => /^(?:--source(?:=|$)|-s)/.test(w));
    const staged = rest.some((w) => /^(?:--staged|-[A-Za-z]*S[A-Za-z]*)$/.test(w));
    const worktree = !staged || rest.some((w) => /^(?:--worktree|-[A-Za-z]*W[A-Za-z]*)$/.test(w));
    const operands = rest.filter((w, i) => !w.startsWith('-') && !/^(?:-s|--source)$/.test(rest[i - 1] ?? ''));
    return source && worktree && operands.some((p) => WHOLE_TREE.test(p));
  }
  if (sub === 'checkout') {
    // `git checkout REV -- .`: a tree-ish before the pathspec separator
    const dd = rest.indexOf('--');
    return (
      dd > 0 && rest.slice(0, dd).some((w) => !w.startsWith('-')) && rest.slice(dd + 1).some((p) => WHOLE_TREE.test(p))
    );
  }
  if (sub === 'read-tree') return rest.includes('-u') && rest.includes('--reset');
  return false;
}

/** Whether the command deletes untracked files that are not only ignored build output. */
function cleansUntracked(a: string[]): boolean {
  if (a[0] !== 'clean') return false;
  const rest = a.slice(1);
  const flags = rest.filter((w) => /^-[A-Za-z]+$/.test(w)).join('');
  if (/[nieX]/.test(flags) || rest.some((w) => /^--(?:dry-run|interactive|exclude)/.test(w))) return false;
  return flags.includes('f') || rest.includes('--force');
}

/** Branches a `git push` deletes on the remote: `--delete x`, `-d x`, `:x`, `:refs/heads/x`. */
function remoteDeletes(a: string[]): string[] {
  if (a[0] !== 'push') return [];
  const rest = a.slice(1);
  const del = rest.some((w) => w === '--delete' || w === '-d');
  const names = rest.filter((w) => !w.startsWith('-')).slice(1);
  const out = del ? names : names.filter((w) => w.startsWith(':')).map((w) => w.slice(1));
  return out.map((w) => w.replace(/^refs\/heads\//, ''));
}

/** Branches deleted unmerged here: `git branch -D x`, `git branch --delete --force x`. */
function forcedLocalDeletes(a: string[]): string[] {
  if (a[0] !== 'branch') return [];
  const rest = a.slice(1);
  const forced =
    rest.some((w) => /^-[A-Za-z]*D[A-Za-z]*$/.test(w)) ||
    ((rest.includes('--delete') || rest.some((w) => /^-[a-z]*d/.test(w))) &&
      rest.some((w) => w === '--force' || /^-[a-z]*f/.test(w)));
  return forced ? rest.filter((w) => !w.startsWith('-')) : [];
}

/** Names of throwaway worktrees (`wt-spike`, `scratch`, `tmp-try`). */
const THROWAWAY =
  /(?:^|[-_.])(?:spike|scratch|tmp|temp|test|tests|experiment|sandbox|playground|try|poc)(?:$|[-_.\d])/i;

/** Whether the line names git or Mercurial at all (the registry's gate). */
export const GIT_WORK_HINT = /\b(?:git|hg)\b/;

/** `git-discard-all` and `git-branch-erased` readings of a line (see the top of this file). */
export function gitWorkLossEffects(l: LineView, out: Effect[]): void {
  const git = l.cmds.map(gitArgs).filter((a): a is string[] => a !== undefined);
  // `git worktree remove --force DIR` (git-worktree(1)): the worktree is deleted with its modified
  // and untracked files, both halves at once
  // (a worktree named for a spike, a scratch or a test is throwaway by its name)
  const worktree = git.find(
    (a) =>
      a[0] === 'worktree' &&
      a[1] === 'remove' &&
      a.some((w) => w === '--force' || /^-[a-z]*f/.test(w)) &&
      !a.some((w) => !w.startsWith('-') && THROWAWAY.test(w.replace(/\/+$/, '').replace(/^.*\//, ''))),
  );
  if (worktree)
    out.push({
      tool: 'exec',
      command: 'git-discard-all',
      via: `git ${worktree.join(' ')} deletes the worktree with every uncommitted change and untracked file in it`,
    });
  const overwrite = git.find(overwritesTree);
  if (overwrite)
    out.push({
      tool: 'exec',
      command: 'git-discard-all',
      via: `git ${overwrite.join(' ')} overwrites the whole working tree with the source it names: every uncommitted change is lost`,
    });
  // Mercurial's revert of everything without its .orig backups (hg help revert)
  const hg = l.cmds.find(
    (c) =>
      (c.argv[0] ?? '').replace(/^.*[\\/]/, '') === 'hg' &&
      c.argv[1] === 'revert' &&
      c.argv.some((w) => w === '--all' || w === '-a') &&
      c.argv.some((w) => w === '--no-backup' || w === '-C'),
  );
  if (hg)
    out.push({
      tool: 'exec',
      command: 'git-discard-all',
      via: `${hg.argv.join(' ')} reverts every uncommitted change and keeps no backup`,
    });
  if (git.length < 2) return;
  const revert = git.find(revertsTree);
  const clean = git.find(cleansUntracked);
  if (revert && clean)
    out.push({
      tool: 'exec',
      command: 'git-discard-all',
      via: `git ${revert.join(' ')} and git ${clean.join(' ')} throw away every uncommitted change and every untracked file`,
    });
  const local = new Set(git.flatMap(forcedLocalDeletes));
  for (const name of git.flatMap(remoteDeletes))
    if (local.has(name))
      out.push({
        tool: 'exec',
        command: `git-branch-erased ${name}`,
        via: `branch ${name} is deleted unmerged here (-D) and on the remote: its commits are left on no branch`,
      });
}
