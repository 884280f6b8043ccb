// Programs that change files without a redirection or a copy: editors driven by a script
// (vim -c, ex, ed, emacs --batch), in-place rewriters (sponge, yq -i, awk -i inplace, crudini,
// xmlstarlet ed -L, patch), archives extracted into a directory (tar -x -C, unzip -d, 7z x -o),
// a filesystem mounted over a directory, and find -delete / -exec rm. Each is the write or delete
// of its target, so every path rule (svc's own files, agents' settings, start-up files) sees it
// as it sees `sed -i` or `cp`. Relative targets after `cd DIR` are also read under DIR.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { table } from '../../util/lookup-table.js';

const write = (path: string, via: string): Effect => ({ tool: 'write', path, via });
const del = (path: string, via: string): Effect => ({ tool: 'delete', path, via });

/** Operands of argv after its options; `valued` options take the next word. */
function operands(argv: string[], valued: ReadonlySet<string>, from = 1): string[] {
  const out: string[] = [];
  for (let i = from; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '--') {
      out.push(...argv.slice(i + 1));
      break;
    }
    if (w.startsWith('-') && w.length > 1) {
      if (valued.has(w)) i++;
      continue;
    }
    if (w.startsWith('+')) continue; // vim +cmd
    out.push(w);
  }
  return out;
}

/** Vim and ex with commands given on the line (-c, +cmd, -s script, -e/-E/-es batch mode). */
function vimLike(argv: string[], name: string, out: Effect[]): void {
  const scripted =
    name === 'ex' ||
    argv.some(
      (w, i) => i > 0 && (w === '-c' || w === '-s' || w === '-S' || /^-[eE]s?$|^--cmd$/.test(w) || /^\+./.test(w)),
    );
  if (!scripted) return;
  for (const f of operands(argv, new Set(['-c', '-S', '-s', '--cmd', '-u', '-i', '-T', '-w', '-W', '-r'])))
    out.push(write(f, `${name} runs editor commands on ${f}`));
}

function emacs(argv: string[], out: Effect[]): void {
  if (!argv.some((w) => w === '--batch' || w === '-batch' || w === '--script' || /^--eval/.test(w) || w === '-l'))
    return;
  for (const f of operands(argv, new Set(['--eval', '-l', '--load', '-f', '--funcall', '--script', '--insert'])))
    out.push(write(f, `emacs edits ${f} in batch mode`));
}

/** tar -x [-C DIR], unzip [-d DIR], 7z x [-oDIR], cpio -i -D DIR, bsdtar -x. */
function extraction(argv: string[], name: string, cwd: string | undefined, out: Effect[]): void {
  let dir: string | undefined;
  if (name === 'tar' || name === 'bsdtar' || name === 'gtar') {
    const first = argv[1] ?? '';
    const x = argv.some((w) => w === '--extract' || w === '--get') || /^-?[a-zA-Z]*x/.test(first);
    if (!x) return;
    for (let i = 1; i < argv.length; i++) {
      const w = argv[i] ?? '';
      if (w === '-C' || w === '--directory') dir = argv[i + 1];
      else if (w.startsWith('--directory=')) dir = w.slice(12);
      else if (/^-C./.test(w)) dir = w.slice(2);
    }
  } else if (name === 'unzip') {
    const i = argv.indexOf('-d');
    dir = i > 0 ? argv[i + 1] : undefined;
  } else if (name === '7z' || name === '7za' || name === '7zz') {
    if (argv[1] !== 'x' && argv[1] !== 'e') return;
    dir = argv.find((w) => /^-o./.test(w))?.slice(2);
  } else if (name === 'cpio') {
    if (!argv.some((w) => /^-[a-zA-Z]*i/.test(w) || w === '--extract')) return;
    const i = argv.findIndex((w) => w === '-D' || w === '--directory');
    dir = i > 0 ? argv[i + 1] : undefined;
  } else return;
  dir ??= cwd;
  if (dir) out.push(write(`${dir.replace(/\/+$/, '')}/*`, `${name} extracts into ${dir}`));
}

/** mount [-t T] [-o O] SRC TARGET, mount --bind SRC TARGET: TARGET's contents are replaced. */
function mount(argv: string[], out: Effect[]): void {
  const ops = operands(argv, new Set(['-t', '-o', '-O', '--types', '--options', '-L', '-U', '--source', '--target']));
  const t = argv.indexOf('--target');
  const target = t > 0 ? argv[t + 1] : ops.length >= 2 ? ops[ops.length - 1] : undefined;
  if (target && !target.startsWith('/dev/')) out.push(write(target, `mount covers ${target}`));
}

/** find DIR ... -delete / -exec rm ... deletes under DIR. */
function findDelete(argv: string[], out: Effect[]): void {
  const deletes = argv.some(
    (w, i) =>
      w === '-delete' ||
      ((w === '-exec' || w === '-execdir' || w === '-ok') &&
        /^(?:rm|shred|unlink|truncate)$/.test(basename(argv[i + 1] ?? ''))),
  );
  if (!deletes) return;
  for (const d of argv.slice(1)) {
    if (d.startsWith('-') || d === '!' || d === '(') break;
    out.push(del(`${d.replace(/\/+$/, '')}/*`, `find deletes under ${d}`));
  }
}

const IN_PLACE: Record<string, (argv: string[]) => string[]> = table({
  // sponge FILE soaks up stdin and writes it over FILE
  sponge: (a) => operands(a, new Set()),
  // yq -i / --inplace, jq has none; dasel put -f FILE; crudini --set FILE ...
  yq: (a) =>
    a.some((w) => w === '-i' || w === '--inplace' || /^-[a-zA-Z]*i$/.test(w))
      ? operands(a, new Set(['-o', '-p', '--output-format', '--input-format'])).slice(1)
      : [],
  awk: (a) =>
    a.some((w, i) => w === '-i' && a[i + 1] === 'inplace') || a.includes('-iinplace')
      ? operands(a, new Set(['-i', '-F', '-v', '-f'])).slice(1)
      : [],
  gawk: (a) =>
    a.some((w, i) => w === '-i' && a[i + 1] === 'inplace') || a.includes('-iinplace')
      ? operands(a, new Set(['-i', '-F', '-v', '-f'])).slice(1)
      : [],
  crudini: (a) => (a.some((w) => /^--(?:set|del|merge)$/.test(w)) ? operands(a, new Set()).slice(0, 1) : []),
  xmlstarlet: (a) =>
    a.includes('-L') || a.includes('--inplace')
      ? operands(a, new Set(['-u', '-d', '-s', '-i', '-a', '-v', '-t', '-n', '-x', '-N'])).slice(1)
      : [],
  dasel: (a) => {
    const i = a.findIndex((w) => w === '-f' || w === '--file');
    return (a[1] === 'put' || a[1] === 'delete') && i > 0 && a[i + 1] ? [a[i + 1] as string] : [];
  },
  // patch -d DIR changes the files the patch names under DIR (not shown): DIR/* stands for them
  patch: (a) => {
    const file = operands(a, new Set(['-i', '--input', '-p', '-d', '-o', '-r', '-F', '-z', '-B', '-V', '-Y', '-D']));
    const at = a.findIndex((w) => w === '-d' || w === '--directory' || w.startsWith('--directory='));
    const w = a[at] ?? '';
    const dir = at < 0 ? undefined : w.includes('=') ? w.slice(w.indexOf('=') + 1) : a[at + 1];
    const first = file.slice(0, 1);
    if (!dir) return first;
    return first.length
      ? first.map((f) => (f.startsWith('/') ? f : `${dir.replace(/\/+$/, '')}/${f}`))
      : [`${dir.replace(/\/+$/, '')}/*`];
  },
  ed: (a) => operands(a, new Set(['-p'])),
  red: (a) => operands(a, new Set(['-p'])),
  sd: (a) => operands(a, new Set(['-f', '--flags', '-n'])).slice(2),
  // macOS property lists changed in place (plutil(1): -insert/-replace/-remove KEYPATH [-TYPE VALUE]
  // FILE, -convert FMT FILE without -o, -create FMT FILE; PlistBuddy -c CMD FILE): a LaunchAgent's
  // Disabled or ProgramArguments, an app's settings, as `defaults write` changes them
  plutil: (a) => {
    const verb = a.findIndex((w) => /^-(?:insert|replace|remove|convert|create|append)$/.test(w));
    if (verb < 0 || a.includes('-o') || a.includes('-lint') || a.includes('-p')) return [];
    const last = a[a.length - 1] ?? '';
    return last && !last.startsWith('-') && a.length - 1 > verb + 1 ? [last] : [];
  },
  PlistBuddy: (a) =>
    a.some((w, i) => w === '-c' && /^\s*(?:Set|Add|Delete|Merge|Import|Clear)\b/i.test(a[i + 1] ?? ''))
      ? operands(a, new Set(['-c'])).slice(-1)
      : [],
});

/** Editor commands that run code in an embedded language (`:py3 ...`, `:lua ...`), as the interpreter's one-liner. */
const EDITOR_CODE: [RegExp, string][] = [
  [/^:?\s*(?:py3|python3|py|python|pyx|pythonx)(?:do)?\s+([\s\S]+)$/, 'python3 -c'],
  [/^:?\s*lua(?:do)?\s+([\s\S]+)$/, 'lua -e'],
  [/^:?\s*perl(?:do)?\s+([\s\S]+)$/, 'perl -e'],
  [/^:?\s*ruby(?:do)?\s+([\s\S]+)$/, 'ruby -e'],
];

function editorCode(argv: string[], name: string, out: Effect[]): void {
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const cmd = w === '-c' || w === '--cmd' ? argv[i + 1] : w.startsWith('+') ? w.slice(1) : undefined;
    if (cmd === undefined) continue;
    for (const [re, run] of EDITOR_CODE) {
      const m = re.exec(cmd);
      if (m?.[1])
        out.push({
          tool: 'exec',
          command: `${run} '${m[1].replace(/'/g, `'\\''`)}'`,
          via: `${name} runs code in its ${run.split(' ')[0] ?? ''}`,
        });
    }
  }
}

/** `defaults write DOMAIN KEY VALUE` (macOS): a write of the domain's preferences file with the key and value. */
function defaultsWrite(argv: string[], out: Effect[]): void {
  const w = argv.indexOf('write');
  const domain = w > 0 ? argv[w + 1] : undefined;
  if (!domain || domain.startsWith('-')) return;
  const path = domain.includes('/') ? domain : `~/Library/Preferences/${domain}.plist`;
  out.push({ tool: 'write', path, content: argv.slice(w + 2).join(' '), via: `defaults writes ${domain}` });
}

/** The writes and deletes one simple command makes that programs.ts does not read. */
export function fileWriterEffects(c: SimpleCommand, cwd: string | undefined, out: Effect[]): void {
  const argv = c.argv;
  if (!argv.length) return;
  const name = basename(argv[0] ?? '');
  if (/^(?:vim|vi|nvim|ex|vim\.basic|vim\.tiny)$/.test(name)) {
    vimLike(argv, name, out);
    editorCode(argv, name, out);
  } else if (name === 'defaults') defaultsWrite(argv, out);
  else if (name === 'emacs') emacs(argv, out);
  else if (name === 'mount') mount(argv, out);
  else if (name === 'find') findDelete(argv, out);
  else extraction(argv, name, cwd, out);
  const inPlace = IN_PLACE[name];
  if (inPlace) for (const f of inPlace(argv)) if (f && f !== '-') out.push(write(f, `${name} rewrites ${f}`));
}

/** The directory `cd ARG` moves to, when it is written out (absolute, ~ or $HOME). */
export function cdTarget(argv: string[]): string | undefined | null {
  // `/usr/bin/cd` (POSIX's cd utility) moves only its own process, yet a line spelled with it is
  // read as cd: the directory the line means to work in is the one it names
  const name = (argv[0] ?? '').replace(/^\/(?:usr\/)?bin\//, '');
  if (name !== 'cd' && name !== 'pushd') return undefined;
  const a = argv.slice(1).find((w) => !w.startsWith('-'));
  if (a === undefined || a === '~' || a === '$HOME' || a === '${HOME}') return '~';
  if (/^(?:\/|~\/|\$HOME\/|\$\{HOME\}\/)/.test(a) && !/[`]|\$\(/.test(a)) return a.replace(/\/+$/, '');
  return null;
}

/**
 * Command substitutions whose output is one file name, never a path (`$(date -u +%F).jsonl`,
 * `log-$(hostname).txt`): date without a slash in its format, hostname, whoami, id, uuidgen.
 * Such a word is still a name under the directory; other substitutions (`$(pwd)`, `$(mktemp)`)
 * may be anywhere.
 */
const NAME_SUBST =
  /\$\(\s*(?:date(?:\s+(?:-u|--utc|\+[^\s/)]*|'\+[^'/]*'|"\+[^"/]*"))*|hostname(?:\s+-s)?|whoami|id\s+-un?|uuidgen)\s*\)/g;

/** `rel` read under `dir` (./x, x, ../x). */
export function underDir(dir: string, rel: string): string | undefined {
  if (/^[/~]|^\$(?!\()/.test(rel) || rel.includes('://') || rel.includes('`')) return undefined;
  if (rel.includes('$(')) {
    if (rel.replace(NAME_SUBST, '').includes('$(')) return undefined;
    // the name's own slashes are none: split the path around the substitutions only
    const names: string[] = [];
    rel = rel.replace(NAME_SUBST, (m) => `\u0000${names.push(m) - 1}\u0000`);
    const out = underDir(dir, rel);
    return out?.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => names[Number(i)] ?? '');
  }
  const parts = dir.split('/');
  for (const p of rel.split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') {
      if (parts.length > 1) parts.pop();
    } else parts.push(p);
  }
  return parts.join('/') || '/';
}
