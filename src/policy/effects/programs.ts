// What common programs do to files and the network, read from their argv: one entry per
// program (options that take an argument, and which operands are read, written or reached).
// Sources: each tool's own manual page (coreutils cp/mv/install/ln/tee/dd/truncate/touch/
// chmod/chown, GNU sed -i, rsync, scp, curl, wget, httpie, netcat/ncat, socat, openssl s_client,
// git-config, crontab).
import { startupPlant } from './startup-plant.js';
import { basename } from '../shell-wrappers.js';
import { PROTECTED_GLOB_TARGETS } from './svc-identity.js';
import type { Effect } from './types.js';
import { hasOption, optionValue, parseArgs, type ParsedArgs } from './operands.js';
import { echoText, type SimpleCommand } from './walk.js';
import { isLoopbackHost } from './url-host.js';
import { clobberEffects } from './clobber.js';
import { argvBoundEffects } from './interp/argv-bind.js';
import { DATA_RESET_KEY, dataResetEffects } from './data-resets.js';
import { mayApply, type LineKeys } from './reading-keys.js';
import { at } from '../../util/invariant.js';
import { egressEffects, payloadToService } from './egress.js';
import { dataMount, privateHost } from '../remote-copies.js';
import { substitutedFiles } from './substituted-files.js';
import { powershellReads } from './powershell-reads.js';
import { dotenvNamesOnly, dotenvPipedToNames } from './env-filters.js';
import { emptySource } from '../shell-destroy.js';
import { namedDataTree } from './wide-deletes.js';
import { table } from '../../util/lookup-table.js';

type Deriver = (c: SimpleCommand, out: Effect[]) => void;

const write = (path: string, content: string | undefined, via: string): Effect =>
  content === undefined ? { tool: 'write', path, via } : { tool: 'write', path, content, via };
const read = (path: string, via: string): Effect => ({ tool: 'read', path, via });
const fetch = (url: string, via: string): Effect => ({ tool: 'fetch', url, via });

/** A word that names a network target: a URL, or host[:port][/path]. */
export function urlOf(word: string, scheme = 'http'): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(word)) return word;
  if (word.startsWith('-') || word.startsWith('/') || word.startsWith('.') || word.includes('$')) return undefined;
  const host = /^(?:[^@/\s]+@)?(\[[0-9a-f:.]+\]|[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::\d+)?(?:\/.*)?$/i.exec(word);
  if (!host) return undefined;
  const h = at(host, 1);
  const looksLikeHost =
    h === 'localhost' || h.startsWith('[') || /^\d+$/.test(h) || (h.includes('.') && /[a-z]{2,}$|\d$/i.test(h));
  return looksLikeHost ? `${scheme}://${word}` : undefined;
}

/** A file:// URL read as the path it names. */
function fileUrlPath(url: string): string | undefined {
  const m = /^file:\/\/(?:localhost)?(\/[^?#]*)/i.exec(url);
  return m ? decodeURIComponent(at(m, 1)) : undefined;
}

/** The hostname of a scheme://host[:port]/... URL (brackets kept for IPv6). */
function hostOfUrl(url: string): string | undefined {
  return /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(url)?.[1];
}

function fetchOrRead(url: string, via: string, out: Effect[]): void {
  out.push(fetch(url, via));
  const p = fileUrlPath(url);
  if (p) out.push(read(p, via));
}

/** `host:path` / `user@host:path` operands of scp and rsync. */
function remoteHost(word: string): string | undefined {
  if (word.startsWith('/') || word.startsWith('.')) return undefined;
  const m = /^(?:[^@/:\s]+@)?([A-Za-z0-9.-]+|\[[0-9a-fA-F:.]+\]):/.exec(word);
  return m && !/^[A-Za-z]$/.test(at(m, 1)) ? m[1] : undefined;
}

/** Template files copied into place on set-up (their copy is not an overwrite of secrets). */
const TEMPLATE = /\.(?:example|sample|template|dist|defaults|tmpl|tpl)$/i;

function copyLike(name: string, withArg: string[], readsSources: boolean, deletesSources: boolean): Deriver {
  return (c, out) => {
    const p = parseArgs(c.argv, withArg);
    const dir = optionValue(p, '-t', '--target-directory');
    let sources = p.operands;
    let dest: string | undefined = dir;
    if (dest === undefined) {
      if (p.operands.length < 2) {
        if (name === 'ln' && p.operands.length === 1)
          out.push(write(basename(at(p.operands, 0)), undefined, `${name} creates ${basename(at(p.operands, 0))}`));
        if (name === 'install' && hasOption(p, '-d', '--directory'))
          for (const d of p.operands) out.push(write(d, undefined, `install -d creates ${d}`));
        return;
      }
      dest = at(p.operands, p.operands.length - 1);
      sources = p.operands.slice(0, -1);
    }
    if (name === 'install' && hasOption(p, '-d', '--directory')) {
      for (const d of p.operands) out.push(write(d, undefined, `install -d creates ${d}`));
      return;
    }
    const intoDir = dir !== undefined || dest.endsWith('/') || sources.length > 1;
    // `cp .env.example .env` is the documented set-up step: a template carries no secrets.
    if (name === 'cp' && !intoDir && sources.every((s) => TEMPLATE.test(s))) {
      for (const s of sources) out.push(read(s, `${name} reads ${s}`));
      return;
    }
    for (const s of sources) {
      if (readsSources) out.push(read(s, `${name} reads ${s}`));
      if (deletesSources) out.push({ tool: 'delete', path: s, via: `${name} moves ${s} away` });
      if (intoDir) {
        const target = dest.replace(/\/+$/, '') + '/' + basename(s.replace(/\/+$/, ''));
        out.push(write(target, undefined, `${name} writes ${target}`));
      }
    }
    if (!intoDir || dir === undefined) out.push(write(dest, undefined, `${name} writes ${dest}`));
  };
}

const CAT_LIKE = [
  'cat',
  'tac',
  'nl',
  'less',
  'more',
  'most',
  'head',
  'tail',
  'bat',
  'batcat',
  'strings',
  'xxd',
  'od',
  'hexdump',
  'hd',
  'base64',
  'base32',
  'basenc',
  'uuencode',
  'sort',
  'uniq',
  'cut',
  'paste',
  'fold',
  'fmt',
  'rev',
  'column',
  'jq',
  'yq',
  'view',
  'vim',
  'vi',
  'nvim',
  'nano',
  'emacs',
  'code',
  'gpg',
  'iconv',
  'zcat',
  'gzip',
  'bzip2',
  'xz',
  'zstd',
  'openssl',
  'dos2unix',
  'expand',
  // comparers print the lines that differ, so a file compared with an empty one (`diff /dev/null
  // .env`) or with any other prints its values: diff(1), sdiff(1), diff3(1), comm(1), join(1), pr(1)
  'diff',
  'sdiff',
  'diff3',
  'colordiff',
  'vimdiff',
  'comm',
  'join',
  'pr',
];
const CAT_WITH_ARG: Record<string, string[]> = table({
  head: ['-n', '-c'],
  tail: ['-n', '-c', '-s', '--pid'],
  cut: ['-d', '-f', '-c', '-b'],
  sort: ['-k', '-t', '-o', '-S', '-T'],
  xxd: ['-s', '-l', '-c', '-g'],
  od: ['-t', '-N', '-j', '-A', '-w'],
  jq: ['--arg', '--argjson', '--slurpfile', '--rawfile', '-f'],
  yq: ['-o', '--output-format'],
  base64: ['-w'],
  fold: ['-w'],
  column: ['-t', '-s', '-c'],
  diff: ['-U', '-C', '-I', '-x', '-X', '-F', '-W', '-L', '--label', '-S', '--ignore-matching-lines'],
  sdiff: ['-o', '-I', '-W', '-w'],
  diff3: ['-L', '--label'],
  colordiff: ['-U', '-C', '-I', '-x', '-X', '-F', '-W', '-L', '--label', '-S'],
  join: ['-t', '-a', '-e', '-o', '-v', '-1', '-2', '-j'],
  pr: ['-h', '-l', '-w', '-o', '-N', '-s', '-e', '-i', '-n'],
  iconv: ['-f', '-t'],
  openssl: ['-in', '-out', '-passin', '-pass'],
});

function catLike(name: string): Deriver {
  return (c, out) => {
    const p = parseArgs(c.argv, CAT_WITH_ARG[name] ?? []);
    let ops = p.operands;
    if (name === 'jq' || name === 'yq') ops = ops.slice(1); // the filter
    if (name === 'openssl') {
      const inFile = optionValue(p, '-in');
      // what comes out is the public half (-pubout) or only a check's verdict (-noout without
      // -text): the private key is used, not shown or copied (openssl-rsa(1), openssl-pkey(1))
      const has = (f: string) => c.argv.includes(f);
      // pkcs12 -nokeys writes the certificates of a .pfx and no private key (openssl-pkcs12(1))
      const keyStaysIn =
        has('-pubout') || (has('-noout') && !has('-text')) || (c.argv[1] === 'pkcs12' && has('-nokeys'));
      if (inFile && !keyStaysIn) out.push(read(inFile, `openssl reads ${inFile}`));
      const o = optionValue(p, '-out');
      if (o) out.push(write(o, undefined, `openssl writes ${o}`));
      return;
    }
    if (name === 'sort') {
      const o = optionValue(p, '-o', '--output');
      // sorting nothing (`sort -o F /dev/null`) writes F empty: its content is gone
      const empty = ops.length > 0 && ops.every((f) => f === '/dev/null');
      if (o) out.push(write(o, empty ? '' : undefined, `sort writes ${empty ? 'nothing over ' : ''}${o}`));
    }
    for (const f of ops)
      if (
        f !== '-' &&
        !dotenvNamesOnly(c.argv, f) &&
        !((name === 'sort' || name === 'uniq') && dotenvPipedToNames(c, f))
      )
        out.push(read(f, `${name} reads ${f}`));
  };
}

/** grep/rg/ag/awk/sed: the first operand is the pattern or program unless given by option. */
function scriptFirst(name: string, withArg: string[], scriptOpts: string[]): Deriver {
  return (c, out) => {
    const p = parseArgs(c.argv, withArg);
    const given = p.options.some(([k]) => scriptOpts.includes(k));
    const files = given ? p.operands : p.operands.slice(1);
    const inPlace =
      (name === 'sed' && p.options.some(([k]) => k === '-i' || k.startsWith('-i') || k === '--in-place')) ||
      (name === 'perl' && p.options.some(([k]) => /^-[a-hj-zA-Z]*i/.test(k)));
    // what an in-place sed puts into the file (replacements, appended and inserted lines), so a
    // file that runs later or configures a source is judged by it like any edit
    const added =
      inPlace && name === 'sed'
        ? sedInsertedText(
            given
              ? p.options.filter(([k]) => k === '-e' || k === '--expression').map(([, v]) => v ?? '')
              : [p.operands[0] ?? ''],
          )
        : '';
    if (!inPlace) searchedGlobs(name, p, files, out);
    for (const f of files) {
      if (f === '-') continue;
      if (!inPlace) {
        // names only (cut -d= -f1 .env and the like) print no value: not a read of the secrets
        const toNames = name === 'grep' && dotenvPipedToNames(c, f);
        if (!dotenvNamesOnly(c.argv, f) && !toNames) out.push(read(f, `${name} reads ${f}`));
      } else if (added)
        out.push({ tool: 'write', path: f, content: added, append: true, via: `${name} -i edits ${f}` });
      else out.push({ tool: 'write', path: f, via: `${name} -i edits ${f}` });
    }
  };
}

/** The options that make grep search a directory tree (GNU grep(1): -r, -R, --recursive,
 * --dereference-recursive, -d recurse), alone or among other short flags (`-rn`, `-Rli`). */
function grepRecursive(options: [string, string | undefined][]): boolean {
  return options.some(
    ([k, v]) =>
      /^-[a-zA-Z]*[rR]/.test(k) ||
      k === '--recursive' ||
      k === '--dereference-recursive' ||
      ((k === '-d' || k === '--directories') && v === 'recurse'),
  );
}

/**
 * A search through a tree limited to files named by a glob reads those files, as `find ROOT -name
 * GLOB -exec grep PATTERN {} +` does: `grep -r TOKEN --include='.env*' .`, `rg -g '*.pem' KEY ~`.
 * Each root gets a read of ROOT/GLOB, which the path rules read as the files the glob names
 * (`.env*` is `.env`, `.env.local` ...). Sources: GNU grep(1) --include=GLOB (searches only files
 * whose base name matches), ripgrep's guide (-g/--glob/--iglob, `!` excludes), ag -G (a regex, not read).
 */
function searchedGlobs(
  name: string,
  p: { options: [string, string | undefined][] },
  roots: string[],
  out: Effect[],
): void {
  const grep = name === 'grep' || name === 'egrep' || name === 'fgrep';
  if (name !== 'rg' && !grep) return;
  if (grep && !grepRecursive(p.options)) return;
  // file names, counts or an exit status only (-l, -L, -c, -q): no line of the files is printed
  if (
    p.options.some(
      ([k]) => /^-[a-zA-Z]*[lLcq]/.test(k) || /^--(?:files-with(?:out)?-matches?|count|quiet|silent|files)$/.test(k),
    )
  )
    return;
  const keys = grep ? ['--include'] : ['-g', '--glob', '--iglob'];
  const globs = p.options
    .filter(([k, v]) => keys.includes(k) && v !== undefined && !v.startsWith('!'))
    .map(([, v]) => (v ?? '').replace(/^['"]|['"]$/g, ''))
    .filter((g) => g && !g.includes('/'));
  if (!globs.length) return;
  for (const root of roots.length ? roots : ['.']) {
    if (root === '-') continue;
    for (const g of globs.slice(0, 8))
      out.push(read(`${root.replace(/\/+$/, '')}/${g}`, `${name} searches the ${g} files under ${root}`));
  }
}

/** The text sed scripts add to a file: each `s` command's replacement and the text of `a`, `i`
 * and `c` commands, one per line ('' when there is none). */
export function sedInsertedText(scripts: string[]): string {
  const out: string[] = [];
  for (const script of scripts) {
    for (let i = 0; i < script.length; i++) {
      const ch = script[i];
      if (
        ch === 's' &&
        i + 1 < script.length &&
        !/[\w\s\\]/.test(script[i + 1] ?? '') &&
        /(?:^|[;{}\s\d/$!])$/.test(script.slice(0, i))
      ) {
        const d = script[i + 1] ?? '/';
        const parts: string[] = [];
        let cur = '';
        let j = i + 2;
        for (; j < script.length && parts.length < 2; j++) {
          const c = script[j] ?? '';
          if (c === '\\' && j + 1 < script.length) {
            const n = script[j + 1] ?? '';
            cur += n === d ? d : n === 'n' ? '\n' : n === 't' ? '\t' : c + n;
            j++;
          } else if (c === d) {
            parts.push(cur);
            cur = '';
          } else cur += c;
        }
        if (parts.length === 2 && parts[1]) out.push(parts[1]);
        i = j - 1;
      } else if (/[aic]/.test(ch ?? '') && /(?:^|[;{}\s\d/$!])$/.test(script.slice(0, i))) {
        const m = /^[aic]\\?\s*(.*)$/s.exec(script.slice(i));
        if (m?.[1] && /^[aic](?:\\|\s)/.test(script.slice(i))) {
          out.push(m[1].split(/(?<!\\)\n/)[0] ?? '');
          break;
        }
      }
    }
  }
  return out.join('\n');
}

const GREP_ARG = [
  '-e',
  '-f',
  '-m',
  '-A',
  '-B',
  '-C',
  '-d',
  '-D',
  '--include',
  '--exclude',
  '--exclude-dir',
  '--color',
  '--label',
  '-g',
  '-t',
  '-T',
  '--type',
  '--glob',
  '--max-count',
  '--context',
];

/**
 * Short options given together (`-sd@.env`, `-sSLo out`) split one per word, for programs whose
 * short options are all one letter (curl, wget): the first that takes a value takes the rest.
 */
function splitShortFlags(argv: string[], takesValue: (flag: string) => boolean): string[] {
  const out: string[] = [];
  for (const w of argv) {
    if (!/^-[a-zA-Z0-9]{2}/.test(w) || w.startsWith('--') || out.length === 0) {
      out.push(w);
      continue;
    }
    for (let i = 1; i < w.length; i++) {
      const f = `-${w[i] ?? ''}`;
      out.push(f);
      if (takesValue(f)) {
        if (i + 1 < w.length) out.push(w.slice(i + 1));
        break;
      }
    }
  }
  return out;
}

const CURL_SHORT_VALUE = new Set([
  '-o',
  '-d',
  '-F',
  '-T',
  '-H',
  '-X',
  '-u',
  '-A',
  '-e',
  '-x',
  '-K',
  '-b',
  '-c',
  '-w',
  '-m',
  '-E',
  '-r',
  '-U',
  '-Y',
  '-y',
  '-z',
  '-C',
  '-P',
  '-Q',
]);

function curl(c: SimpleCommand, out: Effect[]): void {
  const start = out.length;
  // `-d @-` / `-T -` send standard input: unknown text unless the line shows it (echo ... |)
  let stdinSent = false;
  // a file printed into a value is data put in a field, never the request file an API takes
  let embedded = false;
  const p = parseArgs(
    splitShortFlags(c.argv, (f) => CURL_SHORT_VALUE.has(f)),
    [
      '-o',
      '--output',
      '-d',
      '--data',
      '--data-binary',
      '--data-raw',
      '--data-urlencode',
      '--data-ascii',
      '-F',
      '--form',
      '-T',
      '--upload-file',
      '-H',
      '--header',
      '-X',
      '--request',
      '-u',
      '--user',
      '-A',
      '--user-agent',
      '-e',
      '--referer',
      '-x',
      '--proxy',
      '-K',
      '--config',
      '-b',
      '--cookie',
      '-c',
      '--cookie-jar',
      '--url',
      '-w',
      '--write-out',
      '--connect-to',
      '--resolve',
      '-m',
      '--max-time',
      '--retry',
      '--cacert',
      '--cert',
      '--key',
      '-E',
      '-r',
      '--range',
      '-U',
      '--proxy-user',
      '--json',
      '--unix-socket',
      '-Y',
      '-y',
      '-z',
      '--limit-rate',
      '--interface',
      '-C',
      '-P',
      '-Q',
      '--quote',
      '--variable',
      '--expand-data',
      '--expand-url',
    ],
  );
  for (const [k, v] of p.options) {
    if (v === undefined) continue;
    // a file printed into a data value or the URL by a command substitution is sent with it
    if (/^(?:-d|--data(?:-binary|-ascii|-raw|-urlencode)?|--json|-F|--form|--url)$/.test(k))
      for (const f of substitutedFiles(v)) {
        out.push(read(f, `curl sends ${f}`));
        embedded = true;
      }
    if (k === '--url') fetchOrRead(urlOf(v) ?? v, `curl reaches ${v}`, out);
    else if ((k === '-o' || k === '--output' || k === '-c' || k === '--cookie-jar') && v !== '-' && v !== '/dev/null')
      out.push(write(v, undefined, `curl writes ${v}`));
    else if (k === '-T' || k === '--upload-file' || k === '-K' || k === '--config') {
      if (v === '-' || v === '.') stdinSent = true;
      else out.push(read(v, `curl sends ${v}`));
    } else if (
      /^(-d|--data(-binary|-ascii)?|--json)$/.test(k)
        ? v.startsWith('@')
        : k === '--data-urlencode' && /^[^=]*@/.test(v)
    ) {
      // -d @file sends the file; -d name=a@b.c is text. --data-urlencode takes @file and name@file.
      const f = v.slice(v.indexOf('@') + 1);
      if (f && f !== '-') out.push(read(f, `curl sends ${f}`));
      else if (f === '-') stdinSent = true;
    } else if ((k === '-F' || k === '--form') && /=[@<]/.test(v)) {
      const f = at(v.slice(v.search(/=[@<]/) + 2).split(';'), 0);
      if (f && f !== '-') out.push(read(f, `curl sends ${f}`));
    } else if ((k === '-H' || k === '--header') && v.startsWith('@') && v.length > 1 && v !== '@-') {
      // -H @FILE sends every line of FILE as a header (curl(1), --header)
      out.push(read(v.slice(1), `curl sends ${v.slice(1)}`));
    } else if (k === '--variable' && /^%?\w+@/.test(v)) {
      // --variable NAME@FILE loads FILE into a variable that --expand-data/-url sends (curl 8.3+)
      const f = v.slice(v.indexOf('@') + 1);
      if (f && f !== '-') out.push(read(f, `curl sends ${f}`));
    }
  }
  for (const w of p.operands) {
    const u = urlOf(w);
    if (u) fetchOrRead(u, `curl reaches ${w}`, out);
    if (u)
      for (const f of substitutedFiles(w)) {
        out.push(read(f, `curl sends ${f}`));
        embedded = true;
      }
  }
  // A local file sent is exfiltration unless every host the call reaches is this machine: read
  // from the URLs curl itself parses, so a local URL beside a remote one does not make it local.
  const sentFiles = out
    .slice(start)
    .filter((e) => e.tool === 'read' && e.via.startsWith('curl sends '))
    .map((e) => e.path ?? '');
  const hosts = out
    .slice(start)
    .map((e) => (e.tool === 'fetch' && e.url ? hostOfUrl(e.url) : undefined))
    .filter((h): h is string => h !== undefined && !isLoopbackHost(h));
  const remote = hosts[0];
  if (stdinSent && c.stdin === undefined) sentFiles.push('(standard input)');
  // a file of the working tree or of a shared data mount or evidence locker sent to a device or
  // server on the private network (an OTA image POSTed to a dev board at 192.168.4.1, a sample
  // submitted to the SOC's own sandbox) leaves nothing where an outsider receives it, as an scp
  // there (remote-copies.ts); each file is still decided as a read
  const lanOnly =
    hosts.every(privateHost) &&
    sentFiles.every(
      (f) => f !== '' && ((!/^[/~$]/.test(f) && !/(?:^|\/)\.\.(?:\/|$)/.test(f) && !f.startsWith('(')) || dataMount(f)),
    );
  if (sentFiles.length && remote && !lanOnly && (embedded || !payloadToService(sentFiles, hosts, out.slice(start))))
    out.push({ tool: 'exec', command: `uploads-remote curl ${remote}`, via: `curl sends a local file to ${remote}` });
}

function wget(c: SimpleCommand, out: Effect[]): void {
  const p = parseArgs(c.argv, [
    '-O',
    '--output-document',
    '-o',
    '--output-file',
    '-P',
    '--directory-prefix',
    '--post-file',
    '--body-file',
    '--post-data',
    '--header',
    '-U',
    '--user-agent',
    '-e',
    '--execute',
    '-i',
    '--input-file',
    '-t',
    '--tries',
    '-T',
    '--timeout',
    '--user',
    '--password',
  ]);
  for (const [k, v] of p.options) {
    if (v === undefined) continue;
    if ((k === '-O' || k === '--output-document') && v !== '-' && v !== '/dev/null')
      out.push(write(v, undefined, `wget writes ${v}`));
    else if (k === '--post-file' || k === '--body-file') out.push(read(v, `wget sends ${v}`));
    else if (k === '--post-data') for (const f of substitutedFiles(v)) out.push(read(f, `wget sends ${f}`));
  }
  for (const w of p.operands) {
    const u = urlOf(w);
    if (u) fetchOrRead(u, `wget reaches ${w}`, out);
  }
}

function httpie(c: SimpleCommand, out: Effect[]): void {
  const p = parseArgs(c.argv, [
    '-a',
    '--auth',
    '-A',
    '--auth-type',
    '-o',
    '--output',
    '--session',
    '--verify',
    '--cert',
    '--cert-key',
    '--proxy',
    '--timeout',
  ]);
  let i = 0;
  if (/^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/.test(p.operands[0] ?? '')) i = 1;
  const target = p.operands[i];
  if (target) {
    const u = urlOf(target) ?? (target.startsWith(':') ? `http://localhost${target}` : undefined);
    if (u) fetchOrRead(u, `${c.argv[0]} reaches ${target}`, out);
  }
  for (const item of p.operands.slice(i + 1)) {
    // name=@file, name:=@file, name@file (a form file), and @file (the body, xh)
    const m = /^(?:[^=:@]+(?:=@|@|:=@)|@)(.+)$/.exec(item);
    if (m) out.push(read(at(m, 1), `${c.argv[0]} sends ${m[1]}`));
  }
}

/** nc/ncat/telnet HOST PORT. */
function hostPort(name: string, withArg: string[]): Deriver {
  return (c, out) => {
    const p = parseArgs(c.argv, withArg);
    if (hasOption(p, '-l', '--listen')) return;
    const [host, port] = p.operands;
    if (host && !host.startsWith('-'))
      out.push(
        fetch(
          `tcp://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}${port && /^\d+$/.test(port) ? ':' + port : ''}`,
          `${name} connects to ${host}${port ? ' ' + port : ''}`,
        ),
      );
  };
}

function socat(c: SimpleCommand, out: Effect[]): void {
  for (const w of c.argv.slice(1)) {
    const m = /^(?:tcp[46]?|openssl|ssl|udp[46]?)(?:-connect)?:([^:,]+|\[[^\]]+\]):(\d+)/i.exec(w);
    if (m) out.push(fetch(`tcp://${m[1]}:${m[2]}`, `socat connects to ${m[1]}:${m[2]}`));
    const e = /^(?:exec|system):(.+?)(?:,(?:pty|stderr|setsid|sigint|sane|ctty|raw|echo=0)\b.*)?$/i.exec(w);
    if (e) out.push({ tool: 'exec', command: at(e, 1).replace(/^['"]|['"]$/g, ''), via: 'socat runs' });
  }
}

function ssh(c: SimpleCommand, out: Effect[]): void {
  const p = parseArgs(c.argv, [
    '-b',
    '-c',
    '-D',
    '-E',
    '-e',
    '-F',
    '-I',
    '-i',
    '-J',
    '-L',
    '-l',
    '-m',
    '-O',
    '-o',
    '-p',
    '-Q',
    '-R',
    '-S',
    '-W',
    '-w',
    '-B',
  ]);
  const host = p.operands[0];
  if (host) out.push(fetch(`ssh://${host}`, `ssh connects to ${host}`));
  for (const [k, v] of p.options) if (k === '-F' && v) out.push(read(v, `ssh reads ${v}`));
}

function scpLike(name: string): Deriver {
  return (c, out) => {
    const p = parseArgs(
      c.argv,
      name === 'rsync'
        ? [
            '-e',
            '--rsh',
            '--exclude',
            '--include',
            '--exclude-from',
            '--include-from',
            '--files-from',
            '--filter',
            '-f',
            '--port',
            '--password-file',
            '--log-file',
            '--chmod',
            '--chown',
            '-B',
            '--block-size',
            '--timeout',
            '--bwlimit',
            '--partial-dir',
            '--backup-dir',
            '--suffix',
            '-T',
            '--temp-dir',
            '--compare-dest',
            '--link-dest',
            '--copy-dest',
          ]
        : ['-c', '-F', '-i', '-J', '-l', '-o', '-P', '-S', '-D'],
    );
    if (p.operands.length < 2) return;
    const dest = at(p.operands, p.operands.length - 1);
    const destHost = dest.startsWith('rsync://') ? urlOf(dest) : remoteHost(dest);
    for (const s of p.operands.slice(0, -1)) {
      const h = s.startsWith('rsync://') ? s : remoteHost(s);
      if (h) out.push(fetch(h.includes('://') ? h : `ssh://${h}`, `${name} copies from ${h}`));
      else out.push(read(s, `${name} sends ${s}`));
    }
    if (destHost)
      out.push(fetch(destHost.includes('://') ? destHost : `ssh://${destHost}`, `${name} copies to ${destHost}`));
    else out.push(write(dest, undefined, `${name} writes ${dest}`));
    // `rsync -a --delete EMPTY/ DIR/` (an empty-named folder or a fresh mktemp -d): DIR is emptied,
    // a delete of everything it held (the shell reading also spells it `rm -rf DIR`)
    const src = p.operands[0] ?? '';
    // `-n`/`--dry-run` lists what would go and deletes nothing
    if (name === 'rsync' && c.argv.some((w) => w === '--dry-run' || /^-[a-zA-Z]*n[a-zA-Z]*$/.test(w))) return;
    // `rsync -a --delete /tmp/x/ /mnt/nfs/records/`: a scratch folder under /tmp mirrored onto a
    // folder named for data replaces what the data folder held with whatever the scratch holds
    // (wide-deletes.ts judges the destination as it judges a folder's delete)
    const scratchSrc = /^\/(?:tmp|var\/tmp|dev\/shm)\/[^/]+\/?$/.test(src);
    if (
      name === 'rsync' &&
      !destHost &&
      scratchSrc &&
      p.operands.length === 2 &&
      !emptySource(src) &&
      c.argv.some((w) => w === '--del' || w.startsWith('--delete')) &&
      namedDataTree(dest)
    )
      out.push({
        tool: 'delete',
        path: dest.replace(/(.)\/+$/, '$1'),
        via: `rsync --delete from the scratch folder ${src} empties ${dest} of all it does not hold`,
      });
    // the same onto another machine (`rsync -a --delete /tmp/empty/ nas01:/volume1/projects/`):
    // the remote folder is emptied, judged by its path as a delete sent over ssh is
    const remotePath = /^(?:[\w.-]+@)?[A-Za-z0-9][\w.-]+:(\/[^:]*)$/.exec(dest)?.[1];
    if (
      name === 'rsync' &&
      remotePath &&
      p.operands.length === 2 &&
      c.argv.some((w) => w === '--del' || w.startsWith('--delete')) &&
      emptySource(src)
    )
      out.push({
        tool: 'delete',
        path: remotePath.replace(/(.)\/+$/, '$1'),
        via: `rsync --delete from the empty ${src} empties ${dest}`,
      });
    if (
      name === 'rsync' &&
      !destHost &&
      p.operands.length === 2 &&
      c.argv.some((w) => w === '--del' || w.startsWith('--delete')) &&
      emptySource(src)
    )
      out.push({
        tool: 'delete',
        path: dest.replace(/(.)\/+$/, '$1'),
        via: `rsync --delete from the empty ${src} empties ${dest}`,
      });
  };
}

/**
 * The working tree git is pointed at by `-C DIR` (each one relative to the last) or
 * `--work-tree DIR`, when the line names one; undefined for the current directory.
 */
function gitTree(a: string[], end: number): string | undefined {
  let dir: string | undefined;
  let tree: string | undefined;
  for (let k = 1; k < end; k++) {
    const w = at(a, k);
    if (w === '-C' && a[k + 1] !== undefined) {
      const d = at(a, k + 1);
      dir = dir === undefined || /^[/~$]/.test(d) ? d : `${dir.replace(/\/+$/, '')}/${d}`;
    } else if (w === '--work-tree' && a[k + 1] !== undefined) tree = at(a, k + 1);
    else if (w.startsWith('--work-tree=')) tree = w.slice('--work-tree='.length);
  }
  const t = tree ?? dir;
  return t && t !== '.' && t !== './' ? t.replace(/(.)\/+$/, '$1') : undefined;
}

/** Subcommands that rewrite the whole working tree to another state (git-reset(1) --hard, git-clean(1), git-stash(1), switching branches, merging). */
function rewritesTree(sub: string, rest: string[]): boolean {
  const r = rest.slice(1);
  if (sub === 'reset') return r.includes('--hard') || r.includes('--merge') || r.includes('--keep');
  if (sub === 'clean')
    return r.some((w) => /^-[a-zA-Z]*f|^--force$/.test(w)) && !r.some((w) => /^-[a-zA-Z]*n|^--dry-run$/.test(w));
  // `checkout -- .` / `restore .` put every file back; `checkout BRANCH` switches the whole tree
  // (paths after `--` are gitRestore's, rebased onto the tree one by one)
  if (sub === 'restore') return r.includes('.');
  if (sub === 'checkout') return r.includes('.') || (!r.includes('--') && r.some((w) => !w.startsWith('-')));
  return ['stash', 'pull', 'merge', 'rebase', 'switch', 'am', 'apply', 'cherry-pick', 'revert'].includes(sub);
}

function git(c: SimpleCommand, out: Effect[]): void {
  const a = c.argv;
  let i = 1;
  while (i < a.length && at(a, i).startsWith('-'))
    i += a[i] === '-c' || a[i] === '-C' || a[i] === '--git-dir' || a[i] === '--work-tree' ? 2 : 1;
  const sub = a[i];
  const rest = a.slice(i);
  // `git -C DIR checkout -- f` writes DIR/f as `cd DIR && git checkout -- f` does: every relative
  // path of the working tree lands in DIR, and a subcommand that rewrites the whole tree writes DIR
  const tree = gitTree(a, i);
  if (tree !== undefined && sub !== undefined) {
    const own: Effect[] = [];
    gitSub(a, i, sub, rest, own);
    for (const e of own) {
      out.push(e);
      if (e.path && !/^(?:\/|~|\$)/.test(e.path) && !e.path.includes('://'))
        out.push({ ...e, path: `${tree}/${e.path.replace(/^\.\//, '')}`, via: `${e.via ?? ''} (under ${tree})` });
    }
    if (sub !== 'diff' && rewritesTree(sub, rest))
      out.push(write(tree, undefined, `git ${sub} rewrites the working tree ${tree}`));
    return;
  }
  gitSub(a, i, sub, rest, out);
}

function gitSub(a: string[], i: number, sub: string | undefined, rest: string[], out: Effect[]): void {
  if (
    sub === 'clone' ||
    sub === 'push' ||
    sub === 'pull' ||
    sub === 'fetch' ||
    sub === 'ls-remote' ||
    sub === 'submodule'
  ) {
    for (const w of rest.slice(1)) {
      const u = /^[a-z][a-z0-9+.-]*:\/\//i.test(w) ? w : remoteHost(w) ? `ssh://${remoteHost(w)}` : undefined;
      if (u) fetchOrRead(u, `git ${sub} reaches ${w}`, out);
    }
  } else if (sub === 'config') {
    const p = parseArgs(['config', ...rest.slice(1)], ['-f', '--file', '--type', '--default', '--blob']);
    const global = hasOption(p, '--global');
    const system = hasOption(p, '--system');
    const file = optionValue(p, '-f', '--file');
    const reading = p.options.some(([k]) =>
      /^--(get|get-all|get-regexp|list|unset|unset-all|remove-section|rename-section|show-origin)$|^-l$/.test(k),
    );
    if (reading || p.operands.length < 2) return;
    const target = file ?? (global ? '~/.gitconfig' : system ? '/etc/gitconfig' : undefined);
    const text = `${p.operands[0]} = ${p.operands.slice(1).join(' ')}\n`;
    if (target) out.push(write(target, text, `git config writes ${target}`));
    // the repository's own configuration: what the value makes git run or load
    else out.push(...(startupPlant('.git/config', text) ?? []));
  } else if (sub === 'checkout' || sub === 'restore') gitRestore(sub, rest, out);
  else if (sub === 'diff' && rest.includes('--no-index')) {
    // `git diff --no-index A B` prints both files whole as added lines (git-diff(1)); `-C DIR`
    // names the folder relative paths are read from
    const dir = a[a.indexOf('-C') + 1];
    const base = a.indexOf('-C') > 0 && a.indexOf('-C') < i && dir ? dir.replace(/\/$/, '') + '/' : '';
    const files = rest.slice(1).filter((w) => !w.startsWith('-') && w !== '/dev/null');
    for (const f of files) out.push(read(/^[/~$]/.test(f) ? f : base + f, `git diff --no-index prints ${f}`));
  } else if (sub === 'rm' || sub === 'mv') gitRemoveMove(sub, rest, out);
}

/**
 * `git rm PATHS` deletes them from the working tree as rm does (not with --cached); `git mv SRC
 * DST` moves as mv does. Paths after `--` are operands whatever they look like.
 */
function gitRemoveMove(sub: string, rest: string[], out: Effect[]): void {
  const ops: string[] = [];
  let dashed = false;
  for (const w of rest.slice(1)) {
    if (!dashed && w === '--') dashed = true;
    else if (dashed || !w.startsWith('-')) ops.push(w);
    else if (sub === 'rm' && (w === '--cached' || w === '-n' || w === '--dry-run')) return;
    else if (sub === 'mv' && (w === '-n' || w === '--dry-run')) return;
  }
  if (sub === 'rm') {
    for (const f of ops) out.push({ tool: 'delete', path: f, via: `git rm deletes ${f}` });
    return;
  }
  if (ops.length < 2) return;
  const dest = at(ops, ops.length - 1);
  for (const f of ops.slice(0, -1)) out.push({ tool: 'delete', path: f, via: `git mv moves ${f} away` });
  out.push(write(dest, undefined, `git mv writes ${dest}`));
}

/** `git checkout REF -- PATHS` / `git restore --source=REF PATHS` write each path with REF's text. */
function gitRestore(sub: string, rest: string[], out: Effect[]): void {
  const dash = rest.indexOf('--');
  const paths =
    dash >= 0
      ? rest.slice(dash + 1)
      : sub === 'restore'
        ? rest.slice(1).filter((w, k, all) => !w.startsWith('-') && all[k - 1] !== '-s' && all[k - 1] !== '--source')
        : [];
  for (const f of paths) if (f && f !== '.') out.push(write(f, undefined, `git ${sub} writes ${f}`));
}

function crontab(c: SimpleCommand, out: Effect[]): void {
  const p = parseArgs(c.argv, ['-u']);
  if (hasOption(p, '-l', '-r', '-e')) return;
  const f = p.operands[0];
  if (f && f !== '-') out.push(read(f, `crontab installs ${f}`));
  out.push(
    write('/var/spool/cron/crontabs/user', f && f !== '-' ? undefined : c.stdin, 'crontab replaces the cron table'),
  );
}

function dd(c: SimpleCommand, out: Effect[]): void {
  for (const w of c.argv.slice(1)) {
    if (w.startsWith('of=')) out.push(write(w.slice(3), c.stdin, `dd writes ${w.slice(3)}`));
    else if (w.startsWith('if=')) out.push(read(w.slice(3), `dd reads ${w.slice(3)}`));
  }
}

function tee(c: SimpleCommand, out: Effect[]): void {
  const p = parseArgs(c.argv);
  for (const f of p.operands) out.push(write(f, c.stdin, `tee writes ${f}`));
}

function touchLike(name: string, withArg: string[]): Deriver {
  return (c, out) => {
    for (const f of parseArgs(c.argv, withArg).operands)
      out.push(write(f, name === 'truncate' ? '' : undefined, `${name} writes ${f}`));
  };
}

function chmodLike(name: string): Deriver {
  return (c, out) => {
    const p = parseArgs(c.argv, ['--reference']);
    const ops = optionValue(p, '--reference') !== undefined ? p.operands : p.operands.slice(1);
    for (const f of ops) out.push({ tool: 'chmod', path: f, via: `${name} changes ${f}` });
  };
}

function remove(name: string): Deriver {
  return (c, out) => {
    for (const f of parseArgs(c.argv, name === 'shred' ? ['-n', '-s'] : []).operands)
      out.push({ tool: 'delete', path: f, via: `${name} deletes ${f}` });
  };
}

function archive(c: SimpleCommand, out: Effect[]): void {
  const name = basename(at(c.argv, 0));
  if (name === 'tar') {
    const p = parseArgs(c.argv, [
      '-f',
      '--file',
      '-C',
      '--directory',
      '-T',
      '--files-from',
      '--exclude',
      '-X',
      '--exclude-from',
      '-I',
      '--use-compress-program',
      '--transform',
      '--owner',
      '--group',
      '--mode',
      '--checkpoint-action',
    ]);
    const flags = c.argv[1] && !c.argv[1].startsWith('-') ? c.argv[1] : '';
    const creating = hasOption(p, '-c', '--create', '-r', '--append', '-u') || flags.includes('c');
    let ops = p.operands;
    let file = optionValue(p, '-f', '--file');
    if (flags) {
      ops = ops.slice(1);
      if (flags.includes('f') && file === undefined) file = ops.shift();
    }
    // `tar czf out.tgz -C ~/.node validators secrets`: tar changes into the -C folder before it
    // packs the names after it, so a relative name is read inside that folder
    const dir = optionValue(p, '-C', '--directory');
    const inside = (f: string): string =>
      dir === undefined || dir === '' || /^(?:[/~$]|[A-Za-z]:[\\/])/.test(f) ? f : `${dir.replace(/\/+$/, '')}/${f}`;
    // `tar -xf a.tar -C ~ .svc/config.yaml`: the members named are the files written, inside the
    // -C folder (or the working directory a `cd` chose, cwd-paths.ts)
    if (!creating && (hasOption(p, '-x', '--extract', '--get') || flags.includes('x'))) {
      // a clustered -f (`-xzf A.tgz`) leaves the archive among the operands: it is read, not written
      const clustered = file === undefined && c.argv.some((w) => /^-[A-Za-z]*f[A-Za-z]*$/.test(w));
      const members = clustered ? ops.slice(1) : ops;
      for (const f of members)
        if (!f.includes('*') && f !== file) out.push(write(inside(f), undefined, `tar unpacks ${inside(f)}`));
      return;
    }
    if (!creating) return;
    if (file && file !== '-') out.push(write(file, undefined, `tar writes ${file}`));
    for (const f of ops) out.push(read(inside(f), `tar packs ${inside(f)}`));
    return;
  }
  // zip [-r] OUT.zip PATHS..., 7z a OUT PATHS
  const p = parseArgs(c.argv, ['-P', '--password', '-x', '-i', '-b', '-n', '-t', '-tt']);
  let ops = p.operands;
  if (name === '7z' || name === '7za') {
    // `7z x A.7z MEMBERS... -oDIR`: the members named are the files written, inside DIR
    if (ops[0] === 'x' || ops[0] === 'e') {
      const dir = c.argv.find((w) => /^-o./.test(w))?.slice(2);
      for (const f of ops.slice(2)) {
        if (f.includes('*') || f.includes('?')) continue;
        const path = dir === undefined || /^[/~$]/.test(f) ? f : `${dir.replace(/\/+$/, '')}/${f}`;
        out.push(write(path, undefined, `${name} unpacks ${path}`));
      }
      return;
    }
    if (ops[0] !== 'a') return;
    ops = ops.slice(1);
  }
  if (!ops.length) return;
  out.push(write(at(ops, 0), undefined, `${name} writes ${ops[0]}`));
  for (const f of ops.slice(1)) out.push(read(f, `${name} packs ${f}`));
}

/**
 * `unzip [-o] A.zip [MEMBERS...] [-d DIR]`: the members named are the files written, inside DIR
 * (unzip(1)); `-x` lists members left out. Without members what is written is not known here.
 */
function unzip(c: SimpleCommand, out: Effect[]): void {
  const p = parseArgs(c.argv, ['-d', '-x', '-P']);
  const [zipFile, ...members] = p.operands;
  if (!zipFile) return;
  const dir = optionValue(p, '-d');
  const skip = new Set<string>();
  const x = c.argv.indexOf('-x');
  if (x > 0) for (const w of c.argv.slice(x + 1)) if (!w.startsWith('-')) skip.add(w);
  for (const f of members) {
    if (skip.has(f) || f.includes('*') || f.includes('?')) continue;
    const path = dir === undefined || /^(?:[/~$])/.test(f) ? f : `${dir.replace(/\/+$/, '')}/${f}`;
    out.push(write(path, undefined, `unzip unpacks ${path}`));
  }
}

const TABLE: Record<string, Deriver> = table({
  unzip,
  tee,
  dd,
  cp: copyLike('cp', ['-t', '--target-directory', '-S', '--suffix'], true, false),
  mv: copyLike('mv', ['-t', '--target-directory', '-S', '--suffix'], false, true),
  install: copyLike(
    'install',
    ['-t', '--target-directory', '-m', '--mode', '-o', '--owner', '-g', '--group', '-S', '--suffix'],
    true,
    false,
  ),
  ln: copyLike('ln', ['-t', '--target-directory', '-S', '--suffix'], false, false),
  truncate: touchLike('truncate', ['-s', '--size', '-r', '--reference']),
  touch: touchLike('touch', ['-d', '--date', '-t', '-r', '--reference']),
  // fallocate(1) makes or grows a file to a length: a file written, and a disk filled
  fallocate: touchLike('fallocate', ['-l', '--length', '-o', '--offset']),
  // a named pipe in a file's place: whatever writes the file then blocks or writes into it
  mkfifo: touchLike('mkfifo', ['-m', '--mode', '-Z', '--context']),
  chmod: chmodLike('chmod'),
  chown: chmodLike('chown'),
  chgrp: chmodLike('chgrp'),
  chattr: chmodLike('chattr'),
  setfacl: chmodLike('setfacl'),
  rm: remove('rm'),
  unlink: remove('unlink'),
  rmdir: remove('rmdir'),
  shred: remove('shred'),
  srm: remove('srm'),
  grep: scriptFirst('grep', GREP_ARG, ['-e', '-f', '--regexp', '--file']),
  egrep: scriptFirst('egrep', GREP_ARG, ['-e', '-f']),
  fgrep: scriptFirst('fgrep', GREP_ARG, ['-e', '-f']),
  rg: scriptFirst('rg', GREP_ARG, ['-e', '-f', '--regexp']),
  ag: scriptFirst('ag', GREP_ARG, []),
  awk: scriptFirst('awk', ['-F', '-v', '-f'], ['-f']),
  gawk: scriptFirst('gawk', ['-F', '-v', '-f'], ['-f']),
  sed: scriptFirst('sed', ['-e', '-f', '--expression', '--file', '-l'], ['-e', '-f', '--expression', '--file']),
  curl,
  wget,
  http: httpie,
  https: httpie,
  // `az rest --method post --url URL` (Azure CLI reference, az rest) sends a request to any Azure
  // or Microsoft Graph endpoint with the signed-in identity: it reaches its URL as curl does, so
  // an endpoint named for an action (`managedDevices/{id}/wipe`, `.../retire`) is read the same
  az: (c, out) => {
    if (c.argv[1] !== 'rest') return;
    for (let i = 2; i < c.argv.length; i++) {
      const w = c.argv[i] ?? '';
      const m = /^(?:--uri|--url|-u)(?:=(.*))?$/.exec(w);
      if (!m) continue;
      const v = m[1] ?? c.argv[i + 1] ?? '';
      if (/^https?:\/\//i.test(v)) out.push(fetch(v, `az rest reaches ${v}`));
    }
  },
  xh: httpie,
  xhs: httpie,
  // curlie takes curl's options and httpie's items
  curlie: (c, out) => {
    curl(c, out);
    httpie(c, out);
  },
  nc: hostPort('nc', ['-p', '-s', '-w', '-i', '-q', '-e', '-c', '-x', '-X', '-O', '-I']),
  ncat: hostPort('ncat', ['-p', '-s', '-w', '-i', '-e', '-c', '--exec', '--sh-exec', '-x']),
  netcat: hostPort('netcat', ['-p', '-s', '-w', '-i', '-q', '-e', '-c']),
  telnet: hostPort('telnet', ['-l', '-b', '-e', '-n']),
  socat,
  ssh,
  scp: scpLike('scp'),
  rsync: scpLike('rsync'),
  git,
  crontab,
  tar: archive,
  zip: archive,
  '7z': archive,
  '7za': archive,
});
for (const n of CAT_LIKE) TABLE[n] ??= catLike(n);

/** Writes a redirection makes: > and >> (any fd), &>, >|, <>; < reads its target. */
function redirections(c: SimpleCommand, out: Effect[]): void {
  const name = basename(c.argv[0] ?? '');
  const content =
    name === 'echo' || name === 'printf'
      ? echoText(c.argv)
      : name === 'cat' && c.argv.length === 1
        ? c.stdin
        : undefined;
  for (const r of c.redirs) {
    const t = r.target;
    if (!t || /^\/dev\/(null|stdout|stderr|tty|fd\/\d+)$/.test(t)) continue;
    const sock = /^\/dev\/(tcp|udp)\/([^/\s]+)\/(\d+)$/.exec(t);
    if (sock) {
      // bash opens a connection for /dev/tcp/HOST/PORT: a fetch of that host and port
      const host = (sock[2] ?? '').includes(':') ? `[${sock[2] ?? ''}]` : (sock[2] ?? '');
      out.push(
        fetch(`${sock[1] ?? 'tcp'}://${host}:${sock[3] ?? ''}`, `connects to ${sock[2] ?? ''} port ${sock[3] ?? ''}`),
      );
      if (sock[1] === 'tcp')
        out.push(fetch(`http://${host}:${sock[3] ?? ''}/`, `connects to ${sock[2] ?? ''} port ${sock[3] ?? ''}`));
    }
    if (r.op === '<') out.push(read(t, `reads ${t}`));
    else if (r.op === '<>') out.push(write(t, undefined, `opens ${t} for writing`));
    else {
      const w = write(t, r.fd === '2' ? undefined : content, `writes ${t}`);
      out.push(r.op === '>>' ? { ...w, append: true } : w);
    }
  }
}

/** openssl s_client -connect host:port */
function opensslConnect(c: SimpleCommand, out: Effect[]): void {
  const p = parseArgs(c.argv, ['-connect', '-servername', '-proxy']);
  const t = optionValue(p, '-connect');
  if (t) out.push(fetch(`tcp://${t}`, `openssl connects to ${t}`));
}

/**
 * Well-known secret files, home-relative, that a glob operand may name (`cat ~/.aws/cred*`):
 * the shell expands it before the program runs, so the read is a read of these.
 */
const KNOWN_SECRET_FILES = [
  '~/.aws/credentials',
  '~/.aws/config',
  '~/.ssh/id_rsa',
  '~/.ssh/id_ed25519',
  '~/.ssh/id_ecdsa',
  '~/.ssh/id_dsa',
  '~/.netrc',
  '~/.git-credentials',
  '~/.kube/config',
  '~/.docker/config.json',
  '~/.npmrc',
  '~/.pypirc',
  '~/.config/gh/hosts.yml',
  '~/.claude/.credentials.json',
  '~/.codex/auth.json',
  '~/.svc/token',
  '~/.svc/tokens.json',
  '~/.vault-token',
  '~/.pgpass',
  '~/.my.cnf',
  '~/.bash_history',
  '~/.zsh_history',
  '~/.config/gcloud/credentials.db',
  '~/.config/gcloud/application_default_credentials.json',
  '~/.azure/msal_token_cache.json',
  '/etc/shadow',
  '/etc/gshadow',
  '.env',
  '.env.local',
  '.env.production',
];

function globRegex(glob: string): RegExp | undefined {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = at(glob, i);
    if (ch === '*') re += '[^/]*';
    else if (ch === '?') re += '[^/]';
    else if (ch === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) return undefined;
      re +=
        '[' +
        glob
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\') +
        ']';
      i = end;
    } else re += ch.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  try {
    return new RegExp(`^${re}$`, 'i');
  } catch {
    return undefined;
  }
}

/** A glob operand's matches among the well-known secret files, as extra effects of the same kind. */
export function expandGlobs(out: Effect[], from: number): void {
  const n = out.length;
  for (let i = from; i < n; i++) {
    const e = at(out, i);
    if (!e.path || !/[*?[]/.test(e.path)) continue;
    const p = e.path.replace(/^\$HOME(?=\/)|^\$\{HOME\}(?=\/)|^\/(?:home\/[^/]+|root|Users\/[^/]+)(?=\/)/, '~');
    for (const known of knownMatches(p)) out.push({ ...e, path: known, via: `${e.via} (${known})` });
    // `cp x ~/.s*c/policies/`: the pattern is in a directory of the path, and that directory may be
    // one of the known ones; the file under it is what is touched
    const end = p.indexOf('/', Math.max(p.lastIndexOf('*'), p.lastIndexOf('?'), p.lastIndexOf(']')));
    if (end > 0 && end < p.length - 1)
      for (const known of knownMatches(p.slice(0, end)))
        out.push({ ...e, path: known + p.slice(end), via: `${e.via} (${known + p.slice(end)})` });
    // `/srv/app/.env*`, `config/.env*`: a project's own secret files (.env and its variants) in
    // whatever folder the glob names, when only its last part is a pattern and it starts with a
    // name (`.env*`; a bare `*` is what a listing reads, and its files are known otherwise)
    const slash = e.path.lastIndexOf('/');
    if (slash < 0 || /[*?[]/.test(e.path.slice(0, slash)) || /^[*?[]/.test(e.path.slice(slash + 1))) continue;
    const dir = e.path.slice(0, slash);
    for (const known of knownMatches(e.path.slice(slash + 1)).filter((k) => !k.includes('/')))
      out.push({ ...e, path: `${dir}/${known}`, via: `${e.via} (${dir}/${known})` });
  }
}

/** Glob operands whose matches among the known files are kept (they depend on the glob alone). */
const GLOB_CACHE_ENTRIES = 1024;
const globCache = new Map<string, string[]>();

function knownMatches(glob: string): string[] {
  let hit = globCache.get(glob);
  if (hit) return hit;
  const re = globRegex(glob);
  hit = re ? [...KNOWN_SECRET_FILES, ...PROTECTED_GLOB_TARGETS].filter((known) => re.test(known)) : [];
  // A small bound, emptied whole when reached: cheaper than evicting one by one.
  if (globCache.size >= GLOB_CACHE_ENTRIES) globCache.clear();
  if (glob.length <= 1024) globCache.set(glob, hit);
  return hit;
}

/**
 * The effects of one simple command's own program and redirections. With `line` (the keys of the
 * line the command is in), readings whose applicability key the line misses are not called.
 */
export function programEffects(c: SimpleCommand, out: Effect[], line?: LineKeys): void {
  const from = out.length;
  programEffectsRaw(c, out, line);
  egressEffects(c, out);
  powershellReads(c, out);
  expandGlobs(out, from);
}

function programEffectsRaw(c: SimpleCommand, out: Effect[], line: LineKeys | undefined): void {
  // First, so a write of nothing is the one kept when the same path is written twice.
  clobberEffects(c, out);
  redirections(c, out);
  if (!c.argv.length) return;
  const name = basename(at(c.argv, 0));
  if (name === 'openssl' && c.argv[1] === 's_client') return opensslConnect(c, out);
  const d = TABLE[name];
  if (d) d(c, out);
  // `python3 -c "...sys.argv[1]..." ~`: the code read with its arguments in place.
  if (c.argv.length > 3) out.push(...argvBoundEffects(c));
  // `DATABASE_URL=postgres://prod-db/app npx prisma migrate reset`: a wipe and where it points.
  if (c.argv.length > 1 && mayApply(DATA_RESET_KEY, c, line)) out.push(...dataResetEffects(c));
  if (name === 'perl' && c.argv.some((w) => /^-[a-zA-Z]*i/.test(w)))
    scriptFirst('perl', ['-e', '-E', '-M', '-I'], ['-e', '-E'])(c, out);
  else if ((name === 'perl' || name === 'ruby') && readsOperands(c.argv))
    scriptFirst(name, ['-e', '-E', '-M', '-I', '-r'], ['-e', '-E'])(c, out);
}

/**
 * perl and ruby one-liners that read the files named after the code, as awk does: the -n and -p
 * loops (perlrun, ruby(1): `perl -ne print FILE`, `ruby -pe '' FILE`), and code that reads its
 * operands itself (perl's `<>`, `<<>>`, `<ARGV>`; ruby's ARGF, `$<`, a bare `gets`/`readlines`).
 */
function readsOperands(argv: string[]): boolean {
  let loop = false;
  let code = '';
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (!w.startsWith('-') || w === '--') break;
    if (/^-[a-zA-Z]+$/.test(w) && /[np]/.test(w.replace(/[eE].*$/, ''))) loop = true;
    if (/[eE]$/.test(w) && /^-[a-zA-Z]+$/.test(w)) code += argv[++i] ?? '';
    else if (w === '-M' || w === '-I' || w === '-r') i++;
  }
  return loop || /<<?>>?|<ARGV>|\bARGF\b|\$<|^\s*(?:puts\s+)?(?:gets|readlines)\b/.test(code);
}

export type { ParsedArgs };
