// Files read out of git's history rather than the working tree: `git show HEAD~3:.env`, `git
// cat-file -p main:config/master.key`, `git log -p -- .env`, `git diff HEAD~5 -- .aws/credentials`,
// `git stash show -p -- .env` print what the file held when it was committed, so each reads the
// file it names, and the credential and .env rules decide it as they decide `cat .env`. A secret
// deleted from the tree is still in the history, which is where a thief looks for it.
// A pickaxe search (`git log -p -S AWS_SECRET --all`) is left alone: it is how a leaked secret is
// audited, and what it prints is whatever files the history holds, which the reads above cover.
// Sources: git-show(1) (<rev>:<path>), git-cat-file(1), git-log(1) (-p, -S, -G, -- <path>),
// git-diff(1), git-stash(1) (show -p), gitrevisions(7) (`:<path>` names the index).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const SECRET_HISTORY_PROGRAMS: readonly string[] = ['git'];

/** Subcommands that print file contents or patches of the history. */
const PRINTERS = new Set(['show', 'cat-file', 'log', 'diff', 'whatchanged', 'stash', 'archive', 'blame']);
/** Options of those subcommands that take a separate value (the value is not a path). */
const VALUED = /^(?:-[SGLnC]|--(?:author|committer|grep|since|until|format|pretty|max-count|skip|diff-filter|output))$/;
/** Options that print names or counts instead of contents. */
const SUMMARY =
  /^--(?:stat|numstat|shortstat|name-only|name-status|quiet|exit-code|summary|oneline|no-patch)(?:=|$)|^-s$/;

/** The git subcommand and where its arguments start, past `-C DIR`, `-c k=v` and similar. */
function subcommand(argv: string[]): { sub: string; at: number } | undefined {
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '-C' || w === '-c' || w === '--git-dir' || w === '--work-tree' || w === '--namespace') i++;
    else if (!w.startsWith('-')) return { sub: w, at: i + 1 };
  }
  return undefined;
}

/** The paths a history printer names: `REV:PATH` words, and every word after `--`. */
function historyPaths(sub: string, args: string[]): string[] {
  const out: string[] = [];
  const dash = args.indexOf('--');
  // blame's file is its last operand, with or without --
  if (sub === 'blame' && dash < 0) {
    const last = [...args].reverse().find((w) => !w.startsWith('-'));
    if (last) out.push(last);
  }
  for (let i = 0; i < args.length; i++) {
    const w = args[i] ?? '';
    if (dash >= 0 && i > dash) {
      out.push(w);
      continue;
    }
    if (VALUED.test(w)) {
      i++;
      continue;
    }
    // REV:PATH (and :PATH, the index); not a URL or a refspec's remote (no // and no leading -)
    // a revision computed by a substitution (`$(git rev-list -n1 --all -- .env)^:.env`) is still one
    const m = /^([^\s:/-][^\s:]*|):([^/\s][^\s]*)$/.exec(w.replace(/\$\((?:[^()]|\([^()]*\))*\)|`[^`]*`/g, 'REV'));
    if (m?.[2] && (sub === 'show' || sub === 'cat-file' || sub === 'archive' || sub === 'diff')) out.push(m[2]);
  }
  return out;
}

/** The history reads and secret searches of a line's git commands (see the top of this file). */
export function secretHistoryEffects(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    if (basename(c.argv[0] ?? '').toLowerCase() !== 'git') continue;
    const s = subcommand(c.argv);
    if (!s || !PRINTERS.has(s.sub)) continue;
    let args = c.argv.slice(s.at);
    if (s.sub === 'stash') {
      if (args[0] !== 'show') continue;
      args = args.slice(1);
    }
    // log prints patches only when asked; show, diff and stash show -p print them unless told to summarise
    const summary = args.some((w) => SUMMARY.test(w));
    const patches =
      args.some((w) => w === '-p' || w === '--patch' || w === '-u') ||
      (!summary &&
        (s.sub === 'show' || s.sub === 'diff' || s.sub === 'cat-file' || s.sub === 'archive' || s.sub === 'blame'));
    if (patches)
      for (const p of historyPaths(s.sub, args))
        out.push({ tool: 'read', path: p, via: `git ${s.sub} prints ${p} as committed` });
  }
}
