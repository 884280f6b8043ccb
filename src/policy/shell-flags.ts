// Equivalent spellings of one command for restrictive matching: `rm --recursive --force /`,
// `rm -r -f /`, `rm -fr /` and `rm / -rf` all read as `rm -rf /` (docs/policy.md "canonical rm
// forms", generalised to a few other commands whose flags are unambiguous), plus one
// `rm -rf <operand>` per operand and the deletions that `find -delete` / `find -exec rm` imply.
import { posix } from 'node:path';
import { at, present } from '../util/invariant.js';
import { table } from '../util/lookup-table.js';

interface FlagSpec {
  /** Flag letters that take no argument (after alias mapping). */
  letters: string;
  /** Letters spelled two ways (rm -R = rm -r). */
  alias?: Record<string, string>;
  /** Letters placed first, in this order, in the canonical cluster (so rm reads -rf). */
  order: string;
  /** Long spelling -> letter. */
  long: Record<string, string>;
}

const SPECS: Record<string, FlagSpec> = table({
  rm: {
    letters: 'rfidvI',
    alias: { R: 'r' },
    order: 'rf',
    long: { recursive: 'r', force: 'f', dir: 'd', verbose: 'v', interactive: 'i' },
  },
  chmod: { letters: 'Rcfv', order: 'R', long: { recursive: 'R', changes: 'c', silent: 'f', quiet: 'f', verbose: 'v' } },
  chown: {
    letters: 'RcfvhHLP',
    order: 'R',
    long: { recursive: 'R', changes: 'c', silent: 'f', quiet: 'f', verbose: 'v', 'no-dereference': 'h' },
  },
  chgrp: {
    letters: 'RcfvhHLP',
    order: 'R',
    long: { recursive: 'R', changes: 'c', silent: 'f', quiet: 'f', verbose: 'v', 'no-dereference': 'h' },
  },
  cp: {
    letters: 'rfiavpdlsuxn',
    alias: { R: 'r' },
    order: 'rf',
    long: { recursive: 'r', force: 'f', archive: 'a', verbose: 'v', interactive: 'i' },
  },
  mv: { letters: 'fivnu', order: 'f', long: { force: 'f', verbose: 'v', 'no-clobber': 'n', interactive: 'i' } },
  shred: { letters: 'fuvxz', order: 'fuz', long: { force: 'f', remove: 'u', verbose: 'v', exact: 'x', zero: 'z' } },
  'git push': {
    letters: 'fuvqn',
    order: 'f',
    long: { force: 'f', 'set-upstream': 'u', verbose: 'v', quiet: 'q', 'dry-run': 'n' },
  },
  'git clean': { letters: 'fdxXnqi', order: 'fdx', long: { force: 'f', 'dry-run': 'n', quiet: 'q', interactive: 'i' } },
});

const LONG_OF: Record<string, Record<string, string>> = table({});
for (const [k, s] of Object.entries(SPECS)) {
  const longs: Record<string, string> = {};
  LONG_OF[k] = longs;
  for (const [name, letter] of Object.entries(s.long)) longs[letter] ??= name;
}

/** Most operands an rm may have before the command is treated as too large to analyse. */
export const RM_MAX_OPERANDS = 256;

export interface FlagReading {
  /** The command words the flags belong to: ['rm'] or ['git', 'push']. */
  head: string[];
  /** Canonically ordered flag letters. */
  letters: string;
  /** Everything else, in the original order. */
  args: string[];
  /** Operands: args that are not options (all args after `--`). */
  operands: string[];
}

function specKey(words: string[]): string | undefined {
  const first = words[0];
  if (first === undefined) return undefined;
  if (first === 'git' && words[1] && SPECS[`git ${words[1]}`]) return `git ${words[1]}`;
  return SPECS[first] ? first : undefined;
}

/** Reads the flags of a known command; undefined for commands without a flag table. */
export function readFlags(words: string[]): FlagReading | undefined {
  const key = specKey(words);
  if (!key) return undefined;
  const sp = present(SPECS[key], 'the flag table of a command with flags');
  const head = key.split(' ');
  const seen: string[] = [];
  const args: string[] = [];
  const operands: string[] = [];
  let options = true;
  for (let i = head.length; i < words.length; i++) {
    const w = at(words, i);
    if (options && w === '--') {
      options = false;
      continue;
    }
    const l = options && w.startsWith('--') ? sp.long[w.slice(2)] : undefined;
    if (l) {
      if (!seen.includes(l)) seen.push(l);
      continue;
    }
    if (options && w.length > 1 && w[0] === '-' && w[1] !== '-') {
      const mapped = [...w.slice(1)].map((c) => sp.alias?.[c] ?? c);
      if (mapped.every((c) => sp.letters.includes(c))) {
        for (const c of mapped) if (!seen.includes(c)) seen.push(c);
        continue;
      }
    }
    args.push(w);
    if (!options || !w.startsWith('-') || w === '-') operands.push(w);
  }
  const ordered = [...sp.order].filter((c) => seen.includes(c));
  for (const c of seen) if (!ordered.includes(c)) ordered.push(c);
  return { head, letters: ordered.join(''), args, operands };
}

/**
 * Other spellings of the same command: flags gathered into one canonical short cluster before
 * the operands, and the same with long names (`git push --force ...`). For commands without a
 * table, separate single-letter flags right after the program are merged into one cluster.
 */
export function canonicalForms(words: string[]): string[] {
  const out: string[] = [];
  const r = readFlags(words);
  if (r) {
    if (r.letters) {
      out.push([...r.head, '-' + r.letters, ...r.args].join(' '));
      const longOf = present(LONG_OF[r.head.join(' ')], 'the long flags of a command with flags');
      out.push(
        [...r.head, ...[...r.letters].map((c) => (longOf[c] ? '--' + longOf[c] : '-' + c)), ...r.args].join(' '),
      );
    }
    return out;
  }
  let j = 1;
  while (j < words.length && /^-[A-Za-z]$/.test(at(words, j))) j++;
  if (j > 2)
    out.push(
      [
        words[0],
        '-' +
          words
            .slice(1, j)
            .map((w) => w[1])
            .join(''),
        ...words.slice(j),
      ].join(' '),
    );
  return out;
}

/** Absolute and dot-dot operands are path-cleaned (`/tmp/../` reads as `/`). */
export function cleanOperand(op: string): string {
  if (!op.startsWith('/') && !op.includes('..')) return op;
  let c = posix.normalize(op);
  if (c.length > 1 && c.endsWith('/')) c = c.slice(0, -1);
  return c;
}

/**
 * `rm -<flags> <operand>` for each operand of an rm (and `rm -rf <operand>` when it is
 * recursive, whatever other flags come along). Null when there are too many operands.
 */
export function rmAliases(words: string[]): string[][] | null {
  if (words[0] !== 'rm') return [];
  // rm has a flag table, so its words always have a reading
  const r = present(readFlags(words), 'the flags of rm');
  if (r.operands.length > RM_MAX_OPERANDS) return null;
  // Without a terminal rm never prompts, so a recursive rm removes everything that -rf would
  // (and `yes | rm -ri` answers its prompts): any recursive rm is also read as `rm -rf`.
  const both = r.letters.includes('r');
  return r.operands.map((op) => {
    const target = cleanOperand(op);
    const forms: string[] = [];
    if (r.letters) forms.push(`rm -${r.letters} ${target}`);
    else forms.push(`rm ${target}`);
    if (both && r.letters !== 'rf') forms.push(`rm -rf ${target}`);
    return forms;
  });
}

export interface FindReading {
  /** Start points (default "."). */
  starts: string[];
  /** Whether it deletes what it finds (-delete). */
  deletes: boolean;
  /** Some test narrows what is found (-name, -type, ...): the start points are not wiped whole. */
  filtered: boolean;
  /** Commands run by -exec/-execdir/-ok/-okdir; {} stands for each start point when unfiltered. */
  payloads: string[][];
}

/** Start points bounded: find rarely has more, and each one multiplies the readings. */
const FIND_MAX_STARTS = 16;
/** Tests that narrow which files are found; others (-type, -mindepth, -xdev ...) still hit all of them. */
const FIND_NARROWING = new Set([
  '-name',
  '-iname',
  '-path',
  '-ipath',
  '-wholename',
  '-iwholename',
  '-regex',
  '-iregex',
  '-lname',
  '-ilname',
  '-newer',
  '-anewer',
  '-cnewer',
  '-mtime',
  '-mmin',
  '-atime',
  '-amin',
  '-ctime',
  '-cmin',
  '-used',
  '-size',
  '-user',
  '-group',
  '-uid',
  '-gid',
  '-nouser',
  '-nogroup',
  '-perm',
  '-inum',
  '-samefile',
  '-links',
  '-empty',
]);
/** Name tests that match everything, whatever their spelling (-name '*'). */
const MATCH_ALL = new Set(['*', '**']);

export function readFind(words: string[]): FindReading | undefined {
  if (words[0] !== 'find') return undefined;
  let i = 1;
  while (i < words.length && ['-H', '-L', '-P'].includes(at(words, i))) i++;
  const starts: string[] = [];
  while (i < words.length && !/^[-(!)]/.test(at(words, i))) starts.push(at(words, i++));
  if (!starts.length) starts.push('.');
  const cleaned = starts.slice(0, FIND_MAX_STARTS).map(cleanOperand);
  let deletes = false;
  let filtered = false;
  const payloads: string[][] = [];
  for (; i < words.length; i++) {
    const w = at(words, i);
    if (w === '-delete') deletes = true;
    else if (w === '-exec' || w === '-execdir' || w === '-ok' || w === '-okdir') {
      const cmd: string[] = [];
      for (i++; i < words.length && words[i] !== ';' && words[i] !== '+'; i++) cmd.push(at(words, i));
      if (cmd.length) payloads.push(cmd);
    } else if (
      (w === '-name' || w === '-iname' || w === '-path' || w === '-ipath' || w === '-wholename') &&
      MATCH_ALL.has(words[i + 1] ?? '')
    )
      i++;
    else if (FIND_NARROWING.has(w) || w.startsWith('-newer')) filtered = true;
  }
  const expanded = filtered
    ? payloads
    : payloads.flatMap((cmd) => cleaned.map((s) => cmd.map((x) => x.replace(/\{\}/g, s))));
  return { starts: cleaned, deletes, filtered, payloads: expanded };
}

/** Start points that search the whole disk, every home directory or one of them. */
const BROAD_START =
  /^(?:\/|~\/?|\$HOME\/?|\$\{HOME\}\/?|\/home(?:\/[^/]+)?\/?|\/Users(?:\/[^/]+)?\/?|\/root\/?|\/mnt\/?|\/media\/?|\/Volumes\/?)$|^(?:~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/(?:Desktop|Downloads|Documents|Library|OneDrive[^/]*|Dropbox|iCloud Drive|Google Drive)\/?$/;
// (the second part: a home's personal folders, where exported certificates, downloaded keys and
// provisioning material land; searching them by a key file's name is the same hunt)
/** Tests whose argument names what is sought, read as `-name` (the last path part for -path). */
const NAME_TESTS = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex']);

/**
 * What a find over the whole disk or a home directory looks for, one reading per test, spelled
 * `find / -name PATTERN` or `find / -perm MODE`: hunting for key files or setuid programs is the
 * same act whatever the start point and however the tests are grouped (`\( -name a -o -name b \)`).
 */
export function broadFindReadings(words: string[]): string[] {
  if (words[0] !== 'find') return [];
  const f = readFind(words);
  if (!f || !f.starts.some((s) => BROAD_START.test(s))) return [];
  const out: string[] = [];
  for (let i = 1; i < words.length - 1 && out.length < 32; i++) {
    const w = at(words, i);
    const v = at(words, i + 1);
    if (NAME_TESTS.has(w)) {
      const last = w.includes('path') || w.includes('regex') ? (v.split('/').pop() ?? v) : v;
      out.push(`find / -name ${last.replace(/^\.\*/, '*').replace(/\\\./g, '.').replace(/\.\*/g, '*')}`);
      i++;
    } else if (w === '-perm') {
      out.push(`find / -perm ${v}`);
      i++;
    }
  }
  return out;
}
