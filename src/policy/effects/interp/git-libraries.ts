// Git driven through a library instead of the git command: each call is read as the git command
// line it amounts to, so the policies that judge `git push --force origin main`, `git push origin
// --delete main` or `git update-ref -d refs/heads/main` judge the same action written as code.
//   GitPython   `repo.git.push('origin', 'main', force=True)` (the `git` attribute runs any git
//               subcommand: positional arguments are words, `k=True` is `--k`, `k=v` is `--k=v`),
//               `repo.remote('origin').push('+main:main')`, `repo.remotes.origin.push(force=True)`,
//               `repo.delete_head('x', force=True)`, `Git().execute(['git', ...])`
//   pygit2      `repo.remotes['origin'].push(['+refs/heads/main:refs/heads/main'])`,
//               `repo.references.delete('refs/heads/main')`
//   dulwich     `porcelain.push(repo, 'origin', 'main', force=True)`
//   simple-git  `simpleGit().push('origin', 'main', ['--force'])`, `.raw(['push', '-f'])`,
//               `.deleteLocalBranch('x', true)`
//   isomorphic-git `git.push({remote: 'origin', ref: 'main', force: true})`, `git.deleteRef({ref})`
// Sources: GitPython "Using git directly" and Remote.push/Repo.delete_head references; pygit2
// Remote.push and References.delete; dulwich.porcelain.push; simple-git README (push, raw,
// deleteLocalBranch); isomorphic-git push/deleteRef/deleteBranch docs.
import type { Effect } from '../types.js';
import { callArgs, literalValue, shellWord, splitArgs } from './literals.js';

/** Cheap gate: code that names a git library or calls through a `git` object. */
const HINT = /\bgit\b|simple-git|simpleGit|pygit2|dulwich|isomorphic-git/i;

/** The arguments of the call whose `(` is at `open`. */
function argsAt(code: string, open: number): string[] {
  return splitArgs(callArgs(code, open));
}

/** A Python keyword argument or a literal as git words: `force=True` -> `--force`, `'-f'` -> `-f`. */
function pyWords(args: string[]): string[] | undefined {
  const out: string[] = [];
  for (const a of args) {
    const kw = /^(\w+)\s*=\s*(.+)$/s.exec(a);
    if (kw) {
      const name = (kw[1] ?? '').replace(/_/g, '-');
      const flag = name.length === 1 ? `-${name}` : `--${name}`;
      const v = (kw[2] ?? '').trim();
      if (v === 'True') out.push(flag);
      else if (v === 'False' || v === 'None') continue;
      else out.push(`${flag}=${literalValue(v) ?? 'VALUE'}`);
      continue;
    }
    const lit = listOrLiteral(a);
    if (lit === undefined) out.push('ARG');
    else out.push(...lit);
  }
  return out;
}

/** A literal, or a list of literals, as words. */
function listOrLiteral(a: string): string[] | undefined {
  const t = a.trim();
  const v = literalValue(t);
  if (v !== undefined) return [v];
  if (t.startsWith('[') && t.endsWith(']')) {
    const items = splitArgs(t.slice(1, -1)).filter(Boolean).map(literalValue);
    if (items.every((x) => x !== undefined)) return items as string[];
  }
  return undefined;
}

/** A JavaScript object literal's simple fields: `{remote: 'origin', force: true}`. */
function jsFields(a: string | undefined): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  const t = (a ?? '').trim();
  if (!t.startsWith('{')) return out;
  for (const part of splitArgs(t.slice(1, -1))) {
    const m = /^['"]?([\w-]+)['"]?\s*:\s*(.+)$/s.exec(part);
    if (!m) continue;
    const v = (m[2] ?? '').trim();
    out[m[1] ?? ''] = literalValue(v) ?? v;
  }
  return out;
}

function line(words: string[]): string {
  return ['git', ...words].map(shellWord).join(' ');
}

/** The git command lines that git library calls in `code` (already canonical) amount to. */
export function gitLibraryEffects(code: string, via: string): Effect[] {
  if (!HINT.test(code)) return [];
  const lines: string[] = [];
  // GitPython: any subcommand through the `git` attribute (repo.git.push, Repo('.').git.reset)
  for (const m of code.matchAll(/\.git\s*\.\s*([a-z][a-z_]*)\s*\(/g)) {
    const words = pyWords(argsAt(code, (m.index ?? 0) + m[0].length - 1));
    if (words) lines.push(line([(m[1] ?? '').replace(/_/g, '-'), ...words]));
  }
  // Git().execute(['git', 'push', '-f']), simple-git's raw(['push', '--force']) or raw('push', '-f')
  for (const m of code.matchAll(/\.(execute|raw)\s*\(/g)) {
    const args = argsAt(code, (m.index ?? 0) + m[0].length - 1);
    const words = args.flatMap((a) => listOrLiteral(a) ?? []);
    if (m[1] === 'execute' && words[0] !== 'git') continue;
    if (m[1] === 'raw' && !/simple-git|simpleGit/.test(code)) continue;
    if (words.length) lines.push(line(words[0] === 'git' ? words.slice(1) : words));
  }
  // A remote's push: repo.remote('origin').push(...), repo.remotes.origin.push(...),
  // repo.remotes['origin'].push([...]) (GitPython, pygit2)
  for (const m of code.matchAll(
    /\.remotes?\s*(?:\(\s*(['"][^'"]*['"])?\s*\)|\.\s*(\w+)|\[\s*(['"][^'"]*['"])\s*\])\s*\.\s*push\s*\(/g,
  )) {
    const remote = literalValue(m[1] ?? m[3] ?? '') ?? m[2] ?? 'origin';
    const words = pyWords(argsAt(code, (m.index ?? 0) + m[0].length - 1)) ?? [];
    lines.push(
      line(['push', ...words.filter((w) => w.startsWith('-')), remote, ...words.filter((w) => !w.startsWith('-'))]),
    );
  }
  // dulwich: porcelain.push(repo, remote, refspecs, force=True)
  for (const m of code.matchAll(/\bporcelain\s*\.\s*push\s*\(/g)) {
    const [, remote, ...rest] = argsAt(code, (m.index ?? 0) + m[0].length - 1);
    const words = pyWords(rest) ?? [];
    lines.push(
      line([
        'push',
        ...words.filter((w) => w.startsWith('-')),
        literalValue(remote ?? '') ?? 'origin',
        ...words.filter((w) => !w.startsWith('-')),
      ]),
    );
  }
  // branches and refs deleted: GitPython delete_head, pygit2 references.delete / branches.delete
  for (const m of code.matchAll(/\.(delete_head|references\s*\.\s*delete|branches\s*\.\s*delete)\s*\(/g)) {
    const [first] = argsAt(code, (m.index ?? 0) + m[0].length - 1);
    const name = literalValue(first ?? '') ?? 'BRANCH';
    lines.push(
      (m[1] ?? '').startsWith('references')
        ? line(['update-ref', '-d', name])
        : line(['branch', '-D', name.replace(/^refs\/heads\//, '')]),
    );
  }
  if (/simple-git|simpleGit/.test(code)) {
    // simple-git: push(remote, branch, options) with options ['--force'] or {'--force': null}
    for (const m of code.matchAll(/\.push\s*\(/g)) {
      const args = argsAt(code, (m.index ?? 0) + m[0].length - 1);
      const words: string[] = [];
      for (const a of args) {
        const lit = listOrLiteral(a);
        if (lit) words.push(...lit);
        else if (a.trim().startsWith('{')) words.push(...Object.keys(jsFields(a)).filter((k) => k.startsWith('-')));
      }
      lines.push(line(['push', ...words.filter((w) => w.startsWith('-')), ...words.filter((w) => !w.startsWith('-'))]));
    }
    for (const m of code.matchAll(/\.deleteLocalBranch(?:es)?\s*\(/g)) {
      const [first] = argsAt(code, (m.index ?? 0) + m[0].length - 1);
      for (const b of listOrLiteral(first ?? '') ?? ['BRANCH']) lines.push(line(['branch', '-D', b]));
    }
  }
  if (/isomorphic-git/.test(code)) {
    for (const m of code.matchAll(/\b(?:git\s*\.\s*)?(push|deleteRef|deleteBranch|deleteTag)\s*\(\s*(?=\{)/g)) {
      const open = (m.index ?? 0) + m[0].length - 1;
      const f = jsFields(argsAt(code, open)[0]);
      const ref = f['ref'] ?? f['remoteRef'] ?? 'HEAD';
      if (m[1] === 'push') {
        const words = ['push'];
        if (f['force'] === 'true') words.push('--force');
        if (f['delete'] === 'true') words.push('--delete');
        lines.push(line([...words, f['remote'] ?? 'origin', ref]));
      } else if (m[1] === 'deleteRef') lines.push(line(['update-ref', '-d', ref]));
      else if (m[1] === 'deleteBranch') lines.push(line(['branch', '-D', ref]));
      else lines.push(line(['tag', '-d', ref]));
    }
  }
  return [...new Set(lines)]
    .slice(0, 8)
    .map((command) => ({ tool: 'exec', command, via: `${via} runs \`${command}\`` }));
}
